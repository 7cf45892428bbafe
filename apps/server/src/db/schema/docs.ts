import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The API documentation (console.md §3 API version / Doc menu item / Doc description; issue 14).
 * Not tenant data: every visitor reads the same docs, without a session. Written by the docs import
 * (`npm run admin -- docs:import`, the seed) and by operators through POST/PUT/DELETE
 * /api/doc/description.
 */

/** One version of the public API (`v1`); the docs site lists versions by `created_at`. */
export const apiVersions = pgTable('api_version', {
  id: uuid('id').primaryKey().defaultRandom(),
  version: text('version').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A group of the docs sidebar ('Getting started', 'Messages', …); its children are doc_title rows. */
export const docMenus = pgTable('doc_menu', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull().unique(),
  number: integer('number').notNull(),
  /** A short icon name the site maps to an icon, or null. */
  icon: text('icon'),
});

/** One page of the docs: a child of a group, in one API version; `slug` is unique per version. */
export const docTitles = pgTable(
  'doc_title',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    menuId: uuid('menu_id')
      .notNull()
      .references(() => docMenus.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    number: integer('number').notNull(),
    apiVersionId: uuid('api_version_id')
      .notNull()
      .references(() => apiVersions.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
  },
  (t) => [uniqueIndex('doc_title_version_slug_idx').on(t.apiVersionId, t.slug), index('doc_title_menu_idx').on(t.menuId)],
);

/** One language's sample of a page: the request and the response it gave (console.md §3 languageSupport). */
export interface StoredDocSample {
  language: 'CURL' | 'NodeJS' | 'PHP';
  request: string;
  response: string;
}

/** The content of a page: its description (HTML) and code samples; at most one per page. */
export const docDescriptions = pgTable('doc_description', {
  id: uuid('id').primaryKey().defaultRandom(),
  titleId: uuid('title_id')
    .notNull()
    .unique()
    .references(() => docTitles.id, { onDelete: 'cascade' }),
  description: text('description').notNull(),
  languageSupport: jsonb('language_support').$type<StoredDocSample[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
