import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessName: text('business_name').notNull(),
  businessPhone: text('business_phone').notNull(),
  businessAddress: text('business_address').notNull(),
  websiteUrl: text('website_url').notNull().default(''),
  /** IANA zone of the console's days, buckets and shown times (issue 23 item 7). */
  timeZone: text('time_zone').notNull().default('Asia/Jakarta'),
  /** Members without 2FA must set it up before anything else (ARCHITECTURE.md §5.1). */
  require2fa: boolean('require_2fa').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
