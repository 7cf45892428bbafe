/**
 * Teams (ARCHITECTURE.md §5.1, migration 0019): recovery codes and sign-in challenges of two-factor
 * sign-in, invitations to an organization, and the append-only audit log.
 */
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/** Ten single-use recovery codes per user; only the SHA-256 hex of each is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** The second step of a sign-in with 2FA (random id, SHA-256 kept); 5 wrong codes end it. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
);

/** An invitation to join an organization with a role: 7 days, single use, revocable; token SHA-256 kept. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    /** Lower-cased e-mail address invited. */
    email: text('email').notNull(),
    role: text('role', { enum: ['owner', 'admin', 'developer', 'viewer'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invitations_organization_idx').on(t.organizationId, t.createdAt)],
);

/** Append-only audit trail of an organization (no route updates or deletes a row; kept 400 days). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The acting user; null for an unknown actor (a failed sign-in is recorded on the account's organization). */
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull().default(''),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetName: text('target_name'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** Non-secret facts (old and new role, channel, changed fields); never a token, code, password or secret. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_organization_at_idx').on(t.organizationId, t.at.desc(), t.id), index('audit_log_at_idx').on(t.at)],
);
