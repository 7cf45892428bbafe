import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { organizations } from './organizations.ts';

/**
 * The WhatsApp sender of an application (ARCHITECTURE.md §4 `whatsapp:sender`): the WABA and the
 * Cloud API phone number that sends its WhatsApp messages. Set by the operator CLI; shown read-only
 * in the console. `messagesPerSecond` null = the configured default (WHATSAPP_RATE).
 */
export const whatsappSenders = pgTable(
  'whatsapp_senders',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    wabaId: text('waba_id').notNull(),
    phoneNumberId: text('phone_number_id').notNull(),
    displayName: text('display_name').notNull(),
    messagesPerSecond: integer('messages_per_second'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('whatsapp_senders_phone_number_idx').on(t.phoneNumberId), index('whatsapp_senders_waba_idx').on(t.wabaId)],
);

/**
 * The 24-hour customer-service window per application and recipient (E.164): an inbound WhatsApp
 * message opens or extends it; free-text sends are allowed only before `expiresAt`.
 */
export const whatsappServiceWindows = pgTable(
  'whatsapp_service_windows',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    recipient: text('recipient').notNull(),
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.recipient] })],
);

/** Messages WhatsApp users sent to an application's number (Cloud API `messages` webhook), stored once per `wamid`. */
export const whatsappInboundMessages = pgTable(
  'whatsapp_inbound_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    wamid: text('wamid').notNull(),
    /** The user's number, E.164. */
    sender: text('sender').notNull(),
    /** Meta's message type: text, image, button, interactive, … */
    type: text('type').notNull(),
    /** Meta's message object as received. */
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('whatsapp_inbound_wamid_idx').on(t.wamid), index('whatsapp_inbound_app_idx').on(t.applicationId, t.receivedAt)],
);

/**
 * WABA-level webhook updates (`message_template_status_update`, `message_template_quality_update`,
 * `phone_number_quality_update`, …) as received, for the template service. No organization_id:
 * Meta sends them per WABA, which is not one tenant's (whatsapp_senders.waba_id is not unique), so
 * this log stays global (GLOBAL_TABLES in test/tenant-schema.test.ts).
 */
export const whatsappAccountUpdates = pgTable(
  'whatsapp_account_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    wabaId: text('waba_id').notNull(),
    field: text('field').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('whatsapp_account_updates_waba_idx').on(t.wabaId, t.id)],
);

/**
 * The carrier ids of the segments of a long SMS sent as several `submit_sm` (SMPP): a delivery
 * receipt names one segment; the message's status follows once every segment has a final receipt.
 * `status` is the segment's latest receipt status (null until one arrives).
 */
export const messageSegments = pgTable(
  'message_segments',
  {
    driver: text('driver').notNull(),
    providerMessageId: text('provider_message_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    messageId: uuid('message_id').notNull(),
    segment: integer('segment').notNull(),
    status: text('status'),
    reason: text('reason'),
    providerCode: text('provider_code'),
  },
  (t) => [primaryKey({ columns: [t.driver, t.providerMessageId] }), index('message_segments_message_idx').on(t.messageId)],
);

/**
 * Dispatch pacing per sender lane (ARCHITECTURE.md §6.1): `key` names the lane (a WhatsApp phone
 * number id, an SMSC account) and `nextSlotAt` is the first free send time. Reserving a slot is one
 * atomic upsert, so every process shares one pace.
 */
export const dispatchPacing = pgTable('dispatch_pacing', {
  key: text('key').primaryKey(),
  nextSlotAt: timestamp('next_slot_at', { withTimezone: true }).notNull(),
});

/**
 * The sandbox carrier's due callbacks (ARCHITECTURE.md §6.5): step `step` of message
 * `messageId`'s plan (drivers/sandbox.ts sandboxCallbacks) is reported at `dueAt`. Claimed in
 * batches by the worker (messaging/engine/sandbox-steps.ts) in the transaction that records them.
 */
export const sandboxSteps = pgTable(
  'sandbox_steps',
  {
    organizationId: uuid('organization_id').notNull(),
    messageId: uuid('message_id').notNull(),
    /** Its message's created_at: the status it reports locks the message in that month's partition. */
    messageCreatedAt: timestamp('message_created_at', { withTimezone: true, precision: 3 }).notNull(),
    step: integer('step').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.step], name: 'sandbox_steps_pkey' }), index('sandbox_steps_due_idx').on(t.dueAt)],
);
