/**
 * Organization messages (console.md §3, §7, §8), without zod: the login page's first load shows
 * `created` (issue 10). organization.ts re-exports them beside its schema.
 */
export const ORGANIZATION_MESSAGES = {
  nameRequired: 'Business unit name is required',
  phoneRequired: 'Business phone is required',
  phoneInvalid: 'Business phone not valid',
  addressRequired: 'Address is required',
  websiteInvalid: 'Website not valid',
  timeZoneInvalid: 'Time zone not valid: choose a zone from the list (for example Asia/Jakarta)',
  updated: 'Your organization data has been successfully updated',
  created: 'Your organization has been created. Please sign in again to continue.',
  alreadyHasOrganization: 'You already belong to an organization',
} as const;
