/** Overview display formats (templates-dashboard-reports.md §9). Rates: contracts/dashboard.ts formatRate. */
import dayjs from 'dayjs';

/** A count with thousands separators: 12345 -> '12,345'. */
export const formatCount = (n: number) => n.toLocaleString('en-US');

/**
 * A chart label from the API ('YYYY-MM-DD HH:00' per hour, 'YYYY-MM-DD' per day): hourly as
 * 'hh:mm A' ('01:00 PM'), daily as 'DD-MM-YYYY' (§9 dashboard format DD-MM-YYYY hh:mm A, split by
 * granularity). A label that is not a date is shown as is.
 */
export function formatBucket(label: string, granularity: 'hour' | 'day'): string {
  const d = dayjs(label.replace(' ', 'T'));
  if (!d.isValid()) return label;
  return granularity === 'hour' ? d.format('hh:mm A') : d.format('DD-MM-YYYY');
}

/** Start-case of a §3 field or status id: 'total_in_queue' -> 'Total In Queue', 'rna' -> 'RNA'. */
export function fieldLabel(field: string): string {
  return field
    .split('_')
    .map((w) => (w === 'rna' ? 'RNA' : w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/** The status a §3 usage field counts: 'total_delivered' -> 'delivered', 'opened' -> 'opened'. */
export const fieldStatus = (field: string) => field.replace(/^total_/, '');
