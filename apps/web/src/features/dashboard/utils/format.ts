/** Overview display formats (templates-dashboard-reports.md §9), in the interface language. */
import dayjs from 'dayjs';
import { formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';

/** A count with the language's thousands separators: 12345 -> '12,345' / '12.345'. */
export const formatCount = (n: number) => formatNumber(n);

/**
 * A rate in percent with exactly 2 decimals (§9; the API's rates): 33.3 -> '33.30%' in English,
 * '33,30%' in Indonesian.
 */
export const formatRateValue = (rate: number) =>
  new Intl.NumberFormat(currentLocale(), { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(rate / 100);

/**
 * A chart label from the API ('YYYY-MM-DD HH:00' per hour, 'YYYY-MM-DD' per day): hourly as
 * 'hh:mm A' ('01:00 PM', AM/PM in both languages), daily as 'DD-MM-YYYY' (§9 dashboard format
 * DD-MM-YYYY hh:mm A, split by granularity). A label that is not a date is shown as is.
 */
export function formatBucket(label: string, granularity: 'hour' | 'day'): string {
  const d = dayjs(label.replace(' ', 'T'));
  if (!d.isValid()) return label;
  return granularity === 'hour' ? d.locale('en').format('hh:mm A') : d.format('DD-MM-YYYY');
}

/** Start-case of a §3 field or status id: 'total_in_queue' -> 'Total In Queue', 'rna' -> 'RNA' (fallback when the catalogue has no label). */
export function fieldLabel(field: string): string {
  return field
    .split('_')
    .map((w) => (w === 'rna' ? 'RNA' : w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/** The status a §3 usage field counts: 'total_delivered' -> 'delivered', 'opened' -> 'opened'. */
export const fieldStatus = (field: string) => field.replace(/^total_/, '');
