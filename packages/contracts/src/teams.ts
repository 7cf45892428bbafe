/**
 * Teams (ARCHITECTURE.md §5.1): members and roles, invitations, two-factor sign-in, sessions and
 * the audit log. Request and answer schemas of the /api calls of §5.1 and their messages; the
 * Indonesian twin of TEAMS_MESSAGES is TEAMS_MESSAGES_ID in messages-id.ts.
 */
import { z } from './zod.ts';
import { tooLongMessage } from './zod-messages.ts';
import { roleSchema } from './roles-schema.ts';
import { TEAMS_MESSAGES } from './teams-messages.ts';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { registerSchema, type RegisterInput } from './auth.ts';
import { dashboardDateSchema } from './dashboard.ts';

export { ROLES, type Role } from './roles.ts';
export { roleSchema } from './roles-schema.ts';

/** Invitation lifetime (§5.1): 7 days. */
export const INVITATION_TTL_DAYS = 7;
/** Wrong codes that end a sign-in challenge (§5.1). */
export const MAX_CHALLENGE_ATTEMPTS = 5;
/** How long the second sign-in step may take: 10 minutes. */
export const CHALLENGE_TTL_SECONDS = 600;
/** Recovery codes made when 2FA is turned on (§5.1). */
export const RECOVERY_CODE_COUNT = 10;
/** Audit entries are kept 400 days (§5.1). */
export const AUDIT_RETENTION_DAYS = 400;
/** TOTP parameters (RFC 6238, §5.1): SHA-1, 6 digits, 30-second steps. */
export const TOTP = { algorithm: 'SHA1', digits: 6, period: 30, issuer: 'Pesan' } as const;

export { TEAMS_MESSAGES } from './teams-messages.ts';

const code = z
  .string({ error: TEAMS_MESSAGES.codeRequired })
  .trim()
  .regex(/^[0-9]{6}$/, TEAMS_MESSAGES.codeRequired);
/** A recovery code as shown: `xxxxx-xxxxx` (lower-case letters and digits); spaces and case are forgiven. */
const recoveryCode = z
  .string({ error: TEAMS_MESSAGES.recoveryCodeInvalid })
  .trim()
  .min(1, TEAMS_MESSAGES.recoveryCodeInvalid)
  .max(40, TEAMS_MESSAGES.recoveryCodeInvalid)
  .transform((c) => c.toLowerCase().replace(/\s+/g, ''));

// ---- members --------------------------------------------------------------------------------
export const memberSchema = z.object({
  user_id: z.string(),
  full_name: z.string(),
  email: z.string(),
  role: roleSchema,
  two_factor: z.boolean(),
  last_seen_at: z.string().nullable(),
  joined_at: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;
export const membersResponseSchema = z.object({ data: z.array(memberSchema) });
export const updateMemberSchema = z.object({ role: roleSchema });

// ---- invitations ----------------------------------------------------------------------------
export const createInvitationSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, AUTH_MESSAGES.emailRequired)
    .max(254, tooLongMessage('Email', 254))
    .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }))
    .transform((e) => e.toLowerCase()),
  role: roleSchema,
});
export type CreateInvitationInput = z.infer<typeof createInvitationSchema>;
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  expires_at: z.string(),
  created_at: z.string(),
  invited_by: z.string().nullable().describe('E-mail of the member who sent it'),
});
export type Invitation = z.infer<typeof invitationSchema>;
/** What the invitation landing page shows (no session needed). */
export const invitationInfoSchema = z.object({
  organization_name: z.string(),
  email: z.string(),
  role: roleSchema,
  /** Whether an account with this e-mail exists (sign in) or must be created from the link. */
  has_account: z.boolean(),
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;
// registerSchema is a z.object with its password-match check (typed as a plain ZodType): its fields, without the e-mail.
const { email: _invitedEmail, ...invitationAccountShape } = (registerSchema as unknown as z.ZodObject<{ [K in keyof RegisterInput]: z.ZodType<RegisterInput[K], string> }>).shape;
/**
 * `POST /api/auth/invitation/{token}/accept` body: empty (`{}` or none) for a user signed in as the
 * invited address; otherwise the new account's fields with registerSchema's rules and messages
 * (the e-mail is the invitation's). Each field is optional here: the server answers 400 with a
 * detail per missing field (AUTH_MESSAGES.fullNameRequired, …) when a new account needs them.
 */
export const acceptInvitationSchema = z
  .object(invitationAccountShape)
  .partial()
  .superRefine((v, ctx) => {
    if (v.password && v.confirmPassword && v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: AUTH_MESSAGES.passwordMismatch });
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: AUTH_MESSAGES.confirmMismatch });
    }
  });
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

