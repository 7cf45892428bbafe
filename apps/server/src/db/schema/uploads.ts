import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * Files uploaded through POST /api/upload, stored as `DATA_DIR/uploads/<name>`. `visibility`
 * 'public' (avatars: served to anyone who has the unguessable name) or 'organization' (private
 * media: served only to a signed-in member of `organization_id`). An avatar must be the user's
 * own upload.
 */
export const uploads = pgTable(
  'uploads',
  {
    name: text('name').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    visibility: text('visibility', { enum: ['public', 'organization'] }).notNull().default('public'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_user_idx').on(t.userId, t.createdAt)],
);
