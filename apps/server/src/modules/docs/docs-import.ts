/**
 * The docs import (issue 14; ARCHITECTURE.md §4 `docs:import`): the Markdown pages of `docs/api`
 * (docs-markdown.ts) into api_version, doc_menu, doc_title and doc_description, in one transaction,
 * idempotently: pages are matched by version + slug and updated in place (their ids, hence the
 * site's URLs, stay), a page whose content is unchanged keeps its updatedAt, and pages no longer in
 * the directory are removed with their descriptions (then groups left empty, and versions left
 * without pages that are not in the directory). The repository is the source of the imported pages:
 * an operator's edit of an imported page is replaced by the next import.
 * Used by the operator CLI (admin.service.ts) and the demo seed.
 */
import type { Db } from '../../db/client.ts';
import type { StoredDocSample } from '../../db/schema/docs.ts';
import { DEFAULT_DOCS_DIR, DocsSourceError, readDocsDir, SAMPLE_TAGS, type DocPageSource, type SampleTag } from './docs-markdown.ts';
import * as repo from './docs.repo.ts';
import { sanitizeDocHtml } from './docs-sanitize.ts';

export { DEFAULT_DOCS_DIR, DocsSourceError };

/** What an import changed. Lists hold page files (`01-getting-started/01-access-tokens.md`) or titles. */
export interface DocsImportResult {
  dir: string;
  pages: number;
  versionsCreated: string[];
  versionsRemoved: string[];
  groupsCreated: string[];
  groupsUpdated: string[];
  groupsRemoved: string[];
  pagesCreated: string[];
  pagesUpdated: string[];
  pagesUnchanged: number;
  pagesRemoved: string[];
}

/** The languageSupport of a page: one entry per sample in tab order, each with the recorded response. */
export function samplesOf(page: DocPageSource): StoredDocSample[] {
  return (Object.keys(SAMPLE_TAGS) as SampleTag[])
    .filter((tag) => page.samples[tag] !== undefined)
    .map((tag) => ({ language: SAMPLE_TAGS[tag], request: page.samples[tag]!, response: page.response ?? '' }));
}

/** `href="doc:<slug>"` -> `href="/docs/{menuId}/{titleId}"` (the site's page URL). @throws DocsSourceError for an unknown slug. */
function resolveDocLinks(page: DocPageSource, targets: Map<string, { menuId: string; titleId: string }>): string {
  return page.html.replace(/href="doc:([a-z0-9-]+)(#[^"]*)?"/g, (_, slug: string, hash: string | undefined) => {
    const t = targets.get(`${page.meta.version}/${slug}`);
    if (!t) throw new DocsSourceError(page.file, `links to doc:${slug}, which is no page of ${page.meta.version}`);
    return `href="/docs/${t.menuId}/${t.titleId}${hash ?? ''}"`;
  });
}

/**
 * Imports `pages` (readDocsDir's) into the database in one transaction at `now`. A page with
 * samples must have its recorded response.
 * @throws DocsSourceError (nothing is changed).
 */
