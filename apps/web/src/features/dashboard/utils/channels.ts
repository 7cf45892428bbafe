/**
 * Overview channel tabs (templates-dashboard-reports.md §2.6: Whatsapp, SMS, SMS OTP, Call, Email),
 * shown only for the channels the selected application has. Voice OTP, which the spec's tab list
 * lacks, is added last: the dashboard API serves it (contracts/dashboard.ts) and Monitoring shows it.
 */
import type { ChannelId } from '@pesan/contracts/channels';
import { DASHBOARD_LABELS } from '@pesan/contracts/dashboard-labels';

/** Tab labels in tab order (the spec's spelling; the Excel exports name the channel the same way). */
export const DASHBOARD_TAB_LABELS: Partial<Record<ChannelId, string>> = {
  whatsapp: DASHBOARD_LABELS.channel_whatsapp,
  sms: DASHBOARD_LABELS.channel_sms,
  sms_otp: DASHBOARD_LABELS.channel_sms_otp,
  call: DASHBOARD_LABELS.channel_call,
  email: DASHBOARD_LABELS.channel_email,
  voice_otp: DASHBOARD_LABELS.channel_voice_otp,
};

/** The application's channels that have an Overview tab, in tab order. */
export function dashboardChannels(appChannels: readonly ChannelId[]): ChannelId[] {
  return (Object.keys(DASHBOARD_TAB_LABELS) as ChannelId[]).filter((c) => appChannels.includes(c));
}
