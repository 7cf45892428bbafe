import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    userId: uuid('user_id').notNull().references(() => users.id),
    name: text('name').notNull(),
    billingType: text('billing_type', { enum: ['pre-paid', 'post-paid'] }).notNull().default('post-paid'),
    requireSignature: boolean('require_signature').notNull().default(false),
    /** Operator-set /v1 send limit in messages per second (ARCHITECTURE.md §6.5); null = V1_RATE_LIMIT. */
    sendRatePerSecond: integer('send_rate_per_second'),
    /** Countries Verify sends to (ISO 3166-1 alpha-2, operator-set; ARCHITECTURE.md §6.4); null = any. */
    verifyAllowedCountries: text('verify_allowed_countries').array(),
    /** Operator-set Verify limit: verifications started per minute (ARCHITECTURE.md §6.4); null = 60. */
    verifyPerMinute: integer('verify_per_minute'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('applications_org_idx').on(t.organizationId, t.updatedAt)],
);

export const applicationChannels = pgTable(
  'application_channels',
  {
    applicationId: uuid('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    channel: text('channel').notNull(),
    senderName: text('sender_name'),
    senderNumber: text('sender_number'),
    senderImageUrl: text('sender_image_url'),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.channel] })],
);

/**
 * Channel access tokens. The JWT is signed with the customer's RSA private key, which the server
 * never stores: it keeps the public key (SPKI PEM) to verify the JWT and signed requests.
 * Generating again revokes the older tokens of that application and channel.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    channel: text('channel').notNull(),
    publicKeyPem: text('public_key_pem').notNull(),
    isRevoke: boolean('is_revoke').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('access_tokens_app_channel_idx').on(t.applicationId, t.channel)],
);
