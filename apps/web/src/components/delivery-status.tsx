/** Badge of a delivery attempt's state: Pending (blue), Succeeded (green), Failed (red); dark text for contrast. */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery } from '@pesan/contracts/webhooks';
import { currentLocale } from '../lib/i18n.ts';

/** Colour per state; the label is common.json `deliveryStatus.<status>`. */
const COLORS: Record<WebhookDelivery['status'], string> = { pending: 'blue', succeeded: 'green', failed: 'red' };

export function DeliveryStatusBadge({ status }: { status: WebhookDelivery['status'] }) {
  const { t } = useTranslation('common');
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" tt="none" radius="sm" style={{ minWidth: 'max-content' }} styles={{ label: { color: 'var(--mantine-color-dark-9)', fontWeight: 600 } }}>
      {t(`deliveryStatus.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** '120 ms', '1.2 s' ('1,2 s' in Indonesian), or '-' when there was no answer yet. */
export function formatDuration(ms: number | null): string {
  if (ms == null) return '-';
  if (ms < 1000) return `${ms} ms`;
  const seconds = new Intl.NumberFormat(currentLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }).format(ms / 1000);
  return `${seconds} s`;
}
