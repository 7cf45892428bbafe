/**
 * The API documentation as the docs site reads it and operators edit it (console.md §2 Docs
 * layout, §3 API version / Doc menu item / Doc description, §6 no guard, §7 Docs; ARCHITECTURE.md
 * §5; issue 14). Shapes are contracts/docs.ts. Reads need no session; edits need an operator
 * (users.is_operator, set by `npm run admin -- operator --email …`).
 */
import { DOCS_MESSAGES, type ApiVersion, type DocDescription, type DocDescriptionInput, type DocMenuItem } from '@pesan/contracts/docs';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './docs.repo.ts';
import { sanitizeDocHtml } from './docs-sanitize.ts';
import { DOCS_SAMPLE_BASE_URL, withBaseUrl } from './docs-markdown.ts';
import { SERVER_MESSAGES } from '@pesan/contracts/server-messages';

export interface DocsDeps {
  db: Db;
  now: () => Date;
  /** The server's PUBLIC_URL (no trailing slash): the base URL the pages and samples are answered with. */
  publicUrl: string;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('not_found', DOCS_MESSAGES.notFound);

/**
 * The contract's shape of a description row, its text and samples written for `publicUrl` (issue 23
 * item 19: the pages are stored with DOCS_SAMPLE_BASE_URL; a copied sample must work on this
 * install), its HTML sanitised (a row stored before the rule is served clean too). The recorded
 * responses are answered as stored.
 */
function toDocDescription(r: repo.DocDescriptionRow, publicUrl: string): DocDescription {
  return {
    id: r.id,
    titleId: r.titleId,
    title: r.title,
    description: withBaseUrl(sanitizeDocHtml(r.description), publicUrl),
    languageSupport: r.languageSupport.map((l) => ({ ...l, request: withBaseUrl(l.request, publicUrl) })),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const byText = (a: string, b: string) => a.localeCompare(b, 'en');

/** Every API version, sorted by createdAt (oldest first: the site picks the first by default; console.md §2). */
export async function listApiVersions(deps: Pick<DocsDeps, 'db'>): Promise<ApiVersion[]> {
  return (await repo.listVersions(deps.db)).map((v) => ({ id: v.id, version: v.version, createdAt: v.createdAt.toISOString() }));
}

/**
 * `?include=` of GET /api/doc/menu as the list of what to include: JSON (`["titles"]`, what the
 * console sends), or comma-separated names (`titles`). Anything else includes nothing.
 */
export function parseMenuInclude(include: string | undefined): string[] {
  if (!include) return [];
  try {
    const parsed: unknown = JSON.parse(include);
    if (Array.isArray(parsed)) return parsed.filter((x): x is string => typeof x === 'string');
    if (typeof parsed === 'string') return [parsed];
  } catch {
    // Not JSON: a comma-separated list.
  }
  return include.split(',').map((s) => s.trim()).filter(Boolean);
}

/**
 * The docs menu (console.md §2, §3): groups sorted by title, each with its pages (children) sorted
 * by number when `include` holds 'titles' (else `titles` is empty). Children of every version are
 * listed with their `apiVersionUid`; the site keeps the chosen version's.
 */
export async function listMenu(deps: Pick<DocsDeps, 'db'>, include: string[]): Promise<DocMenuItem[]> {
  // Sorted here rather than by the database, whose collation may differ (PGlite, PostgreSQL locales).
  const menus = (await repo.listMenus(deps.db)).sort((a, b) => byText(a.title, b.title) || a.number - b.number);
  const titles = include.includes('titles') ? (await repo.listTitles(deps.db)).sort((a, b) => a.number - b.number || byText(a.title, b.title)) : [];
  return menus.map((m) => ({
    id: m.id,
    title: m.title,
    number: m.number,
    icon: m.icon,
    titles: titles.filter((t) => t.menuId === m.id).map((t) => ({ id: t.id, title: t.title, number: t.number, apiVersionUid: t.apiVersionId })),
  }));
}

/** Every page description (with its page's title), in menu order, written for deps.publicUrl. */
export async function listDescriptions(deps: Pick<DocsDeps, 'db' | 'publicUrl'>): Promise<DocDescription[]> {
  return (await repo.listDescriptions(deps.db)).map((r) => toDocDescription(r, deps.publicUrl));
}

/** Description `id`, written for deps.publicUrl. @throws AppError 404 `not_found` DOCS_MESSAGES.notFound (also for a malformed id). */
export async function getDescription(deps: Pick<DocsDeps, 'db' | 'publicUrl'>, id: string): Promise<DocDescription> {
  if (!UUID_RE.test(id)) throw notFound();
  const row = await repo.findDescription(deps.db, id);
  if (!row) throw notFound();
  return toDocDescription(row, deps.publicUrl);
}

/** The description of page `titleId` (what /docs/{parentId}/{childId} shows). @throws AppError 404 as getDescription. */
export async function getDescriptionByTitle(deps: Pick<DocsDeps, 'db' | 'publicUrl'>, titleId: string): Promise<DocDescription> {
  if (!UUID_RE.test(titleId)) throw notFound();
  const row = await repo.findDescriptionByTitle(deps.db, titleId);
  if (!row) throw notFound();
  return toDocDescription(row, deps.publicUrl);
}

/** Refuses a user who is not an operator. @throws AppError 403 `forbidden` DOCS_MESSAGES.operatorOnly. */
export async function assertOperator(deps: Pick<DocsDeps, 'db'>, userId: string): Promise<void> {
  if (!(await repo.isOperator(deps.db, userId))) throw new AppError('forbidden', DOCS_MESSAGES.operatorOnly);
}

/** The page `titleId` must exist. @throws AppError 404 `not_found` naming the field. */
async function requireTitle(deps: Pick<DocsDeps, 'db'>, titleId: string): Promise<void> {
  if (!UUID_RE.test(titleId) || !(await repo.findTitle(deps.db, titleId))) {
    throw new AppError('not_found', DOCS_MESSAGES.notFound, [{ path: 'titleId', message: DOCS_MESSAGES.notFound }]);
  }
}

/**
 * `description` sanitised (docs-sanitize.ts). @throws AppError 400 `invalid_request`
 * DOCS_MESSAGES.descriptionRequired on `description` when nothing is left (only refused markup).
 */
function cleanDescription(description: string): string {
  const clean = sanitizeDocHtml(description);
  if (!clean.trim()) throw new AppError('invalid_request', DOCS_MESSAGES.descriptionRequired, [{ path: 'description', message: DOCS_MESSAGES.descriptionRequired }]);
  return clean;
}
/** `input` as stored: this server's PUBLIC_URL written back as DOCS_SAMPLE_BASE_URL (an operator saves what the site showed). */
const asStored = (input: DocDescriptionInput, publicUrl: string): DocDescriptionInput => ({
  ...input,
  description: withBaseUrl(input.description, DOCS_SAMPLE_BASE_URL, publicUrl),
  languageSupport: input.languageSupport.map((l) => ({ ...l, request: withBaseUrl(l.request, DOCS_SAMPLE_BASE_URL, publicUrl) })),
});

const alreadyDescribed = () =>
  new AppError('conflict', DOCS_MESSAGES.descriptionExists, [{ path: 'titleId', message: DOCS_MESSAGES.descriptionExistsDetail }]);

/**
 * Creates the description of page `input.titleId` (operator only; the route checked the operator),
 * its HTML sanitised (docs-sanitize.ts) and stored with DOCS_SAMPLE_BASE_URL where it names this server's PUBLIC_URL.
 * @throws AppError 400 `invalid_request` (nothing left after sanitising), 404 `not_found` (no such page), 409 `conflict` (the page has a description).
 */
export async function createDescription(deps: DocsDeps, input: DocDescriptionInput): Promise<DocDescription> {
  const description = cleanDescription(input.description);
  await requireTitle(deps, input.titleId);
  const id = await repo.insertDescription(deps.db, { ...asStored({ ...input, description }, deps.publicUrl), updatedAt: deps.now() });
  if (!id) throw alreadyDescribed();
  return getDescription(deps, id);
}

/**
 * Replaces description `id` (operator only): its page (`titleId`, which may move it to a page
 * without a description), HTML (sanitised, docs-sanitize.ts) and samples.
 * @throws AppError 400 `invalid_request` (nothing left after sanitising), 404 `not_found` (no such description or page), 409 `conflict` (the target page has another description).
 */
export async function updateDescription(deps: DocsDeps, id: string, input: DocDescriptionInput): Promise<DocDescription> {
  const description = cleanDescription(input.description);
  const current = UUID_RE.test(id) ? await repo.findDescription(deps.db, id) : null;
  if (!current) throw notFound();
  if (input.titleId !== current.titleId) {
    await requireTitle(deps, input.titleId);
    if (await repo.findDescriptionByTitle(deps.db, input.titleId)) throw alreadyDescribed();
  }
  if (!(await repo.updateDescription(deps.db, id, { ...asStored({ ...input, description }, deps.publicUrl), updatedAt: deps.now() }))) throw notFound();
  return getDescription(deps, id);
}

/** Deletes description `id` (operator only). @throws AppError 404 `not_found`. */
export async function deleteDescription(deps: Pick<DocsDeps, 'db'>, id: string): Promise<void> {
  if (!UUID_RE.test(id) || !(await repo.deleteDescription(deps.db, id))) throw notFound();
}

/** What `operator --email` did: the user, and whether they were an operator already. */
export interface OperatorChange {
  userId: string;
  fullName: string;
  email: string;
  changed: boolean;
}

/**
 * Makes the user with e-mail `email` (matched case-insensitively) an operator, who may edit the
 * documentation (issue 14; ARCHITECTURE.md §4 `operator --email`). Idempotent.
 * @throws AppError 404 `not_found` 'No user with e-mail <email>'.
 */
export async function makeOperator(deps: Pick<DocsDeps, 'db' | 'now'>, email: string): Promise<OperatorChange> {
  const normalised = email.trim().toLowerCase();
  const user = await repo.setOperator(deps.db, normalised, deps.now());
  if (!user) throw new AppError('not_found', SERVER_MESSAGES.noUserWithEmail(normalised));
  return { userId: user.id, fullName: user.fullName, email: user.email, changed: !user.already };
}
