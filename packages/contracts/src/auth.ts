/**
 * Account schemas, password rules and validation messages (console.md §5, §8; ARCHITECTURE.md §5).
 * The texts are the spec's, word for word (including its spelling).
 */
import { z } from 'zod';
import { tooLongMessage } from './zod-messages.ts';

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

export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, { error: AUTH_MESSAGES.emailRequired, abort: true })
  .max(254, { error: tooLongMessage('Email', 254), abort: true })
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }))
  .transform((e) => e.toLowerCase());

const newPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, { error: AUTH_MESSAGES.passwordRequired, abort: true })
  .max(128, { error: tooLongMessage('Password', 128), abort: true })
  .refine((p) => failedPasswordRules(p).length === 0, AUTH_MESSAGES.passwordInvalid);

const confirmSchema = z
  .string({ error: AUTH_MESSAGES.confirmRequired })
  .min(1, AUTH_MESSAGES.confirmRequired)
  .max(128, tooLongMessage('Password Confirmation', 128));

/** Full name of a user: required ('Fullname is required', console.md §5) and at most 120 characters. */
const fullNameSchema = z
  .string({ error: AUTH_MESSAGES.fullNameRequired })
  .trim()
  .min(1, AUTH_MESSAGES.fullNameRequired)
  .max(120, tooLongMessage('Full Name', 120));

/** Adds both mismatch messages of console.md §5 (one under each field). */
function withPasswordMatch<T extends { password: string; confirmPassword: string }>(schema: z.ZodType<T>) {
  return schema.superRefine((v, ctx) => {
    if (v.password && v.confirmPassword && v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: AUTH_MESSAGES.passwordMismatch });
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: AUTH_MESSAGES.confirmMismatch });
    }
  });
}

export const passwordPairSchema = withPasswordMatch(
  z.object({ password: newPasswordSchema, confirmPassword: confirmSchema }),
);
export type PasswordPairInput = z.infer<typeof passwordPairSchema>;

export const registerSchema = withPasswordMatch(
  z.object({
    fullName: fullNameSchema,
    email: emailSchema,
    phoneNumber: z
      .string({ error: AUTH_MESSAGES.phoneRequired })
      .trim()
      .min(1, { error: AUTH_MESSAGES.phoneRequired, abort: true })
      .max(20, { error: tooLongMessage('Phone Number', 20), abort: true })
      .regex(/^\+?[0-9][0-9 -]{6,18}$/, AUTH_MESSAGES.phoneInvalid),
    password: newPasswordSchema,
    confirmPassword: confirmSchema,
  }),
);
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: z
    .string({ error: AUTH_MESSAGES.emailRequired })
    .trim()
    .min(1, AUTH_MESSAGES.emailRequired)
    .max(254, tooLongMessage('Email', 254))
    .transform((e) => e.toLowerCase()),
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired).max(128, tooLongMessage('Password', 128)),
  remember: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const changePasswordSchema = withPasswordMatch(
  z.object({
    oldPassword: z
      .string({ error: AUTH_MESSAGES.currentPasswordRequired })
      .min(1, AUTH_MESSAGES.currentPasswordRequired)
      .max(128, tooLongMessage('Current Password', 128)),
    password: newPasswordSchema,
    confirmPassword: confirmSchema,
  }),
);

/** The interface languages (ARCHITECTURE.md §10): English and Indonesian. */
export const UI_LANGUAGES = ['en', 'id'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const uiLanguageSchema = z.enum(UI_LANGUAGES, { error: AUTH_MESSAGES.languageInvalid });

/** The signed-in user as the console API returns it (console.md §3 User). Holds no secret. */
export const userSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  avatar: z.string().nullable(),
  organizationId: z.string().nullable(),
  emailVerified: z.boolean(),
  /** The saved interface language; null = follow the browser (ARCHITECTURE.md §10). */
  language: uiLanguageSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

/** `{email}` of POST /auth/send_verification (resend the verification e-mail). */
export const sendVerificationSchema = z.object({ email: emailSchema });

/**
 * Profile update (console.md §5 Account settings): only fullName and avatar change; e-mail and phone
 * are read-only and ignored when sent. `avatar` is null/'' (no image) or an http(s) URL, e.g. the
 * `data.url` of POST /api/upload; '' becomes null.
 */
export const updateUserSchema = z.object({
  fullName: fullNameSchema,
  avatar: z
    .string()
    .trim()
    .max(500, AUTH_MESSAGES.avatarInvalid)
    .refine((v) => v === '' || /^https?:\/\/[^\s<>"']+$/i.test(v), AUTH_MESSAGES.avatarInvalid)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  /** The interface language to save ('en' or 'id'; null = follow the browser); absent = unchanged. */
  language: uiLanguageSchema.nullable().optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** Terms versions (console.md §9). */
export const TERMS_VERSIONS = { pp_version: '1.9', tnc_version: '1.2.2' } as const;

/**
 * Query of GET/POST /api/user/agreement-tnc/{userId} (console.md §7 User): `check=true` (optional),
 * `pp_version` and `tnc_version` must be the current TERMS_VERSIONS, else 400 termsVersionInvalid.
 */
export const termsQuerySchema = z.object({
  check: z.string().optional(),
  pp_version: z.literal(TERMS_VERSIONS.pp_version, { error: AUTH_MESSAGES.termsVersionInvalid }),
  tnc_version: z.literal(TERMS_VERSIONS.tnc_version, { error: AUTH_MESSAGES.termsVersionInvalid }),
});

/** Session lengths: a normal session and a remember-me session (ARCHITECTURE.md §7.1), in seconds. */
export const SESSION_TTL_SECONDS = 12 * 60 * 60;
export const REMEMBER_TTL_SECONDS = 30 * 24 * 60 * 60;
