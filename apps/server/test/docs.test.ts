/**
 * The API documentation calls (console.md §2 Docs layout, §3, §6, §7 Docs; ARCHITECTURE.md §5;
 * issue 14) and the docs import (`npm run admin -- docs:import`, the seed): shapes, sorting
 * (versions by createdAt, groups by title, pages by number), the version of each page, descriptions
 * by page id, 404s, reads without a session, operator-only edits with the database state, the
 * operator command, and an idempotent import that removes pages no longer present.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiVersionSchema, DOCS_MESSAGES, docDescriptionSchema, docMenuItemSchema, type DocMenuItem } from '@pesan/contracts/docs';
import { docDescriptions, docTitles } from '../src/db/schema/docs.ts';
import { users } from '../src/db/schema/users.ts';
import { DEFAULT_DOCS_DIR, DocsSourceError, importDocsFromDir } from '../src/modules/docs/docs-import.ts';
import { readDocsDir } from '../src/modules/docs/docs-markdown.ts';
import { countDocs } from '../src/modules/docs/docs.repo.ts';
import { seedDemoDocs } from '../src/seed/docs.ts';
import { signUpVerifiedUser } from './accounts-helper.ts';
import { createTestApp, sameOrigin, type TestApp } from './harness.ts';

let t: TestApp;
const dirs: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ workers: false, env: { AUTH_RATE_LIMIT: '100000' } });
});
afterAll(async () => {
  await t.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const db = () => t.ctx.database.db;
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** A page file's text. */
function page(meta: Record<string, string | number>, body = 'Some **text**.', samples = false): string {
  const front = Object.entries(meta).map(([k, v]) => `${k}: ${typeof v === 'string' ? JSON.stringify(v) : v}`).join('\n');
  const code = samples ? '\n\n```curl\ncurl http://localhost:3000/v1/x\n```\n\n```js\nconsole.log(1);\n```\n\n```php\n<?php echo 1;\n```\n\n```response\n{"ok": true}\n```\n' : '';
  return `---\n${front}\n---\n${body}${code}`;
}

/** A docs directory holding `files` (relative path -> text). */
function docsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'pesan-docs-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const base = { version: 'v1' };
const FILES = {
  'zeta/02-second.md': page({ ...base, group: 'Zeta', group_number: 1, icon: 'rocket', title: 'Second', number: 2, slug: 'second' }),
  'zeta/01-first.md': page({ ...base, group: 'Zeta', group_number: 1, icon: 'rocket', title: 'First', number: 1, slug: 'first' }, 'See [the other](doc:alpha-one).', true),
  'alpha/10-ten.md': page({ ...base, group: 'Alpha', group_number: 2, title: 'Ten', number: 10, slug: 'alpha-ten' }),
  'alpha/01-one.md': page({ ...base, group: 'Alpha', group_number: 2, title: 'One', number: 1, slug: 'alpha-one' }),
  'alpha/v2-one.md': page({ version: 'v2', group: 'Alpha', group_number: 2, title: 'One (v2)', number: 1, slug: 'alpha-one' }),
};

