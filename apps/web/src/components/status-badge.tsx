/**
 * Message status badge (console.md §4 "Message status badges … A tooltip shows the reason when
 * present"). Colour from STATUS_COLORS on Mantine's light variant with dark text for contrast; the
 * text is statusLabel() ('in_queue' -> 'In Queue'). With a reason the badge is focusable and the
 * reason shows as a tooltip on hover and focus.
 */
import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import { STATUS_COLORS, statusLabel, type MessageStatus } from '@pesan/contracts/statuses';

export interface StatusBadgeProps {
  status: string;
  /** Failure or delivery reason, shown as a tooltip. */
  reason?: string | null;
  /** WhatsApp template name, shown under the badge. */
  templateName?: string | null;
}

export function StatusBadge({ status, reason, templateName }: StatusBadgeProps) {
  const color = STATUS_COLORS[status as MessageStatus] ?? 'gray';
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
      {statusLabel(status)}
    </Badge>
  );
  return (
    <Stack gap={2} align="flex-start">
      {reason ? (
        <Tooltip label={reason} withArrow multiline maw={320} events={{ hover: true, focus: true, touch: true }}>
          {badge}
        </Tooltip>
      ) : (
        badge
      )}
      {templateName ? (
        <Text size="xs" c="gray.7">
          {templateName}
        </Text>
      ) : null}
    </Stack>
  );
}
