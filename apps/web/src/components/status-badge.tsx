/**
 * Message status badge (console.md §4 "Message status badges … A tooltip shows the reason when
 * present"). Colour from STATUS_COLORS on Mantine's light variant with dark text for contrast; the
 * text is common.json `status.<code>` ('in_queue' -> 'In Queue' / 'Dalam Antrean'; an unknown code
 * falls back to statusLabel()). With a reason the badge is focusable and the
 * reason shows as a tooltip on hover and focus.
 */
import { Badge, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS, statusLabel, type MessageStatus } from '@pesan/contracts/statuses';

export interface StatusBadgeProps {
  status: string;
  /** Failure or delivery reason, shown as a tooltip. */
  reason?: string | null;
  /** WhatsApp template name, shown under the badge. */
  templateName?: string | null;
}

/**
 * A light badge with dark text (`label` on `color`); with a `reason` it is focusable and shows the
 * reason as a tooltip on hover, focus and touch, and to screen readers after the label.
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
      {reason ? <VisuallyHidden>: {reason}</VisuallyHidden> : null}
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
      <ReasonBadge label={t(`status.${status}`, { defaultValue: statusLabel(status) })} color={STATUS_COLORS[status as MessageStatus] ?? 'gray'} reason={reason} />
      {templateName ? (
        <Text size="xs" c="gray.7">
          {templateName}
        </Text>
      ) : null}
    </Stack>
  );
}
