/**
 * The Export button's target (console.md §2 Monitoring: Export goes to /generate-report with a flag
 * to open the creation pop-up). Query parameters, for the Generate Report page to prefill its
 * creation pop-up (features/reports/utils/prefill.ts reads them):
 * - `create=1`          open the creation pop-up;
 * - `application_id`    the application shown in Monitoring;
 * - `channel`           its channel id (`sms`, `whatsapp`, `email`, `call`, `voice_otp`, `sms_otp`);
 * - `status`            the status filter (a MessageStatus); absent when the filter is All;
 * - `start_date`, `end_date`  the date range, inclusive days `YYYY-MM-DD` (organization time zone),
 *                       the names of `POST /api/report/generate-report`.
 */
import type { ChannelId } from '@pesan/contracts/channels';
import type { MessageStatus } from '@pesan/contracts/statuses';

export interface ExportLinkInput {
  applicationId: string;
  channel: ChannelId;
  status: 'all' | MessageStatus;
  range: [string, string];
}

/** '/generate-report?create=1&application_id=…&channel=…[&status=…]&start_date=…&end_date=…' */
export function exportLink({ applicationId, channel, status, range }: ExportLinkInput): string {
  const q = new URLSearchParams({ create: '1', application_id: applicationId, channel });
  if (status !== 'all') q.set('status', status);
  q.set('start_date', range[0]);
  q.set('end_date', range[1]);
  return `/generate-report?${q.toString()}`;
}