export async function importDocPages(db: Db, pages: DocPageSource[], now: Date, dir = ''): Promise<DocsImportResult> {
  for (const p of pages) {
    if (Object.keys(p.samples).length && p.response === undefined) {
      throw new DocsSourceError(p.file, 'the samples have no recorded ```response block: run `npm run docs:record`');
    }
  }
  const result: DocsImportResult = {
    dir,
    pages: pages.length,
    versionsCreated: [],
    versionsRemoved: [],
    groupsCreated: [],
    groupsUpdated: [],
    groupsRemoved: [],
    pagesCreated: [],
    pagesUpdated: [],
    pagesUnchanged: 0,
    pagesRemoved: [],
  };
  await db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const versionIds = new Map<string, string>();
    // Versions in the order they first appear, so a new v2 is created after v1 (the site sorts by createdAt).
    const versions = [...new Set([...pages].sort((a, b) => a.meta.version.localeCompare(b.meta.version, 'en', { numeric: true })).map((p) => p.meta.version))];
    for (const [i, version] of versions.entries()) {
      const { row, created } = await repo.upsertVersion(tx, version, new Date(now.getTime() + i));
      versionIds.set(version, row.id);
      if (created) result.versionsCreated.push(version);
    }
    const menuIds = new Map<string, string>();
    for (const p of pages) {
      if (menuIds.has(p.meta.group)) continue;
      const { id, change } = await repo.upsertMenu(tx, { title: p.meta.group, number: p.meta.group_number, icon: p.meta.icon ?? null });
      menuIds.set(p.meta.group, id);
      if (change === 'created') result.groupsCreated.push(p.meta.group);
      if (change === 'updated') result.groupsUpdated.push(p.meta.group);
    }
    const targets = new Map<string, { menuId: string; titleId: string }>();
    const titleChanges = new Map<DocPageSource, 'created' | 'updated' | 'unchanged'>();
    for (const p of pages) {
      const menuId = menuIds.get(p.meta.group)!;
      const { id, change } = await repo.upsertTitle(tx, { apiVersionId: versionIds.get(p.meta.version)!, slug: p.meta.slug, menuId, title: p.meta.title, number: p.meta.number });
      targets.set(`${p.meta.version}/${p.meta.slug}`, { menuId, titleId: id });
      titleChanges.set(p, change);
    }
    for (const p of pages) {
      const titleId = targets.get(`${p.meta.version}/${p.meta.slug}`)!.titleId;
      const description = sanitizeDocHtml(resolveDocLinks(p, targets));
      const change = await repo.upsertDescriptionOfTitle(tx, { titleId, description, languageSupport: samplesOf(p), updatedAt: now });
      const title = titleChanges.get(p)!;
      if (title === 'created') result.pagesCreated.push(p.file);
      else if (title === 'updated' || change !== 'unchanged') result.pagesUpdated.push(p.file);
      else result.pagesUnchanged++;
    }
    result.pagesRemoved = (await repo.deleteTitlesExcept(tx, [...targets.values()].map((t) => t.titleId))).map((t) => `${t.title} (${t.slug})`);
    result.groupsRemoved = await repo.deleteEmptyMenus(tx);
    result.versionsRemoved = await repo.deleteUnusedVersions(tx, versions);
  });
  return result;
}

/**
 * Reads the pages under `dir` (default `docs/api` of the repository) and imports them at `now`.
 * @throws Error (no such directory, no pages) or DocsSourceError (a page's problem); nothing is changed.
 */
export async function importDocsFromDir(db: Db, dir: string = DEFAULT_DOCS_DIR, now = new Date()): Promise<DocsImportResult> {
  return importDocPages(db, readDocsDir(dir), now, dir);
}

/** The import's result as the lines the CLI prints. */
export function describeDocsImport(r: DocsImportResult): string {
  const lines = [`Imported ${r.pages} documentation page${r.pages === 1 ? '' : 's'} from ${r.dir}.`];
  const list = (label: string, items: string[]) => {
    if (items.length) lines.push(`${label} (${items.length}): ${items.join(', ')}`);
  };
  list('Versions created', r.versionsCreated);
  list('Groups created', r.groupsCreated);
  list('Groups updated', r.groupsUpdated);
  list('Pages created', r.pagesCreated);
  list('Pages updated', r.pagesUpdated);
  list('Pages removed', r.pagesRemoved);
  list('Groups removed', r.groupsRemoved);
  list('Versions removed', r.versionsRemoved);
  lines.push(`Pages unchanged: ${r.pagesUnchanged}.`);
  const changed = r.versionsCreated.length + r.groupsCreated.length + r.groupsUpdated.length + r.pagesCreated.length + r.pagesUpdated.length + r.pagesRemoved.length + r.groupsRemoved.length + r.versionsRemoved.length;
  if (!changed) lines.push('Nothing changed.');
  return `${lines.join('\n')}\n`;
}
