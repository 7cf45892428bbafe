/**
 * Every text of the WhatsApp template editor and its rules, in one place
 * (templates-dashboard-reports.md §2.4, §5.1–§5.5, §8). Spec texts are word for word, including
 * their spelling; the others are ours and say which component and which rule they are about.
 * Over-long values say so (ARCHITECTURE.md §7 deviation 9). A function takes the part that varies
 * (a button's label such as 'Button 2 (Visit website)', a variable such as '{{2}}').
 */
import { tooLongMessage } from './zod-messages.ts';

export const WA_TEMPLATE_MESSAGES = {
  // -- §5.1, §5.2, §5.3, §8: the spec's texts --------------------------------------------------
  nameRequired: 'Template Name is required',
  nameTaken: 'Template name is already used. Please use other template name!',
  nameNotValid: 'Template Not Valid',
  categoryRequired: 'Category is required',
  languageRequired: 'Language is required',
  bodyRequired: 'Body is required',
  footerRequired: 'Footer is required',
  fillEveryField: 'Please fill every field with valid value!',
  invalidUrl: 'Please enter a valid URL',
  sampleUrlRequired: 'Add sample URL is required.',
  /** §2.4 hints of the Visit website option (max 1 once 4 or more buttons exist) and the phone option. */
  maxTwoButtons: 'max 2 button',
  maxOneButton: 'max 1 button',
  /** §5.5 */
  submitTitle: 'Is the template you want to submit correct?',
  submitNotSure: "I'm not sure",
  submitYes: 'Yes, Submit',
  /** §2.4 */
  rejectedBanner: 'This template has been rejected',
  notFound: 'Template not found',
  /** §2.2 */
  duplicateConfirm: 'Are you sure duplicate this template?',
  deleteConfirm: 'Delete templates cannot be restored. Are you sure you want to delete this template?',
  /** §8 */
  drafted: 'WhatsApp template successfully drafted.',
  created: 'WhatsApp template successfully created.',
  deleted: 'Success! Template deleted',
  duplicated: 'Success! Template Duplicate',

  // -- Schema texts (ours) ------------------------------------------------------------------
  categoryUnknown: 'Category must be MARKETING, UTILITY or AUTHENTICATION',
  componentType: 'Each component needs a `type`: HEADER, BODY, FOOTER or BUTTONS',
  componentDuplicate: (type: string) => `A template has at most one ${type} component`,
  headerFormat: 'Header `format` must be TEXT, IMAGE, VIDEO, DOCUMENT or LOCATION',
  buttonType: 'Each button needs a `type`: QUICK_REPLY, URL, PHONE_NUMBER, COPY_CODE or OTP',
  consoleButtonType: 'Each button needs a `type`: QUICK_REPLY, MARKETING_OPT_OUT, URL, PHONE_NUMBER, COPY_CODE or OTP',
  otpType: 'An OTP button needs an `otp_type`: COPY_CODE, ONE_TAP or ZERO_TAP',
  headerType: 'Header `type` must be none, text, image, video, document or location',
  footerType: 'Footer `type` must be none or text',

  // -- Rules (ours unless marked) ------------------------------------------------------------
  nameTooLong: tooLongMessage('Template Name', 512),
  nameFormat: 'Template Name may use only lower-case letters, digits and underscores, without spaces or special characters',

  headerTextRequired: 'Header text is required',
  headerTooLong: tooLongMessage('Header text', 60),
  headerOneVariable: 'Header text may have at most one variable',
  headerMediaSample: (format: string) => `Header: add a sample ${format.toLowerCase()} for the ${format.toLowerCase()} header`,
  headerMediaNotFound: (format: string) => `Header: the sample ${format.toLowerCase()} was not found among your uploads; upload it again`,
  headerMediaNoAppId: (format: string) =>
    `Header: the sample ${format.toLowerCase()} cannot be sent to Meta because this server's WHATSAPP_APP_ID (the Meta app id) is not set; ask its operator to set it, or use a header without media`,
  headerInAuth: 'Authentication templates have no header',

  bodyTooLong: tooLongMessage('Body', 1024),
  bodyStartsWithVariable: 'Body must not start with a variable: begin with words',
  bodyEndsWithVariable: 'Body must not end with a variable: end with words',
  bodyAdjacentVariables: (a: string, b: string) => `Body: put words between ${a} and ${b}`,
  bodyTooManyVariables: (variables: number, words: number) =>
    `Body has too many variables for its length: ${variables} variable${variables === 1 ? '' : 's'} need at least ${2 * variables + 1} words besides them (it has ${words})`,
  bodyCustomInAuth: "Authentication templates use WhatsApp's preset body: turn the security recommendation on or off instead of writing it",

  footerTooLong: tooLongMessage('Footer', 60),
  footerVariables: 'Footer cannot have variables',
  footerCustomInAuth: "Authentication templates use WhatsApp's preset footer: set the code expiry instead of writing it",
  codeExpiryRange: 'Code expiry must be between 1 and 90 minutes',

  variableMalformed: (where: string, raw: string) => `${where}: write variables as {{1}} or {{name}} (lower-case letters, digits and underscores): ${raw}`,
  variableForbiddenChars: (where: string, raw: string) => `${where}: variables cannot contain #, $ or %: ${raw}`,
  variableUnclosed: (where: string) => `${where}: a variable is missing its {{ or }}`,
  variableSequence: (where: string, missing: string) => `${where}: number the variables from {{1}} without gaps ({{${missing}}} is missing)`,
  variablesMixed: 'Use either numbered variables ({{1}}) or named variables ({{name}}) in a template, not both',
  variablesFormat: (format: 'POSITIONAL' | 'NAMED') =>
    format === 'NAMED' ? 'This template uses named variables ({{name}}): numbered variables ({{1}}) are not allowed' : 'This template uses numbered variables ({{1}}): named variables ({{name}}) are not allowed',
  variableSample: (where: string, variable: string) => `${where}: add a sample for ${variable}`,

  buttonsEmpty: 'Buttons: add a button or remove the buttons section',
  buttonsTooMany: 'Buttons: at most 10 buttons',
  buttonsUrlMax: 'Buttons: at most 2 Visit website buttons',
  buttonsPhoneMax: 'Buttons: at most 1 Call phone number button',
  buttonsCopyCodeMax: 'Buttons: at most 1 Copy promo code button',
  buttonsOptOutMax: 'Buttons: at most 1 Marketing opt-out button',
  buttonsOtpMax: 'Buttons: at most 1 one-time password button',
  buttonsGrouping: 'Buttons: keep the quick replies together, before or after the call-to-action buttons',
  buttonsAuthOtp: 'Authentication templates need exactly one button: a one-time password button (copy code or autofill)',

  buttonTextRequired: (label: string) => `${label}: button text is required`,
  buttonTextTooLong: (label: string) => tooLongMessage(`${label}: button text`, 25),
  autofillTextTooLong: (label: string) => tooLongMessage(`${label}: autofill text`, 25),
  urlRequired: (label: string) => `${label}: website URL is required`,
  urlTooLong: tooLongMessage('Website URL', 2000),
  urlVariable: (label: string) => `${label}: a website URL takes one variable, {{1}}, at its end`,
  phoneRequired: (label: string) => `${label}: phone number is required`,
  phoneInvalid: (label: string) => `${label}: enter a valid phone number for its country, with the country code (check the number of digits)`,
  promoCodeRequired: (label: string) => `${label}: add a sample promo code`,
  promoCodeTooLong: tooLongMessage('Promo code sample', 15),
  optOutMarketingOnly: 'The Marketing opt-out button is for marketing templates only',
  optOutTerms: 'Marketing opt-out: tick the box to accept the terms',
  otpAuthOnly: 'One-time password buttons are for authentication templates only',
  supportedAppsRequired: (label: string) => `${label}: autofill needs your Android app: add its package name and signature hash`,
  supportedAppsTooMany: (label: string) => `${label}: at most 5 Android apps`,
  packageNameInvalid: (label: string) => `${label}: package name must be an Android package name such as com.example.app`,
  signatureHashInvalid: (label: string) => `${label}: signature hash must be 11 characters (letters, digits, +, / or =)`,
  zeroTapTerms: (label: string) => `${label}: zero-tap needs its terms accepted`,
  codeExpiryWhole: 'Code expiry must be a whole number of minutes',
  bodyExampleOneList: 'Body `example.body_text` holds one list of samples',
  urlOneSample: 'A URL button takes one sample URL',
  parameterFormat: '`parameter_format` must be POSITIONAL or NAMED',
  componentsList: '`components` must be a list of HEADER, BODY, FOOTER and BUTTONS',
  languageUnsupported: (code: string) => `Unsupported language: ${code} (use one of Meta's codes, such as en_US or id)`,
  statusRequired: 'Status is required',
  statusUnknown: (status: string) => `Unknown template status: ${status}`,
} as const;