// ---- security -------------------------------------------------------------------------------
export const securitySettingsSchema = z.object({ require_2fa: z.boolean() });
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export const twoFactorEnableSchema = z.object({ code });
export const twoFactorDisableSchema = z.object({
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired).max(128, tooLongMessage('Password', 128)),
  code,
});
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
/** The second sign-in step: the challenge from login and either a TOTP code or a recovery code. */
export const loginTwoFactorSchema = z.union([
  z.object({ challenge: z.string().min(1).max(200), code }),
  z.object({ challenge: z.string().min(1).max(200), recovery_code: recoveryCode }),
]);
export type LoginTwoFactorInput = z.infer<typeof loginTwoFactorSchema>;
export const loginChallengeSchema = z.object({ two_factor_required: z.literal(true), challenge: z.string() });

// ---- sessions -------------------------------------------------------------------------------
export const sessionInfoSchema = z.object({
  id: z.string().describe('An opaque id of the session (not the cookie value)'),
  created_at: z.string(),
  last_seen_at: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

// ---- audit log ------------------------------------------------------------------------------
/** The audited actions (§5.1). */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.2fa_enabled',
  'auth.2fa_disabled',
  'auth.recovery_code_used',
  'auth.session_revoked',
  'member.invited',
  'member.invitation_accepted',
  'member.invitation_revoked',
  'member.role_changed',
  'member.removed',
  'organization.updated',
  'organization.require_2fa_changed',
  'application.created',
  'application.updated',
  'application.deleted',
  'application.verify_countries_changed',
  'token.generated',
  'webhook.updated',
  'webhook.secret_rotated',
  'template.submitted',
  'template.deleted',
  'quota.settings_changed',
  'report.generated',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditActionSchema = z.enum(AUDIT_ACTIONS);

/**
 * `POST /api/organization/audit-log`: entries of the caller's organization, newest first, by actor,
 * actions and a range of days (`YYYY-MM-DD` in the organization's time zone, end inclusive) or ISO
 * date-times with offset. An end before the start is a 400 on `end_date` (TEAMS_MESSAGES.auditRangeInvalid).
 */
export const auditLogQuerySchema = z.object({
  actor_id: z.uuid().optional(),
  action: z.array(auditActionSchema).max(AUDIT_ACTIONS.length).optional(),
  start_date: dashboardDateSchema('start_date'),
  end_date: dashboardDateSchema('end_date'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;
/** At most this many rows go into one CSV download (narrow the filters for more). */
export const AUDIT_DOWNLOAD_MAX_ROWS = 100_000;
/**
 * `GET /api/organization/audit-log/download`: the list's filters as a query string; `action` may
 * repeat (`action=a&action=b`) or come once.
 */
export const auditLogDownloadQuerySchema = z.object({
  actor_id: auditLogQuerySchema.shape.actor_id,
  action: z.preprocess((v) => (typeof v === 'string' ? [v] : v), auditLogQuerySchema.shape.action),
  start_date: auditLogQuerySchema.shape.start_date,
  end_date: auditLogQuerySchema.shape.end_date,
});
export type AuditLogDownloadQuery = z.infer<typeof auditLogDownloadQuerySchema>;
/** The download's file name: `Audit_Log_{start}-{end}.csv` (the days as given; an ISO date-time gives its date). */
export function auditLogFileName(startDate: string, endDate: string): string {
  return `Audit_Log_${startDate.slice(0, 10)}-${endDate.slice(0, 10)}.csv`;
}
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string().nullable(), email: z.string() }),
  action: auditActionSchema,
  target: z.object({ type: z.string().nullable(), id: z.string().nullable(), name: z.string().nullable() }),
  ip: z.string(),
  user_agent: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogResponseSchema = z.object({
  data: z.array(auditEntrySchema),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type AuditLogPage = z.infer<typeof auditLogResponseSchema>;
