/**
 * Message status badge (console.md §4 "Message status badges … A tooltip shows the reason when
 * present"; templates-dashboard-reports.md §2.6: "a tooltip showing additional_info.reason or '~'
 * when none"). Colour from STATUS_COLORS on Mantine's light variant with dark text for contrast;
 * the text is common.json `status.<code>` ('in_queue' -> 'In Queue' / 'Dalam Antrean'; an unknown
 * code falls back to statusLabel()). The badge is focusable and shows its reason, or '~' when it
 * has none, as a tooltip on hover, focus and touch.
 */
import { Badge, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS, statusLabel, type MessageStatus } from '@pesan/contracts/statuses';

/** The tooltip of a message status badge without a reason (§2.6). */
export const NO_REASON = '~';

export interface StatusBadgeProps {
  status: string;
  /** Failure or delivery reason, shown as a tooltip ('~' when absent or blank). */
  reason?: string | null;
  /** WhatsApp template name, shown under the badge. */
  templateName?: string | null;
}

/**
 * A light badge with dark text (`label` on `color`); with a `reason` it is focusable and shows the
 * reason as a tooltip on hover, focus and touch, and to screen readers after the label (except the
 * '~' placeholder of no reason, which says nothing to them).
 */
export function ReasonBadge({ label, color, reason }: { label: string; color: string; reason?: string | null }) {
  const badge = (
    <Badge
      color={color}
      variant="light"
      tt="none"
      radius="sm"
      styles={{ label: { color: 'var(--mantine-color-dark-9)', fontWeight: 600 } }}
      tabIndex={reason ? 0 : undefined}
      style={reason ? { cursor: 'help' } : undefined}
    >
      {label}
      {reason && reason !== NO_REASON ? <VisuallyHidden>: {reason}</VisuallyHidden> : null}
    </Badge>
  );
  return reason ? (
    <Tooltip label={reason} withArrow multiline maw={320} events={{ hover: true, focus: true, touch: true }}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

export function StatusBadge({ status, reason, templateName }: StatusBadgeProps) {
  const { t } = useTranslation('common');
  return (
    <Stack gap={2} align="flex-start">
      <ReasonBadge label={t(`status.${status}`, { defaultValue: statusLabel(status) })} color={STATUS_COLORS[status as MessageStatus] ?? 'gray'} reason={reason?.trim() ? reason : NO_REASON} />
      {templateName ? (
        <Text size="xs" c="gray.7">
          {templateName}
        </Text>
      ) : null}
    </Stack>
  );
}
