/**
 * Human labels of the Overview's figures and of its Excel files (templates-dashboard-reports.md
 * §2.6, §3, §9; ARCHITECTURE.md §7.9; issue 23 item 14): the §3 usage counters, the statuses, the
 * WhatsApp session figures and their series, and the words of the sheets, keyed by their API
 * names. The tiles and charts show these, and the downloads label their rows and columns with the
 * same texts in the interface language. Indonesian twins: messages-id.ts DASHBOARD_LABELS_ID.
 */
import { DASHBOARD_LABELS_ID } from './messages-id.ts';
import type { UiLanguage } from './ui-language.ts';

export const DASHBOARD_LABELS = {
  total_delivered: 'Total Delivered',
  total_read: 'Total Read',
  total_submitted: 'Total Submitted',
  total_rejected: 'Total Rejected',
  total_failed: 'Total Failed',
  total_sent: 'Total Sent',
  total_undelivered: 'Total Undelivered',
  total_in_queue: 'Total In Queue',
  total_in_call: 'Total In Call',
  total_answered: 'Total Answered',
  total_rna: 'Total RNA',
  total_user_busy: 'Total User Busy',
  total_success: 'Total Success',
  delivered: 'Delivered',
  opened: 'Opened',
  clicked: 'Clicked',
  failed: 'Failed',
  unsubscribe: 'Unsubscribe',
  failed_server: 'Failed Server',
  submitted: 'Submitted',
  in_queue: 'In Queue',
  processed: 'Processed',
  sent: 'Sent',
  read: 'Read',
  rejected: 'Rejected',
  undelivered: 'Undelivered',
  in_call: 'In Call',
  rna: 'RNA',
  answered: 'Answered',
  user_busy: 'User Busy',
  success: 'Success',
  total_all_conversation: 'Total Conversation',
  total_all_bussiness_initiated: 'Business Initiated',
  total_all_customer_initiated: 'Customer Initiated',
  total_all_marketing: 'Marketing',
  total_all_utility: 'Utility',
  total_all_authentication: 'Authentication',
  total: 'Total',
  business_initiated: 'Business Initiated',
  customer_initiated: 'Customer Initiated',
  marketing: 'Marketing',
  utility: 'Utility',
  authentication: 'Authentication',
  service: 'Service',
  total_all_service: 'Service',
  successRate: 'Success Rate',
  failureRate: 'Failure Rate',
  sheetSummary: 'Summary',
  sheetPerDay: 'Per day',
  sheetPerHour: 'Per hour',
  field: 'Field',
  value: 'Value',
  application: 'Application',
  channel: 'Channel',
  startDate: 'Start date',
  endDate: 'End date',
  timeZone: 'Time zone',
  failure: 'Failure',
  date: 'Date',
  hour: 'Hour',
  channel_whatsapp: 'Whatsapp',
  channel_sms: 'SMS',
  channel_sms_otp: 'SMS OTP',
  channel_call: 'Call',
  channel_email: 'Email',
  channel_voice_otp: 'Voice OTP',
} as const;

export type DashboardLabelKey = keyof typeof DASHBOARD_LABELS;

/**
 * The label of figure, status or sheet word `key` in `lang` ('total_all_bussiness_initiated' ->
 * 'Business Initiated' / 'Dimulai Bisnis'); an unknown key is start-cased ('total_foo' -> 'Total Foo').
 */
export function dashboardLabel(key: string, lang: UiLanguage): string {
  const labels: Readonly<Record<string, string>> = lang === 'id' ? DASHBOARD_LABELS_ID : DASHBOARD_LABELS;
  return labels[key] ?? key.split('_').map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w)).join(' ');
}
