/**
 * Account schemas (console.md §5, §8; ARCHITECTURE.md §5), with the password rules and validation
 * messages of auth-messages.ts (re-exported). The texts are the spec's, word for word (including
 * its spelling).
 */
import { singleLine } from './text-fields.ts';
import { z } from './zod.ts';
import { tooLongMessage } from './zod-messages.ts';
import { AUTH_MESSAGES, failedPasswordRules } from './auth-messages.ts';
import { UI_LANGUAGES } from './ui-language.ts';
import { roleSchema } from './roles-schema.ts';
import { TERMS_VERSIONS } from './terms.ts';

// The messages and password rules live in auth-messages.ts (no zod: the login page's first load
// imports them, issue 10); re-exported here for every other importer.
export {
  AUTH_MESSAGES,
  PASSWORD_RULE_LABELS,
  PASSWORD_RULES,
  failedPasswordRules,
  tooManyAttemptsMessage,
  type PasswordRule,
} from './auth-messages.ts';
export { UI_LANGUAGES, type UiLanguage } from './ui-language.ts';

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
const fullNameSchema = singleLine(
  z.string({ error: AUTH_MESSAGES.fullNameRequired }).trim().min(1, AUTH_MESSAGES.fullNameRequired).max(120, tooLongMessage('Full Name', 120)),
  'Full Name',
  { visible: true },
);

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
  /**
   * The IANA time zone of the user's organization, in which the console shows every day and time
   * (issue 23 item 7); null without an organization (the console then uses DEFAULT_TIME_ZONE).
   */
  timeZone: z.string().nullable(),
  /** The user's role in their organization (ARCHITECTURE.md §5.1); null without an organization. */
  role: roleSchema.nullable(),
  /** Whether two-factor sign-in (TOTP) is on for this user. */
  twoFactorEnabled: z.boolean(),
  /** The organization requires 2FA and this user has not set it up: the console sends them to Security first. */
  twoFactorSetupRequired: z.boolean(),
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

export { TERMS_VERSIONS } from './terms.ts';

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
