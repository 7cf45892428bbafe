import { bigint, boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  fullName: text('full_name').notNull(),
  /** Lower-cased e-mail address; unique. */
  email: text('email').notNull().unique(),
  phoneNumber: text('phone_number').notNull(),
  /** argon2id PHC string. */
  passwordHash: text('password_hash').notNull(),
  avatar: text('avatar'),
  organizationId: uuid('organization_id').references(() => organizations.id),
  /** The user's role in their organization (ARCHITECTURE.md §5.1); set exactly when organizationId is. */
  role: text('role', { enum: ['owner', 'admin', 'developer', 'viewer'] }),
  /** When the user joined their organization (created it or accepted an invitation). */
  joinedAt: timestamp('joined_at', { withTimezone: true }),
  /** TOTP shared secret (RFC 6238), sealed with SESSION_SECRET (lib/secret-box.ts); set at setup. */
  totpSecret: text('totp_secret'),
  /** When 2FA was turned on (a first code checked); null = off. */
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  /** The last accepted TOTP time step (unix seconds / 30): a code is never accepted twice. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** An operator may edit the API documentation (issue 14); set by `npm run admin -- operator --email …`. */
  isOperator: boolean('is_operator').notNull().default(false),
  /** The interface language the user chose ('en' or 'id', ARCHITECTURE.md §10); null = follow the browser. */
  language: text('language'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Server-side sessions; the cookie carries a random id, the table keeps its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The client IP address at sign-in. */
    ip: text('ip').notNull().default(''),
    /** The browser's User-Agent at sign-in (the sessions list's device). */
    userAgent: text('user_agent').notNull().default(''),
    /** Last request seen on this session (updated at most once a minute). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-time e-mail tokens (verification, password reset); only the SHA-256 is stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['verify', 'reset'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins, for the limit of 10 per address and client in 15 minutes: `client` is the
 * caller's IP address, so a stranger's failures never lock the owner out. Pruned by the
 * maintenance job once older than the window.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    email: text('email').notNull(),
    client: text('client').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_client_at_idx').on(t.email, t.client, t.at), index('login_failures_at_idx').on(t.at)],
);

export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    ppVersion: text('pp_version').notNull(),
    tncVersion: text('tnc_version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ppVersion, t.tncVersion] })],
);
