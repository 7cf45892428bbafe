/**
 * API documentation (console.md §2 Docs layout, §3 API version / Doc menu item / Doc description,
 * §5 docs search, §6 no guard, §7 Docs, §9 code-sample languages; ARCHITECTURE.md §5).
 *
 * THIS FILE IS THE CONTRACT BETWEEN THE SERVER (apps/server/src/modules/docs) AND THE WEB DOCS SITE
 * (apps/web/src/features/api-docs). Shapes are pinned: add fields if needed, never rename or remove.
 *
 * Calls (no session needed for reads; `noauth=true` may be sent and is ignored):
 * - `GET /api/doc/api-version`                 -> {data: {data: ApiVersion[]}}  (sorted by createdAt)
 * - `GET /api/doc/menu?include=["titles"]`     -> {data: DocMenuItem[]}         (groups by title, children by number)
 * - `GET /api/doc/description`                 -> {data: DocDescription[]}
 * - `GET /api/doc/description/{id}`            -> {data: DocDescription}        (404 unknown)
 * - `GET /api/doc/description/title/{titleId}` -> {data: {data: DocDescription}} (404 unknown)
 * - `POST /api/doc/description`                docDescriptionInputSchema -> 201 {data: DocDescription}  (operator only)
 * - `PUT /api/doc/description/{id}`            docDescriptionInputSchema -> {data: DocDescription}      (operator only)
 * - `DELETE /api/doc/description/{id}`         -> 204                                                   (operator only)
 * Editing calls: anonymous -> 401, a signed-in user who is not an operator -> 403.
 */
import { z } from './zod.ts';

/** Code-sample languages, in tab order (console.md §9). */
export const DOC_LANGUAGES = ['CURL', 'NodeJS', 'PHP'] as const;
export type DocLanguage = (typeof DOC_LANGUAGES)[number];

export const DOCS_MESSAGES = {
  /** §2 Docs layout */
  sidebarTitle: 'API Docs',
  searchPlaceholder: 'Search for help...',
  noMenu: 'Sorry, there is no Menu yet!',
  responseTitle: 'Response',
  notFound: 'Documentation page not found',
  operatorOnly: 'Only an operator can edit the documentation',
  descriptionRequired: 'Description is required',
  descriptionExists: 'This documentation page already has a description: edit that one instead',
  descriptionExistsDetail: 'This documentation page already has a description',
} as const;

/** API version (console.md §3): `createdAt` is an ISO date-time. */
export const apiVersionSchema = z.object({
  id: z.string(),
  version: z.string(),
  createdAt: z.string(),
});
export type ApiVersion = z.infer<typeof apiVersionSchema>;

/** A child of a doc menu group (console.md §3): one page of the docs. */
export const docMenuChildSchema = z.object({
  id: z.string(),
  title: z.string(),
  number: z.number().int(),
  apiVersionUid: z.string(),
});
export type DocMenuChild = z.infer<typeof docMenuChildSchema>;

/** Doc menu item (console.md §3): a group; `icon` is a short name the site maps to an icon, or null. */
export const docMenuItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  number: z.number().int(),
  icon: z.string().nullable(),
  titles: z.array(docMenuChildSchema),
});
export type DocMenuItem = z.infer<typeof docMenuItemSchema>;

/** One code sample and the response it gives (console.md §3 languageSupport). */
export const docLanguageSampleSchema = z.object({
  language: z.enum(DOC_LANGUAGES),
  request: z.string().max(20_000),
  response: z.string().max(20_000),
});
export type DocLanguageSample = z.infer<typeof docLanguageSampleSchema>;

/** Doc description (console.md §3): `description` is HTML (sanitised again by the site). */
export const docDescriptionSchema = z.object({
  id: z.string(),
  titleId: z.string(),
  title: z.string(),
  description: z.string(),
  languageSupport: z.array(docLanguageSampleSchema),
  updatedAt: z.string(),
});
export type DocDescription = z.infer<typeof docDescriptionSchema>;

/** Body of POST / PUT /api/doc/description (operator only). */
export const docDescriptionInputSchema = z.strictObject({
  titleId: z.string().min(1).max(64),
  description: z.string().min(1, DOCS_MESSAGES.descriptionRequired).max(200_000),
  languageSupport: z.array(docLanguageSampleSchema).max(DOC_LANGUAGES.length),
});
export type DocDescriptionInput = z.infer<typeof docDescriptionInputSchema>;

/**
 * The docs sidebar's search (console.md §2, §5): trimmed, lower-cased, matched as a substring of a
 * child's title. An empty query keeps every child.
 */
export function matchesDocSearch(childTitle: string, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || childTitle.toLowerCase().includes(q);
}
