/**
 * Prepaid quota on the console (ARCHITECTURE.md §5; console.md §2 Notification settings and
 * Application details, §3 Remaining quota entry and Quota threshold settings, §4 Remaining Quota
 * panel and Quota warning, §5 Quota e-mails, §8 Quota save): the billing and remaining-quota
 * answer, the balance-quota check, the warning settings, their messages and the pure rules the
 * server and the screens share (remaining quota, threshold input).
 *
 * Units: quota amounts are stored quota units — sessions for the WhatsApp types, seconds for
 * `call`, messages for `sms`, `sms_otp` (SMS segments) and `email` — except the `quota` of a
 * `call` entry in the billing answer, which is in minutes (`quota_type: 'menit'`, console.md §3).
 * Thresholds are in the panel's units (seconds for `call`).
 */
import { z } from './zod.ts';
import type { QuotaType } from './messaging.ts';

export type { QuotaType } from './messaging.ts';

/** Quota types in display order (console.md §3 Quota threshold settings). */
export const QUOTA_TYPE_IDS = ['wa_marketing', 'wa_utility', 'wa_authentication', 'sms', 'sms_otp', 'email', 'call'] as const satisfies readonly QuotaType[];

/** Label and unit of each quota type (console.md §3, §4 Remaining Quota panel). */
export const QUOTA_TYPE_INFO: Record<QuotaType, { label: string; unit: string }> = {
  wa_marketing: { label: 'WhatsApp Marketing', unit: 'Sessions' },
  wa_utility: { label: 'WhatsApp Utility', unit: 'Sessions' },
  wa_authentication: { label: 'WhatsApp Authentication', unit: 'Sessions' },
  sms: { label: 'SMS', unit: 'Messages' },
  sms_otp: { label: 'SMS OTP', unit: 'Messages' },
  email: { label: 'Email', unit: 'Messages' },
  call: { label: 'Call', unit: 'Second' },
};

/** `quota_type` of a remaining-quota entry: 'menit' (minutes, call only), else the unit counted. */
export const QUOTA_UNIT_TYPES = ['menit', 'session', 'message'] as const;
export type QuotaUnitType = (typeof QUOTA_UNIT_TYPES)[number];

/** Seconds in one minute of call quota (console.md §9 Call quota). */
export const CALL_SECONDS_PER_MINUTE = 60;

/** At most this many warning recipients (console.md §5, §9). */
export const MAX_QUOTA_RECIPIENTS = 5;
/** Largest threshold accepted (stored units). */
export const MAX_QUOTA_THRESHOLD = 1_000_000_000_000;
/** Digits a threshold input keeps (MAX_QUOTA_THRESHOLD has 13). */
export const THRESHOLD_INPUT_DIGITS = 13;

export const QUOTA_MESSAGES = {
  /** console.md §5: the Indonesian 'Please enter a valid email'. */
  emailInvalid: 'Masukkan email yang valid',
  /** console.md §5: the notice at 5 addresses (wording ours). */
  maxRecipients: `Maximum of ${MAX_QUOTA_RECIPIENTS} email recipients reached`,
  tooManyRecipients: `At most ${MAX_QUOTA_RECIPIENTS} email recipients`,
  duplicateRecipient: 'This email is already in the list',
  thresholdInvalid: 'Threshold must be a whole number of at least 0',
  thresholdTooLarge: `Threshold must be at most ${MAX_QUOTA_THRESHOLD}`,
  duplicateType: 'Each channel may appear once',
  /** console.md §8 Quota save success. */
  saved: 'Your balance quota data has been successfully updated',
  /** console.md §8 Quota save failure: an error notification (wording ours). */
  saveFailed: 'Failed to update the balance quota settings',
  /** console.md §8 Quota load failure: an error toast titled Error. */
  loadFailed: 'Failed to load the quota',
  warningBadge: 'Quota Usage Warning',
  leaveTitle: 'Leave this page?',
  leaveText: 'You have unsaved changes. If you leave, they will be lost.',
  noApplications: "Oops, you don't have any application",
  /** Issue 23 item 16: a post-paid application has no quota to warn about (the console and the 409). */
  postPaidOnly: 'Quota warnings apply to pre-paid applications only. This application is post-paid, so it has no quota to warn about.',
} as const;

const quotaTypeSchema = z.enum(QUOTA_TYPE_IDS);

