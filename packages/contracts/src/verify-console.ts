/**
 * Verify in the console (issue 27; ARCHITECTURE.md §6.4): the Overview "Verify" tab, a
 * verification's timeline (linked from an OTP message's detail) and an application's allowed
 * countries. The `/v1/verify` API itself is verify.ts.
 *
 * Calls (all answers `{data: …}`; session with an organization; another organization's application
 * or verification is a 404):
 * - `POST /api/report/verify`                      verifyReportQuerySchema -> verifyReportResponseSchema (permission `read`)
 * - `GET  /api/verifications/{id}`                  -> verificationTimelineResponseSchema (permission `read`)
 * - `GET  /api/applications/{id}/verify-settings`   -> verifySettingsResponseSchema (permission `read`)
 * - `PUT  /api/applications/{id}/verify-settings`   verifySettingsBodySchema -> verifySettingsResponseSchema
 *   (permission `applications.edit`; audit action `application.verify_countries_changed`)
 *
 * The report reads an hourly rollup (`verify_stats_hourly`), keyed by the hour a verification
 * STARTED and the channel it started on: a range's conversion is the share of the verifications
 * started in it that were approved (a cohort), and its median time to approve is estimated from
 * the rollup's histogram (VERIFY_APPROVE_BUCKETS, linear inside a bucket, as Prometheus'
 * histogram_quantile does).
 */
import { isSupportedCountry } from 'libphonenumber-js';
import { z } from './zod.ts';
import { conversationQuerySchema } from './dashboard.ts';
import { VERIFICATION_STATUSES, VERIFY_CHANNELS, VERIFY_LOCALES } from './verify.ts';

/** Upper bounds (seconds, inclusive) of the time-to-approve histogram; the last bucket is everything above 1800 s up to 3600 s. */
export const VERIFY_APPROVE_BUCKETS = [5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 300, 450, 600, 900, 1200, 1800, 3600] as const;

/**
 * Median (seconds, 1 decimal) estimated from a histogram `counts[i]` of VERIFY_APPROVE_BUCKETS
 * (bucket i holds values in (bound[i-1], bound[i]], bucket 0 from 0). Null when the histogram is
 * empty. Linear interpolation inside the bucket holding the middle value.
 */
export function medianFromHistogram(counts: readonly number[]): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const half = total / 2;
  let seen = 0;
  for (let i = 0; i < VERIFY_APPROVE_BUCKETS.length; i++) {
    const n = counts[i] ?? 0;
    if (n > 0 && seen + n >= half) {
      const lo = i === 0 ? 0 : VERIFY_APPROVE_BUCKETS[i - 1]!;
      const hi = VERIFY_APPROVE_BUCKETS[i]!;
      return Math.round((lo + ((half - seen) / n) * (hi - lo)) * 10) / 10;
    }
    seen += n;
  }
  return VERIFY_APPROVE_BUCKETS[VERIFY_APPROVE_BUCKETS.length - 1]!;
}

/** Index of the VERIFY_APPROVE_BUCKETS bucket that holds `seconds` (above the last bound: the last bucket). */
export function approveBucket(seconds: number): number {
  const i = VERIFY_APPROVE_BUCKETS.findIndex((b) => seconds <= b);
  return i === -1 ? VERIFY_APPROVE_BUCKETS.length - 1 : i;
}

export const VERIFY_CONSOLE_MESSAGES = {
  countriesInvalid: '`allowed_countries` must be ISO 3166-1 alpha-2 country codes (such as ID or SG), at most 250, or null for any country',
  verificationNotFound: 'Verification not found',
} as const;

/** Body of `POST /api/report/verify`: the application and the range (1–31 days), as the WhatsApp session tab. */
export const verifyReportQuerySchema = conversationQuerySchema;
export type VerifyReportQuery = z.infer<typeof verifyReportQuerySchema>;

const count = z.number().int().nonnegative();
/** Percent, 2 decimals; null when nothing started. */
const rate = z.number().nullable();
/** Seconds, 1 decimal; null when nothing was approved. */
const median = z.number().nullable();

