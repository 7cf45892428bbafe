/** Badge of a delivery attempt's state: Pending (blue), Succeeded (green), Failed (red); dark text for contrast. */
import { Badge } from '@mantine/core';
import type { WebhookDelivery } from '@pesan/contracts/webhooks';

const LOOK: Record<WebhookDelivery['status'], { color: string; label: string }> = {
  pending: { color: 'blue', label: 'Pending' },
  succeeded: { color: 'green', label: 'Succeeded' },
  failed: { color: 'red', label: 'Failed' },
};

export function DeliveryStatusBadge({ status }: { status: WebhookDelivery['status'] }) {
  const look = LOOK[status];
  return (
    <Badge color={look.color} variant="light" tt="none" radius="sm" style={{ minWidth: 'max-content' }} styles={{ label: { color: 'var(--mantine-color-dark-9)', fontWeight: 600 } }}>
      {look.label}
    </Badge>
  );
}

/** '120 ms', '1.2 s', or '-' when there was no answer yet. */
export function formatDuration(ms: number | null): string {
  if (ms == null) return '-';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
