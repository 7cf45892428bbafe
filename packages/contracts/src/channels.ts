/**
 * Channels of an application (console.md §1, §3; ARCHITECTURE.md §5).
 * `id` is the stable API id; `label` is what the console shows; `storedName` is the
 * channel name the original platform stored (Voice OTP is 'Misscall OTP - OTP').
 */

export const CHANNEL_IDS = ['whatsapp', 'sms', 'sms_otp', 'call', 'voice_otp', 'email'] as const;
export type ChannelId = (typeof CHANNEL_IDS)[number];

export interface ChannelInfo {
  id: ChannelId;
  /** Label on the create-application checkboxes and chips. */
  label: string;
  /** Stored channel name (console.md §1). */
  storedName: string;
  /** Whether recipients are phone numbers (E.164) rather than e-mail addresses. */
  phone: boolean;
}

export const CHANNELS: readonly ChannelInfo[] = [
  { id: 'whatsapp', label: 'WhatsApp', storedName: 'Whatsapp', phone: true },
  { id: 'sms', label: 'SMS', storedName: 'SMS', phone: true },
  { id: 'sms_otp', label: 'SMS OTP', storedName: 'SMS OTP', phone: true },
  { id: 'call', label: 'Call', storedName: 'Call', phone: true },
  { id: 'voice_otp', label: 'Voice OTP', storedName: 'Misscall OTP - OTP', phone: true },
  { id: 'email', label: 'Email', storedName: 'Email', phone: false },
];

/** Looks up a channel by id; throws on an unknown id (a programming error). */
export function channelInfo(id: ChannelId): ChannelInfo {
  const found = CHANNELS.find((c) => c.id === id);
  if (!found) throw new Error(`unknown channel ${id}`);
  return found;
}

/**
 * Token picker options on the application detail page (console.md §4: "options are WhatsApp (V3),
 * Email (V2), Call (V2), SMS Reguler (V2), SMS OTP (V2)"). The original disabled WhatsApp; Pesan
 * sends WhatsApp through /v1, so it is enabled, and Voice OTP is added so every channel can get a token.
 */
export const TOKEN_PICKER_LABELS: Record<ChannelId, string> = {
  whatsapp: 'WhatsApp (V3)',
  email: 'Email (V2)',
  call: 'Call (V2)',
  sms: 'SMS Reguler (V2)',
  sms_otp: 'SMS OTP (V2)',
  voice_otp: 'Voice OTP (V2)',
};

/**
 * Order of the token picker options (console.md §4: WhatsApp (V3), Email (V2), Call (V2), SMS
 * Reguler (V2), SMS OTP (V2)), with Voice OTP (V2) added last (ARCHITECTURE.md §7 deviation 6).
 */
export const TOKEN_PICKER_ORDER: readonly ChannelId[] = ['whatsapp', 'email', 'call', 'sms', 'sms_otp', 'voice_otp'];

/** Monitoring channel selector (console.md §2: Whatsapp, SMS, Email, Voice, SMS OTP) plus Voice OTP. */
export const MONITORING_CHANNEL_LABELS: Record<ChannelId, string> = {
  whatsapp: 'Whatsapp',
  sms: 'SMS',
  email: 'Email',
  call: 'Voice',
  sms_otp: 'SMS OTP',
  voice_otp: 'Voice OTP',
};
