/**
 * Account validation messages and password rules (console.md §5, §8; ARCHITECTURE.md §5), without
 * zod: the login page's first load imports them (issue 10) and loads the schemas of auth.ts (which
 * re-exports all of this) only when its form validates. The texts are the spec's, word for word
 * (including its spelling).
 */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email not valid',
  passwordRequired: 'Password is required',
  confirmRequired: 'Password Confirmation is required',
  passwordMismatch: 'Password not match with Password Confirmation',
  confirmMismatch: 'Password Confirmation not match with Password',
  passwordInvalid: 'Password not valid',
  currentPasswordRequired: 'Current Password is required',
  fullNameRequired: 'Fullname is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Phone number not valid',
  invalidCredentials: 'Email or password is incorrect',
  emailTaken: 'This email is already registered',
  emailNotVerified: 'Please verify your email before signing in',
  invalidVerification: 'Invalid email verification',
  resetExpired: 'Opps, your request is expired. Please try again!',
  forgotDescription: 'If an account exists for this email, we have sent a link to reset your password.',
  registered: 'Your account has been created. Please check your email to verify it.',
  verificationDescription: 'If an unverified account exists for this email, we have sent a new verification link.',
  emailVerified: 'Your email has been verified',
  passwordReset: 'Your password has been reset',
  passwordChanged: 'Your password has been changed',
  currentPasswordIncorrect: 'Current password is incorrect',
  profileUpdated: 'Your User data has been succesfully changed, please re-login',
  avatarInvalid: 'Avatar must be an image URL',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  termsSubmitted: 'Terms of Conditions Submitted',
  termsVersionInvalid: 'Unknown terms version',
  languageInvalid: 'Language must be en or id',
  /** The answer to a locked sign-in: see tooManyAttemptsMessage. */
  tooManyAttempts: (retryAfterSeconds: number) => tooManyAttemptsMessage(retryAfterSeconds),
} as const;

/** Tooltip labels of the password rules (console.md §5), by PasswordRule key. */
export const PASSWORD_RULE_LABELS = {
  length: 'Must be at least 8 charcters',
  upper: 'Use upper case (A-Z)',
  lower: 'Use lower case (a-z)',
  special: 'Use special character (# % @ &)',
  digit: 'Use number (0-9)',
} as const;

/**
 * The answer to a locked sign-in (10 failures for the address from this client in 15 minutes),
 * saying when to try again: `retryAfterSeconds` rounded up to whole minutes, or seconds under one.
 */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const s = Math.max(1, Math.ceil(retryAfterSeconds));
  const when = s < 60 ? `${s} second${s === 1 ? '' : 's'}` : `${Math.ceil(s / 60)} minute${Math.ceil(s / 60) === 1 ? '' : 's'}`;
  return `Too many sign-in attempts. Please try again in ${when}.`;
}

/** One password rule: its tooltip label (console.md §5) and its test. */
export interface PasswordRule {
  key: 'length' | 'upper' | 'lower' | 'special' | 'digit';
  label: string;
  test: (password: string) => boolean;
}

/** The five password rules in tooltip order (console.md §5; minimum length §9). */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  { key: 'length', label: PASSWORD_RULE_LABELS.length, test: (p) => p.length >= 8 },
  { key: 'upper', label: PASSWORD_RULE_LABELS.upper, test: (p) => /[A-Z]/.test(p) },
  { key: 'lower', label: PASSWORD_RULE_LABELS.lower, test: (p) => /[a-z]/.test(p) },
  { key: 'special', label: PASSWORD_RULE_LABELS.special, test: (p) => /[^A-Za-z0-9]/.test(p) },
  { key: 'digit', label: PASSWORD_RULE_LABELS.digit, test: (p) => /[0-9]/.test(p) },
];

/** Returns the rules `password` fails (empty when it conforms). */
export function failedPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((r) => !r.test(password));
}
