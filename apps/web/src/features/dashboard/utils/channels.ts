/**
 * Overview channel tabs (templates-dashboard-reports.md §2.6: Whatsapp, SMS, SMS OTP, Call, Email),
 * shown only for the channels the selected application has. Voice OTP, which the spec's tab list
 * lacks, is added last: the dashboard API serves it (contracts/dashboard.ts) and Monitoring shows it.
 */
import type { ChannelId } from '@pesan/contracts/channels';

/** Tab labels in tab order (the spec's spelling). */
export const DASHBOARD_TAB_LABELS: Partial<Record<ChannelId, string>> = {
  whatsapp: 'Whatsapp',
  sms: 'SMS',
  sms_otp: 'SMS OTP',
  call: 'Call',
  email: 'Email',
  voice_otp: 'Voice OTP',
};

/** The application's channels that have an Overview tab, in tab order. */
export function dashboardChannels(appChannels: readonly ChannelId[]): ChannelId[] {
  return (Object.keys(DASHBOARD_TAB_LABELS) as ChannelId[]).filter((c) => appChannels.includes(c));
}
