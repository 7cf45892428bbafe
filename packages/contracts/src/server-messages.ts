/**
 * Texts the server answers with that belong to no feature's message object (ARCHITECTURE.md §10):
 * session and request errors, the error envelope's own texts, and the field messages shared by
 * several request schemas. Their Indonesian twins are in messages-id.ts. Leaf module: imports
 * nothing, so any contract may use it.
 */

/** Resources a 404 names (`SERVER_MESSAGES.notFound(RESOURCE_NAMES.user)` -> 'User not found'). */
export const RESOURCE_NAMES = {
  resource: 'Resource',
  user: 'User',
  file: 'File',
  application: 'Application',
  report: 'Report',
  reportFile: 'Report file',
  organization: 'Organization',
  link: 'Link',
  message: 'Message',
  template: 'Template',
} as const;
export type ResourceName = keyof typeof RESOURCE_NAMES;

export const SERVER_MESSAGES = {
  /** 401 of every console call without a live session. */
  sessionEnded: 'Your session has ended. Please sign in again.',
  /** 403 of a cross-origin state-changing call. */
  crossOriginRefused: 'Cross-origin request refused',
  /** 404 of a missing resource (`what` is one of RESOURCE_NAMES). */
  notFound: (what: string) => `${what} not found`,
  /** 404 naming an application id (operator tools). */
  applicationIdNotFound: (id: string) => `Application ${id} not found`,
  /** 404 of an unknown route. */
  noRoute: (method: string, path: string) => `No route ${method} ${path}`,
  /** 400 of a path the router cannot read. */
  pathInvalid: 'The request path is not valid',
  /** Validation fallbacks. */
  invalidValue: 'Invalid value',
  invalidRequest: 'Invalid request',
  /** The last `details` entry when more problems were found than an answer lists (issue 23 item 21). */
  moreProblems: (n: number) => `…and ${n} more problems`,
  /** 415 naming the content type sent, or none. */
  unsupportedContentType: (type: string) => `Unsupported content type '${type}': send application/json`,
  unsupportedContentTypeNone: 'Unsupported content type: send application/json',
  /** Fastify's own body errors (its texts, word for word). */
  emptyJsonBody: "Body cannot be empty when content-type is set to 'application/json'",
  invalidJsonBody: "Body is not valid JSON but content-type is set to 'application/json'",
  bodyTooLarge: 'Request body is too large',
  /** 500 without internals. */
  internalError: 'Something went wrong on our side. Please try again.',
  /** 416 of a byte range outside the file. */
  rangeOutsideFile: 'The requested range lies outside the file',
  /** Request bodies read by hand (/v1, the WhatsApp webhook). */
  bodyEmpty: 'Request body is empty',
  bodyNotJson: 'Request body is not valid JSON',
  /** WhatsApp webhook (Meta's calls). */
  verifyTokenMismatch: 'The verify token does not match',
  hubSignatureMismatch: 'X-Hub-Signature-256 is missing or does not match the body',
  notWhatsappWebhook: 'Request body is not a WhatsApp Business Account webhook',
  /** Operator tools. */
  quotaOverflow: (type: string, max: number) => `The ${type} quota would exceed ${max} units`,
  phoneNumberIdTaken: (id: string) => `Phone number id ${id} already sends for another application`,
  phoneNumberIdTakenDetail: 'already used by another application',
  noUserWithEmail: (email: string) => `No user with e-mail ${email}`,
} as const;

/**
 * Field messages shared by request schemas. `name` is the field as the message shows it: its API
 * name in backticks (`` `start_date` ``).
 */
export const VALIDATION_MESSAGES = {
  pageTooLarge: (max: number) => `page must be at most ${max}`,
  mustBeDate: (name: string) => `${name} must be a date (YYYY-MM-DD)`,
  mustBeDateOrIso: (name: string) => `${name} must be a date (YYYY-MM-DD) or an ISO date-time`,
  mustBeIso: (name: string) => `${name} must be an ISO date-time`,
  realDateBetweenYears: (name: string, from: number, to: number) => `${name} must be a real date between the years ${from} and ${to}`,
  realDayBetweenYears: (name: string, from: number, to: number) => `${name} must be a real day between the years ${from} and ${to}`,
  betweenYears: (name: string, from: number, to: number) => `${name} must be between the years ${from} and ${to}`,
  mustBeEmail: (name: string) => `${name} must be an e-mail address`,
  unknownChannel: 'Unknown channel',
  pickBothDates: 'Pick both ends of the date range',
  /** Text safety (text-safety.ts): NUL characters and lone surrogates, in a value or a field name. */
  textNul: (name: string) => `${name} must not contain NUL characters (\\u0000)`,
  /** A single-line text field (names, subjects, search) with a control character (text-fields.ts). */
  controlCharacters: (name: string) => `${name} must not contain control characters`,
  /** A name made only of invisible characters (zero-width, format, blank). */
  noVisibleCharacter: (name: string) => `${name} must contain at least one visible character`,
  textSurrogate: (name: string) => `${name} must be valid Unicode text (it contains a lone surrogate such as \\ud800)`,
  textNulInKey: (name: string) => `${name} must not contain NUL characters (\\u0000) in a field name`,
  textSurrogateInKey: (name: string) => `${name} must be valid Unicode text (it contains a lone surrogate such as \\ud800) in a field name`,
} as const;

/**
 * Console labels of fields that over-long messages name (`tooLongMessage('Full Name', 120)`);
 * translated when such a message is (message-translate.ts).
 */
export const FIELD_LABELS = {
  email: 'Email',
  password: 'Password',
  passwordConfirmation: 'Password Confirmation',
  fullName: 'Full Name',
  phoneNumber: 'Phone Number',
  currentPassword: 'Current Password',
  senderName: 'Sender name',
  senderNumber: 'Sender number',
  senderImageUrl: 'Sender image URL',
  applicationName: 'Application name',
  search: 'Search',
  businessName: 'Business unit name',
  businessPhone: 'Business phone',
  address: 'Address',
  website: 'Website',
  reportName: 'Report Name',
  templateName: 'Template Name',
  headerText: 'Header text',
  websiteUrl: 'Website URL',
  promoCodeSample: 'Promo code sample',
  requestBody: 'The request body',
  request: 'The request',
} as const;
