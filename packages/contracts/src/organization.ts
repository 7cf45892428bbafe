/**
 * Organization form (console.md §2 company-data-first, §3 Organization, §7).
 * No client validation in the spec; the server validates and its messages show under the fields.
 */
import { singleLine } from './text-fields.ts';
import { z } from './zod.ts';
import { tooLongMessage } from './zod-messages.ts';
import { ORGANIZATION_MESSAGES } from './organization-messages.ts';
import { canonicalTimeZone, TIME_ZONE_MAX } from './time-zone.ts';

// The messages live in organization-messages.ts (no zod, issue 10); re-exported for every importer.
export { ORGANIZATION_MESSAGES };

/**
 * The organization's time zone (issue 23 item 7): an IANA zone name the runtime knows, stored in its
 * canonical spelling ('asia/jakarta' -> 'Asia/Jakarta'); anything else is ORGANIZATION_MESSAGES.timeZoneInvalid.
 */
export const timeZoneSchema = z
  .string({ error: ORGANIZATION_MESSAGES.timeZoneInvalid })
  .max(TIME_ZONE_MAX, { error: ORGANIZATION_MESSAGES.timeZoneInvalid, abort: true })
  .refine((v) => canonicalTimeZone(v) !== null, { error: ORGANIZATION_MESSAGES.timeZoneInvalid, abort: true })
  .transform((v) => canonicalTimeZone(v)!);

/**
 * Create and update body (console.md §7 Organization). `time_zone` is optional: a new organization
 * without one gets DEFAULT_TIME_ZONE (Asia/Jakarta), an update without one keeps the saved zone.
 */
export const organizationSchema = z.object({
  business_name: singleLine(z.string({ error: ORGANIZATION_MESSAGES.nameRequired }).trim().min(1, ORGANIZATION_MESSAGES.nameRequired).max(150, tooLongMessage('Business unit name', 150)), 'Business unit name', { visible: true }),
  business_phone: z
    .string({ error: ORGANIZATION_MESSAGES.phoneRequired })
    .trim()
    .min(1, { error: ORGANIZATION_MESSAGES.phoneRequired, abort: true })
    .max(20, { error: tooLongMessage('Business phone', 20), abort: true })
    .regex(/^\+?[0-9][0-9 -]{5,18}$/, ORGANIZATION_MESSAGES.phoneInvalid),
  // A textarea: line breaks allowed, other control characters not.
  business_address: singleLine(z.string({ error: ORGANIZATION_MESSAGES.addressRequired }).trim().min(1, ORGANIZATION_MESSAGES.addressRequired).max(500, tooLongMessage('Address', 500)), 'Address', { visible: true, lines: true }),
  website_url: singleLine(z.string().trim().max(300, { error: tooLongMessage('Website', 300), abort: true }), 'Website')
    .refine((v) => v === '' || v === 'https://' || /^https:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i.test(v), ORGANIZATION_MESSAGES.websiteInvalid)
    .transform((v) => (v === 'https://' ? '' : v)),
  time_zone: timeZoneSchema.optional(),
});
export type OrganizationInput = z.infer<typeof organizationSchema>;
export type Organization = Omit<OrganizationInput, 'time_zone'> & { id: string; time_zone: string };

/** Prefixes a website entered without scheme with https:// (console.md §3). */
export function withHttps(website: string): string {
  const w = website.trim().replace(/^https?:\/\//i, '');
  return w ? `https://${w}` : '';
}

/** An organization as the console API returns it (GET/PUT /api/organization…). */
export const organizationResponseSchema = z.object({
  id: z.string(),
  business_name: z.string(),
  business_phone: z.string(),
  business_address: z.string(),
  website_url: z.string(),
  /** IANA zone of every day, bucket and time the console shows (DEFAULT_TIME_ZONE unless changed). */
  time_zone: z.string(),
});