async function menu(): Promise<DocMenuItem[]> {
  const res = await get('/api/doc/menu?include=%5B%22titles%22%5D&noauth=true');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('docs reads (no session needed)', () => {
  it('answers empty lists before any import', async () => {
    expect((await get('/api/doc/api-version')).json()).toEqual({ data: { data: [] } });
    expect((await get('/api/doc/menu?include=["titles"]')).json()).toEqual({ data: [] });
    expect((await get('/api/doc/description')).json()).toEqual({ data: [] });
  });

  it('lists versions by createdAt, groups by title, pages by number with their version', async () => {
    await importDocsFromDir(db(), docsDir(FILES), new Date('2026-01-01T00:00:00Z'));
    const versions = (await get('/api/doc/api-version?noauth=true')).json().data.data;
    expect(versions.map((v: { version: string }) => v.version)).toEqual(['v1', 'v2']);
    for (const v of versions) expect(apiVersionSchema.parse(v)).toEqual(v);
    expect(Date.parse(versions[0].createdAt)).toBeLessThan(Date.parse(versions[1].createdAt));

    const groups = await menu();
    for (const g of groups) expect(docMenuItemSchema.parse(g)).toEqual(g);
    expect(groups.map((g) => [g.title, g.number, g.icon])).toEqual([
      ['Alpha', 2, null],
      ['Zeta', 1, 'rocket'],
    ]);
    const [v1, v2] = versions.map((v: { id: string }) => v.id);
    expect(groups[0]!.titles.map((c) => [c.title, c.number, c.apiVersionUid])).toEqual([
      ['One', 1, v1],
      ['One (v2)', 1, v2],
      ['Ten', 10, v1],
    ]);
    expect(groups[1]!.titles.map((c) => c.title)).toEqual(['First', 'Second']);
    // The site filters children by the chosen version (console.md §2): v2 has one page.
    expect(groups.flatMap((g) => g.titles).filter((c) => c.apiVersionUid === v2).map((c) => c.title)).toEqual(['One (v2)']);
    // Without include=["titles"], groups come without children; a bad include is ignored.
    expect((await get('/api/doc/menu')).json().data.every((g: DocMenuItem) => g.titles.length === 0)).toBe(true);
    expect((await get('/api/doc/menu?include=titles')).json().data[0].titles).toHaveLength(3);
    expect((await get('/api/doc/menu?include=%7Bnot-json')).statusCode).toBe(200);
  });

  it('answers a page description by page id, and every description, in the contract shape', async () => {
    const first = (await menu())[1]!.titles[0]!;
    const res = await get(`/api/doc/description/title/${first.id}?noauth=true`);
    expect(res.statusCode).toBe(200);
    const d = res.json().data.data;
    expect(docDescriptionSchema.parse(d)).toEqual(d);
    expect(d).toMatchObject({ titleId: first.id, title: 'First' });
    expect(d.languageSupport).toEqual([
      { language: 'CURL', request: 'curl http://localhost:3000/v1/x', response: '{"ok": true}' },
      { language: 'NodeJS', request: 'console.log(1);', response: '{"ok": true}' },
      { language: 'PHP', request: '<?php echo 1;', response: '{"ok": true}' },
    ]);
    // The samples left the text; the doc: link became the site's page URL.
    expect(d.description).not.toContain('```');
    expect(d.description).not.toContain('curl http');
    const alpha = (await menu())[0]!;
    expect(d.description).toContain(`<a href="/docs/${alpha.id}/${alpha.titles[0]!.id}">the other</a>`);

    const byId = await get(`/api/doc/description/${d.id}`);
    expect(byId.json()).toEqual({ data: d });
    const all = (await get('/api/doc/description')).json().data;
    expect(all).toHaveLength(5);
    expect(all.map((x: { title: string }) => x.title)).toEqual(['One', 'One (v2)', 'Ten', 'First', 'Second']);
  });

  it('answers 404 with the docs message for an unknown or malformed id', async () => {
    for (const url of [`/api/doc/description/title/${randomUUID()}`, '/api/doc/description/title/nope', `/api/doc/description/${randomUUID()}`, '/api/doc/description/%27%20or%201=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'not_found', message: DOCS_MESSAGES.notFound });
    }
  });

  it('answers signed-in users the same as anonymous ones', async () => {
    const person = await signUpVerifiedUser(t);
    for (const url of ['/api/doc/api-version', '/api/doc/menu?include=["titles"]', '/api/doc/description']) {
      expect((await get(url, { cookie: person.cookie })).body).toBe((await get(url)).body);
    }
  });
});

describe('editing descriptions is for operators only', () => {
  let operator: { cookie: string; email: string };
  let stranger: { cookie: string };
  let freeTitleId: string;
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string | undefined, payload?: unknown) =>
    t.app.inject({ method, url, headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const body = (titleId: string, description = '<p>Operator text</p>') => ({ titleId, description, languageSupport: [{ language: 'CURL', request: 'curl x', response: '{}' }] });

  beforeAll(async () => {
    const o = await signUpVerifiedUser(t);
    operator = { cookie: o.cookie, email: o.user.email };
    stranger = await signUpVerifiedUser(t);
    const out = await t.ctx.services.admin.runAdminCommand({ command: 'operator', email: operator.email.toUpperCase() }, new Date());
    expect(out.output).toBe(`User ${operator.email} (Test User) is now an operator: they can edit the API documentation.\n`);
    const again = await t.ctx.services.admin.runAdminCommand({ command: 'operator', email: operator.email }, new Date());
    expect(again.output).toContain('is already an operator; nothing changed.');
    // A page without a description to create one on.
    const page = (await menu())[0]!.titles[2]!;
    const existing = (await get(`/api/doc/description/title/${page.id}`)).json().data.data;
    await db().delete(docDescriptions).where(eq(docDescriptions.id, existing.id));
    freeTitleId = page.id;
  });

  it('the operator command refuses an unknown or invalid e-mail', async () => {
    await expect(t.ctx.services.admin.runAdminCommand({ command: 'operator', email: 'nobody@example.com' }, new Date())).rejects.toMatchObject({ code: 'not_found', message: 'No user with e-mail nobody@example.com' });
    await expect(t.ctx.services.admin.runAdminCommand({ command: 'operator', email: 'not-an-email' }, new Date())).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(t.ctx.services.admin.runAdminCommand({ command: 'operator' }, new Date())).rejects.toMatchObject({ message: '--email is required' });
    const [row] = await db().select({ isOperator: users.isOperator }).from(users).where(eq(users.email, operator.email));
    expect(row!.isOperator).toBe(true);
  });

  it('anonymous: 401; signed in but not an operator: 403 whatever the body; nothing changes', async () => {
    const before = await countDocs(db());
    const some = (await get('/api/doc/description')).json().data[0];
    for (const [method, url] of [['POST', '/api/doc/description'], ['PUT', `/api/doc/description/${some.id}`], ['DELETE', `/api/doc/description/${some.id}`]] as const) {
      const anonymous = await send(method, url, undefined, method === 'DELETE' ? undefined : body(freeTitleId));
      expect(anonymous.statusCode, `${method} anonymous`).toBe(401);
      expect(anonymous.json().error.code).toBe('unauthorized');
      for (const payload of method === 'DELETE' ? [undefined] : [body(freeTitleId), { nonsense: true }]) {
        const refused = await send(method, url, stranger.cookie, payload);
        expect(refused.statusCode, `${method} stranger`).toBe(403);
        expect(refused.json().error).toMatchObject({ code: 'forbidden', message: DOCS_MESSAGES.operatorOnly });
      }
    }
    expect(await countDocs(db())).toEqual(before);
    expect((await get(`/api/doc/description/${some.id}`)).json().data).toEqual(some);
  });

  it('an operator creates (201), replaces (200) and deletes (204) a description', async () => {
    const created = await send('POST', '/api/doc/description', operator.cookie, body(freeTitleId));
    expect(created.statusCode, created.body).toBe(201);
    const d = created.json().data;
    expect(docDescriptionSchema.parse(d)).toEqual(d);
    expect(d).toMatchObject({ titleId: freeTitleId, title: 'Ten', description: '<p>Operator text</p>' });
    const [row] = await db().select().from(docDescriptions).where(eq(docDescriptions.id, d.id));
    expect(row).toMatchObject({ titleId: freeTitleId, description: '<p>Operator text</p>', languageSupport: [{ language: 'CURL', request: 'curl x', response: '{}' }] });

    // A page has one description.
    const twice = await send('POST', '/api/doc/description', operator.cookie, body(freeTitleId));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('conflict');
    // An unknown page, an invalid body.
    expect((await send('POST', '/api/doc/description', operator.cookie, body(randomUUID()))).statusCode).toBe(404);
    const invalid = await send('POST', '/api/doc/description', operator.cookie, { ...body(freeTitleId), description: '' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe('Description is required');

    const replaced = await send('PUT', `/api/doc/description/${d.id}`, operator.cookie, { ...body(freeTitleId, '<p>Better</p>'), languageSupport: [] });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({ id: d.id, description: '<p>Better</p>', languageSupport: [] });
    const [after] = await db().select().from(docDescriptions).where(eq(docDescriptions.id, d.id));
    expect(after).toMatchObject({ description: '<p>Better</p>', languageSupport: [] });
    // Moving it onto a page that has a description is a conflict.
    const other = (await get('/api/doc/description')).json().data.find((x: { id: string }) => x.id !== d.id);
    expect((await send('PUT', `/api/doc/description/${d.id}`, operator.cookie, body(other.titleId))).statusCode).toBe(409);
    expect((await send('PUT', `/api/doc/description/${randomUUID()}`, operator.cookie, body(freeTitleId))).statusCode).toBe(404);

    const deleted = await send('DELETE', `/api/doc/description/${d.id}`, operator.cookie);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await db().select().from(docDescriptions).where(eq(docDescriptions.id, d.id))).toEqual([]);
    expect((await get(`/api/doc/description/title/${freeTitleId}`)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/doc/description/${d.id}`, operator.cookie)).statusCode).toBe(404);
  });

  // Issue 23 item 23: each vector an operator could save, cleaned on write (the row) and as served.
  const VECTORS: [string, string][] = [
    ['<p>a</p><script>alert(document.cookie)</script>', '<p>a</p>'],
    ['<p>b</p><img src="https://example.com/x.png" onerror="alert(1)">', '<p>b</p><img src="https://example.com/x.png" />'],
    ['<p><a href="javascript:alert(1)">c</a></p>', '<p><a>c</a></p>'],
    ['<p><a href=" JaVaScRiPt&#58;alert(1)">d</a><img src="javascript:alert(1)"></p>', '<p><a>d</a><img /></p>'],
    ['<base href="https://evil.example/"><p>e</p>', '<p>e</p>'],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example"><p>f</p>', '<p>f</p>'],
    ['<p style="position:fixed" onclick="x()">g</p><iframe src="https://evil.example"></iframe><svg onload="x()"><script>y</script></svg>', '<p>g</p>'],
    ['<p><a href="data:text/html,<script>x</script>">h</a> <a href="/docs/a/b#c" target="_top">i</a> <code class="language-js">j</code></p>', '<p><a>h</a> <a href="/docs/a/b#c">i</a> <code class="language-js">j</code></p>'],
  ];

  it('sanitises the HTML an operator saves: the row and the answers hold none of script, handlers, javascript:, base, meta refresh', async () => {
    const created = await send('POST', '/api/doc/description', operator.cookie, body(freeTitleId, '<p>start</p>'));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    for (const [dirty, clean] of VECTORS) {
      const res = await send('PUT', `/api/doc/description/${id}`, operator.cookie, body(freeTitleId, dirty));
      expect([dirty, res.statusCode, res.json().data.description]).toEqual([dirty, 200, clean]);
      const [row] = await db().select().from(docDescriptions).where(eq(docDescriptions.id, id));
      expect([dirty, row!.description]).toEqual([dirty, clean]);
      expect([dirty, (await get(`/api/doc/description/${id}`)).json().data.description]).toEqual([dirty, clean]);
    }
    // Created dirty: stored clean.
    await db().delete(docDescriptions).where(eq(docDescriptions.id, id));
    const dirtyCreate = await send('POST', '/api/doc/description', operator.cookie, body(freeTitleId, VECTORS[0]![0]));
    expect(dirtyCreate.json().data.description).toBe(VECTORS[0]![1]);
    const [createdRow] = await db().select().from(docDescriptions).where(eq(docDescriptions.id, dirtyCreate.json().data.id));
    expect(createdRow!.description).toBe(VECTORS[0]![1]);
    // Nothing but refused markup: 400 in the envelope, nothing changed.
    const empty = await send('PUT', `/api/doc/description/${createdRow!.id}`, operator.cookie, body(freeTitleId, '<script>alert(1)</script>'));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({ code: 'invalid_request', message: 'Description is required', details: [{ path: 'description', message: 'Description is required' }] });
    expect((await db().select().from(docDescriptions).where(eq(docDescriptions.id, createdRow!.id)))[0]!.description).toBe(VECTORS[0]![1]);
    await db().delete(docDescriptions).where(eq(docDescriptions.id, createdRow!.id));
  });

  it('serves a row stored unsanitised before the rule clean, by id, by page and in the list', async () => {
    const dirty = VECTORS.map(([d]) => d).join('');
    const clean = VECTORS.map(([, c]) => c).join('');
    const [row] = await db().insert(docDescriptions).values({ titleId: freeTitleId, description: dirty, languageSupport: [], updatedAt: new Date() }).returning();
    expect((await get(`/api/doc/description/${row!.id}`)).json().data.description).toBe(clean);
    expect((await get(`/api/doc/description/title/${freeTitleId}`)).json().data.data.description).toBe(clean);
    expect((await get('/api/doc/description')).json().data.find((x: { id: string }) => x.id === row!.id).description).toBe(clean);
    await db().delete(docDescriptions).where(eq(docDescriptions.id, row!.id));
  });
});

describe('docs import', () => {
  it('is idempotent: a second import changes nothing and keeps ids and times', async () => {
    const dir = docsDir(FILES);
    await importDocsFromDir(db(), dir, new Date('2026-02-01T00:00:00Z'));
    const titles = await db().select().from(docTitles);
    const descriptions = await db().select().from(docDescriptions);
    const again = await importDocsFromDir(db(), dir, new Date('2026-03-01T00:00:00Z'));
    expect(again).toMatchObject({ pages: 5, pagesCreated: [], pagesUpdated: [], pagesRemoved: [], groupsCreated: [], groupsUpdated: [], groupsRemoved: [], versionsCreated: [], pagesUnchanged: 5 });
    expect(await db().select().from(docTitles)).toEqual(titles);
    expect(await db().select().from(docDescriptions)).toEqual(descriptions);
  });

  it('updates changed pages in place and removes pages, groups and versions no longer present', async () => {
    const before = await menu();
    const { 'alpha/v2-one.md': _v2, 'zeta/02-second.md': _second, ...rest } = FILES;
    const dir = docsDir({ ...rest, 'alpha/10-ten.md': page({ ...base, group: 'Alpha', group_number: 2, title: 'Ten, renamed', number: 3, slug: 'alpha-ten' }) });
    const r = await importDocsFromDir(db(), dir, new Date('2026-04-01T00:00:00Z'));
    expect(r).toMatchObject({ pagesCreated: [], pagesUpdated: ['alpha/10-ten.md'], pagesRemoved: ['One (v2) (alpha-one)', 'Second (second)'], versionsRemoved: ['v2'], pagesUnchanged: 2 });
    const after = await menu();
    expect(after[0]!.id).toBe(before[0]!.id);
    expect(after[0]!.titles.map((c) => [c.id, c.title, c.number])).toEqual([
      [before[0]!.titles[0]!.id, 'One', 1],
      [before[0]!.titles[2]!.id, 'Ten, renamed', 3],
    ]);
    expect((await get('/api/doc/api-version')).json().data.data.map((v: { version: string }) => v.version)).toEqual(['v1']);
    // Only its title and number changed: the description (and its updatedAt) stays; the title shown follows.
    expect((await get(`/api/doc/description/title/${before[0]!.titles[2]!.id}`)).json().data.data).toMatchObject({ title: 'Ten, renamed', updatedAt: '2026-02-01T00:00:00.000Z' });
  });

  it('refuses a bad page with the file and reason, and changes nothing', async () => {
    const before = await countDocs(db());
    const cases: [Record<string, string>, RegExp][] = [
      [{ 'a.md': 'no front matter' }, /a\.md: no front matter/],
      [{ 'a.md': page({ ...base, group: 'G', group_number: 1, title: 'T', number: 1, slug: 'Bad Slug' }) }, /a\.md: front matter slug: slug must be/],
      [{ 'a.md': page({ ...base, group: 'G', group_number: 1, title: 'T', number: 1, slug: 'a' }), 'b.md': page({ ...base, group: 'G', group_number: 1, title: 'U', number: 2, slug: 'a' }) }, /b\.md: slug 'a' of v1 is also used by a\.md/],
      [{ 'a.md': page({ ...base, group: 'G', group_number: 1, title: 'T', number: 1, slug: 'a' }), 'b.md': page({ ...base, group: 'G', group_number: 2, title: 'U', number: 2, slug: 'b' }) }, /b\.md: group 'G' has group_number 2/],
      [{ 'a.md': page({ ...base, group: 'G', group_number: 1, title: 'T', number: 1, slug: 'a' }, 'See [x](doc:missing)') }, /a\.md: links to doc:missing/],
      [{ 'a.md': page({ ...base, group: 'G', group_number: 1, title: 'T', number: 1, slug: 'a' }, 'Text\n\n```curl\ncurl x\n```\n') }, /samples need curl, js and php together/],
      [{ 'a.md': page({ ...base, group: 'G', group_number: 1, title: 'T', number: 1, slug: 'a' }, 'Text\n\n```curl\nc\n```\n\n```js\nj\n```\n\n```php\np\n```\n') }, /no recorded ```response block: run `npm run docs:record`/],
    ];
    for (const [files, message] of cases) {
      const err = await importDocsFromDir(db(), docsDir(files)).catch((e: unknown) => e);
      expect(err, JSON.stringify(files)).toBeInstanceOf(DocsSourceError);
      expect((err as Error).message).toMatch(message);
    }
    await expect(importDocsFromDir(db(), join(tmpdir(), `missing-${randomUUID()}`))).rejects.toThrow(/No docs directory at/);
    await expect(importDocsFromDir(db(), docsDir({ 'README.md': '# not a page' }))).rejects.toThrow(/No Markdown pages/);
    // Through the operator command: a 400 with the reason.
    await expect(t.ctx.services.admin.runAdminCommand({ command: 'docs:import', dir: docsDir({ 'a.md': 'x' }) }, new Date())).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/a\.md: no front matter/) });
    expect(await countDocs(db())).toEqual(before);
  });

  it('sanitises what it imports: raw HTML in a page loses script, handlers, javascript:, base and meta refresh (issue 23 item 23)', async () => {
    const dirty = 'Text.\n\n<script>alert(1)</script>\n\n<p onclick="x()"><a href="javascript:alert(1)">j</a> <img src="x.png" onerror="alert(1)"></p>\n\n<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example">\n';
    await importDocsFromDir(db(), docsDir({ 'a.md': page({ ...base, group: 'G', group_number: 1, title: 'T', number: 1, slug: 'a' }, dirty) }), new Date('2026-05-01T00:00:00Z'));
    const [row] = await db().select().from(docDescriptions);
    expect(row!.description).not.toMatch(/script|alert|onclick|onerror|javascript:|<base|<meta|evil/i);
    expect(row!.description).toContain('<p><a>j</a> <img src="x.png" /></p>');
  });

  it("imports the repository's docs: every page, samples with their recorded responses, links resolved", async () => {
    const pages = readDocsDir(DEFAULT_DOCS_DIR);
    const r = await t.ctx.services.admin.runAdminCommand({ command: 'docs:import' }, new Date());
    expect(r.output).toMatch(new RegExp(`^Imported ${pages.length} documentation pages from `));
    expect(r.output).toMatch(/Pages removed \(\d+\)/);
    const again = await t.ctx.services.admin.runAdminCommand({ command: 'docs:import' }, new Date());
    expect(again.output).toContain(`Pages unchanged: ${pages.length}.\nNothing changed.\n`);
    const groups = await menu();
    expect(groups.map((g) => g.title)).toEqual(['Getting started', 'Messages', 'Reference', 'Verify', 'Webhooks', 'WhatsApp templates']);
    expect(groups.flatMap((g) => g.titles)).toHaveLength(pages.length);
    const all = (await get('/api/doc/description')).json().data as { description: string; languageSupport: { language: string; response: string }[] }[];
    expect(all).toHaveLength(pages.length);
    for (const d of all) {
      expect(d.description).not.toMatch(/href="doc:/);
      expect(d.languageSupport.length === 0 || d.languageSupport.map((s) => s.language).join() === 'CURL,NodeJS,PHP').toBe(true);
      for (const s of d.languageSupport) expect(() => JSON.parse(s.response)).not.toThrow();
    }
    expect(all.filter((d) => d.languageSupport.length).length).toBeGreaterThanOrEqual(15);
  });

  it('the demo seed imports the same docs with the same function (nothing left to change)', async () => {
    const before = await db().select().from(docDescriptions);
    await seedDemoDocs(t.ctx);
    expect(await db().select().from(docDescriptions)).toEqual(before);
    expect((await countDocs(db())).titles).toBe(readDocsDir(DEFAULT_DOCS_DIR).length);
  });
});

describe("the docs answer this server's own base URL (issue 23 item 19)", () => {
  const PUBLIC = 'https://pesan.example.test';
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({ workers: false, env: { PUBLIC_URL: PUBLIC, AUTH_RATE_LIMIT: '100000' } });
    await other.ctx.services.admin.runAdminCommand({ command: 'docs:import' }, new Date());
  });
  afterAll(() => other?.close());

  it('writes the samples and the text with PUBLIC_URL, keeps the recorded responses, and stores edits with the written base', async () => {
    const source = readDocsDir(DEFAULT_DOCS_DIR).find((p) => p.meta.slug === 'send-sms')!;
    expect(source.samples.curl).toContain('http://localhost:3000/v1/sms/messages');
    const all = (await other.app.inject({ method: 'GET', url: '/api/doc/description' })).json().data as { id: string; title: string; description: string; languageSupport: { language: string; request: string; response: string }[] }[];
    expect(JSON.stringify(all)).not.toContain('localhost:3000');
    const sms = all.find((d) => d.title === 'Send an SMS')!;
    for (const s of sms.languageSupport) {
      expect(s.request, s.language).toContain(`${PUBLIC}/v1/sms/messages`);
      expect(s.response).toBe(source.response);
    }
    const intro = all.find((d) => d.title === 'Introduction')!;
    expect(intro.description).toContain(PUBLIC);
    const byId = (await other.app.inject({ method: 'GET', url: `/api/doc/description/${sms.id}` })).json().data;
    expect(byId.languageSupport[0].request).toContain(`${PUBLIC}/v1/sms/messages`);

    // An operator saves what the site showed: stored with the written base, answered with PUBLIC_URL.
    const o = await signUpVerifiedUser(other);
    await other.ctx.services.admin.runAdminCommand({ command: 'operator', email: o.user.email }, new Date());
    const [titleRow] = await other.ctx.database.db.select().from(docDescriptions).where(eq(docDescriptions.id, sms.id));
    const put = await other.app.inject({
      method: 'PUT',
      url: `/api/doc/description/${sms.id}`,
      headers: { origin: PUBLIC, cookie: o.cookie },
      payload: { titleId: titleRow!.titleId, description: sms.description, languageSupport: sms.languageSupport },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.languageSupport[0].request).toContain(`${PUBLIC}/v1/sms/messages`);
    const [stored] = await other.ctx.database.db.select().from(docDescriptions).where(eq(docDescriptions.id, sms.id));
    expect(stored!.languageSupport.map((l) => l.request)).toEqual([source.samples.curl, source.samples.js, source.samples.php]);
  });
});