export const verifyChannelFiguresSchema = z.object({
  channel: z.enum(VERIFY_CHANNELS),
  started: count,
  approved: count,
  conversion_rate: rate,
  median_seconds_to_approve: median,
});
export type VerifyChannelFigures = z.infer<typeof verifyChannelFiguresSchema>;

/**
 * `POST /api/report/verify` answer: the range's figures, one entry per Verify channel (all four,
 * zeros included), and a series of one point per hour (single day) or per day, local to the time
 * zone, with each channel's started and approved.
 */
export const verifyReportDataSchema = z.object({
  application_id: z.string(),
  granularity: z.enum(['hour', 'day']),
  time_zone: z.string(),
  started: count,
  approved: count,
  expired: count,
  failed: count,
  canceled: count,
  /** Started in the range and still pending. */
  pending: count,
  conversion_rate: rate,
  median_seconds_to_approve: median,
  per_channel: z.array(verifyChannelFiguresSchema),
  series: z.array(
    z.object({
      label: z.string(),
      started: count,
      approved: count,
      channels: z.record(z.enum(VERIFY_CHANNELS), z.object({ started: count, approved: count })),
    }),
  ),
});
export type VerifyReportData = z.infer<typeof verifyReportDataSchema>;
export const verifyReportResponseSchema = z.object({ data: verifyReportDataSchema });

export const VERIFICATION_EVENT_KINDS = ['started', 'sent', 'approved', 'expired', 'failed', 'canceled'] as const;

/**
 * `GET /api/verifications/{id}` answer: the verification and its timeline, oldest first
 * (`started`, one `sent` per message that carried a code with its message id, then how it closed).
 * Never the code nor its HMAC.
 */
export const verificationTimelineSchema = z.object({
  id: z.string(),
  application_id: z.string(),
  application_name: z.string(),
  recipient: z.string(),
  country: z.string().nullable(),
  channel: z.enum(VERIFY_CHANNELS),
  status: z.enum(VERIFICATION_STATUSES),
  locale: z.enum(VERIFY_LOCALES),
  template: z.string().nullable(),
  attempts: count,
  attempts_left: count,
  send_count: count,
  created_at: z.string(),
  expires_at: z.string(),
  approved_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** Seconds from start to approval, null unless approved. */
  seconds_to_approve: z.number().nullable(),
  events: z.array(
    z.object({
      kind: z.enum(VERIFICATION_EVENT_KINDS),
      at: z.string(),
      channel: z.enum(VERIFY_CHANNELS).nullable(),
      message_id: z.string().nullable(),
    }),
  ),
});
export type VerificationTimeline = z.infer<typeof verificationTimelineSchema>;
export const verificationTimelineResponseSchema = z.object({ data: verificationTimelineSchema });

const countryCode = z
  .string()
  .trim()
  .transform((c) => c.toUpperCase())
  .refine((c) => /^[A-Z]{2}$/.test(c) && isSupportedCountry(c as never), VERIFY_CONSOLE_MESSAGES.countriesInvalid);

/** Body of `PUT /api/applications/{id}/verify-settings`: the countries Verify sends to (deduplicated, sorted), or null for any. */
export const verifySettingsBodySchema = z.strictObject({
  allowed_countries: z
    .array(countryCode, { error: VERIFY_CONSOLE_MESSAGES.countriesInvalid })
    .min(1, VERIFY_CONSOLE_MESSAGES.countriesInvalid)
    .max(250, VERIFY_CONSOLE_MESSAGES.countriesInvalid)
    .transform((cs) => [...new Set(cs)].sort())
    .nullable(),
});
export type VerifySettingsBody = z.infer<typeof verifySettingsBodySchema>;

/** Verify settings of an application: allowed countries (null = any) and the effective verifications per minute (the operator sets it; 60 by default). */
export const verifySettingsSchema = z.object({
  allowed_countries: z.array(z.string()).nullable(),
  per_minute: count,
  per_minute_is_default: z.boolean(),
});
export type VerifySettings = z.infer<typeof verifySettingsSchema>;
export const verifySettingsResponseSchema = z.object({ data: verifySettingsSchema });
