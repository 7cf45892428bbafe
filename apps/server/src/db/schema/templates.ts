import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * WhatsApp message templates of an application (templates-dashboard-reports.md §2.2–§2.5, §3, §4;
 * issue 13). The content is stored in Meta's own model (contracts/wa-template-model.ts): `name`,
 * `language`, `category`, `parameter_format`, `message_send_ttl_seconds` and `components`; the
 * console payload (§3) is derived from it with metaToConsole. Status is DRAFT or one of Meta's
 * (contracts/wa-template-status.ts); only APPROVED ones can be sent. `template_code` is the short
 * human code the list shows ('TPL-' + 8 Crockford base32 characters). Deleting is soft
 * (`deleted_at`): a name is unique per application and language among templates not deleted.
 */
export const waTemplates = pgTable(
  'wa_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    language: text('language').notNull(),
    category: text('category').notNull(),
    /** Meta's `parameter_format` (POSITIONAL or NAMED); null = as the variables say (POSITIONAL by default). */
    parameterFormat: text('parameter_format'),
    /** Meta's `message_send_ttl_seconds`, when set. */
    messageSendTtlSeconds: integer('message_send_ttl_seconds'),
    status: text('status').notNull().default('DRAFT'),
    components: jsonb('components').notNull().default([]),
    /** Set by the application (template-rows.ts newTemplateCode); the database default serves rows written directly (tests, migrations). */
    templateCode: text('template_code')
      .notNull()
      .default(sql`('TPL-' || upper(substr(md5(random()::text || clock_timestamp()::text), 1, 8)))`),
    /** Meta's template id (answer of `POST /{waba_id}/message_templates`), for Cloud API templates. */
    metaTemplateId: text('meta_template_id'),
    /** The Notes column (§2.2): the reviewer's notes on the last decision. */
    notes: text('notes'),
    /** Meta's rejection reason (INVALID_FORMAT, TAG_CONTENT_MISMATCH, …) of the last rejection. */
    rejectionReason: text('rejection_reason'),
    /** How to fix the template after a rejection. */
    recommendation: text('recommendation'),
    /** Meta's quality rating of an approved template (GREEN, YELLOW, RED, UNKNOWN). */
    quality: text('quality'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wa_templates_app_name_lang_idx').on(t.applicationId, t.name, t.language).where(sql`${t.deletedAt} is null`),
    uniqueIndex('wa_templates_code_idx').on(t.templateCode),
    index('wa_templates_org_created_idx').on(t.organizationId, t.createdAt),
    index('wa_templates_meta_id_idx').on(t.metaTemplateId),
  ],
);
