/**
 * Application and token messages and list limits (console.md §2, §4, §9), without zod (issue 28):
 * the console's pages import them on first load, and the schemas of application.ts (which
 * re-exports all of this) would bring zod with them.
 */

export const APPLICATION_MESSAGES = {
  nameRequired: 'Application name is required',
  channelRequired: 'Must be at least 1 channel',
  emptyList: "Oops, you don't have any application",
  editSuccessTitle: 'Success edit application',
  editSuccessMessage: 'Application has been successfully updated!',
  notFound: 'Application not found',
  senderNumberInvalid: 'Sender number must contain digits only, optionally after a leading +',
  deleteSuccessTitle: 'Application deleted',
  deleteSuccessMessage: (name: string) => `${name} has been deleted. Its tokens no longer work.`,
  organizationRequired: 'Create your organization first',
  channelDuplicate: 'Each channel may appear once',
} as const;

/** Page size of lists (console.md §9). */
export const PAGE_SIZE = 10;

/** Highest page number a list accepts (keeps the SQL offset a sane integer). */
export const MAX_PAGE = 1_000_000;

/** Longest sender name and sender number of a channel, in characters. */
export const SENDER_LIMITS = { senderName: 11, senderNumber: 20 } as const;

export const TOKEN_MESSAGES = {
  confirmTitle: (channelLabel: string) => `Generate Key for ${channelLabel}?`,
  successTitle: 'Success Generate Token',
  successMessage: 'Check your downloaded file',
  failureTitle: 'Failed to Generate Key',
  failureMessage: 'There was a problem connecting to our server. Try generating key again in a few minutes.',
  warning: 'Save the downloaded file with the JWT and private key somewhere safe. The keys will not be shown again.',
  channelNotInApplication: 'This channel is not enabled for the application',
  /** 429 of the token generation limit; `after` is the wait as the rate limiter writes it ('1 minute'). */
  tooManyTokens: (after: string) => `Too many access tokens generated. Please try again in ${after}.`,
} as const;

/** Token status per channel card (console.md §4). */
export type TokenStatus = 'Not Generated' | 'Active' | 'InActive';