/** One remaining-quota entry (console.md §3): `quota` in minutes when `quota_type` is 'menit'. */
export const remainingQuotaSchema = z.object({
  type: quotaTypeSchema,
  quota: z.number(),
  usage: z.number(),
  quota_type: z.enum(QUOTA_UNIT_TYPES),
});
export type RemainingQuota = z.infer<typeof remainingQuotaSchema>;

/** `GET /api/application/billing/{id}` answer. */
export const billingResponseSchema = z.object({
  data: z.object({ billing_type: z.enum(['pre-paid', 'post-paid']), remaining_quota: z.array(remainingQuotaSchema) }),
});
export type BillingAnswer = z.infer<typeof billingResponseSchema>['data'];

/** `GET /api/application/check/balance-quota/{id}` answer: the quota types at or below their threshold. */
export const balanceCheckResponseSchema = z.object({ data: z.object({ channel: z.array(quotaTypeSchema) }) });
export type BalanceCheck = z.infer<typeof balanceCheckResponseSchema>['data'];

const recipientSchema = z.string({ error: QUOTA_MESSAGES.emailInvalid }).trim().toLowerCase().max(254, QUOTA_MESSAGES.emailInvalid).pipe(z.email({ error: QUOTA_MESSAGES.emailInvalid }));

/** True when `text` (trimmed) is an e-mail address a recipient may have (console.md §5). */
export const isValidRecipient = (text: string): boolean => recipientSchema.safeParse(text).success;

/** `PUT /api/setting/balance-quota/{id}` body (console.md §3, §7: disable, e-mail recipients, per channel reminder and optional threshold). */
export const quotaSettingsInputSchema = z.object({
  disable: z.boolean(),
  email_recipient: z
    .array(recipientSchema)
    .max(MAX_QUOTA_RECIPIENTS, QUOTA_MESSAGES.tooManyRecipients)
    .refine((list) => new Set(list).size === list.length, QUOTA_MESSAGES.duplicateRecipient),
  thresholds: z
    .array(
      z.object({
        type: quotaTypeSchema,
        reminder: z.boolean(),
        threshold: z
          .number({ error: QUOTA_MESSAGES.thresholdInvalid })
          .int(QUOTA_MESSAGES.thresholdInvalid)
          .min(0, QUOTA_MESSAGES.thresholdInvalid)
          .max(MAX_QUOTA_THRESHOLD, QUOTA_MESSAGES.thresholdTooLarge)
          .optional(),
      }),
    )
    .max(QUOTA_TYPE_IDS.length, QUOTA_MESSAGES.duplicateType)
    .refine((list) => new Set(list.map((t) => t.type)).size === list.length, QUOTA_MESSAGES.duplicateType),
});
export type QuotaSettingsInput = z.infer<typeof quotaSettingsInputSchema>;

/** The settings as the console shows them: every quota type, in QUOTA_TYPE_IDS order. */
export const quotaSettingsSchema = z.object({
  application_id: z.string(),
  disable: z.boolean(),
  email_recipient: z.array(z.string()),
  thresholds: z.array(
    z.object({
      type: quotaTypeSchema,
      reminder: z.boolean(),
      /** 0 when none is set. Panel units (seconds for call). */
      threshold: z.number(),
      /** Remaining quota now (quota - usage, at least 0), panel units. */
      remain_quota: z.number(),
    }),
  ),
});
export type QuotaSettings = z.infer<typeof quotaSettingsSchema>;
export const quotaSettingsResponseSchema = z.object({ data: quotaSettingsSchema, message: z.string().optional() });

/**
 * Remaining quota of an entry in panel units (console.md §4): quota (minutes × 60 for 'menit')
 * minus usage when the quota is at least the usage, else 0.
 */
export function remainingOf(entry: Pick<RemainingQuota, 'quota' | 'usage' | 'quota_type'>): number {
  const quota = entry.quota_type === 'menit' ? entry.quota * CALL_SECONDS_PER_MINUTE : entry.quota;
  return quota >= entry.usage ? quota - entry.usage : 0;
}

/**
 * A threshold input's text as the number it stands for (console.md §5): digits only (others
 * dropped), leading zeros stripped, at most THRESHOLD_INPUT_DIGITS digits, empty = 0.
 * Returns `{text, value}`: the text to show ('0' when empty) and its value.
 */
export function normaliseThresholdInput(raw: string): { text: string; value: number } {
  const digits = raw.replace(/\D/g, '').replace(/^0+/, '').slice(0, THRESHOLD_INPUT_DIGITS);
  return digits ? { text: digits, value: Number(digits) } : { text: '0', value: 0 };
}
