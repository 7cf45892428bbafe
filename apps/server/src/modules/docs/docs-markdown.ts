/**
 * The API documentation's source format (issue 14): one Markdown file per page under `docs/api/`
 * at the repository root, with YAML front matter, read into a page the import stores.
 *
 * ```markdown
 * ---
 * group: Getting started        # the sidebar group (doc_menu.title)
 * group_number: 1               # the group's number (doc_menu.number)
 * icon: rocket                  # the group's icon name, optional
 * title: Access tokens          # the page (doc_title.title)
 * number: 1                     # its place in the group
 * version: v1                   # the API version (api_version.version)
 * slug: access-tokens           # unique per version; other pages link to it as (doc:access-tokens)
 * token: sms                    # optional: the channel whose access token runs the samples (default sms)
 * application: prepaid          # optional: the samples' application: main (post-paid, default),
 *                               #   prepaid (no quota left) or signed (requires signed requests)
 * before_each:                  # optional: requests made (with that token) before each sample runs
 *   - { method: DELETE, path: /v1/whatsapp/templates?name=appointment_reminder }
 * ---
 * Text of the page (Markdown -> HTML with marked; the site sanitises it).
 *
 * ```curl          <- the page's samples: fenced blocks tagged exactly curl, js and php
 * ```js               (all three or none), moved to the site's code panel
 * ```php
 * ```response      <- the response the samples give, written by `npm run docs:record`, never by hand
 * ```
 *
 * Any other fence (`sh`, `javascript`, `json`, `php receiver`, …) stays in the text. A link to
 * `doc:<slug>` is a link to another page of the same version (resolved by the import).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { Marked, type Token, type Tokens, type TokensList } from 'marked';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { CHANNEL_IDS } from '@pesan/contracts/channels';
import type { DocLanguage } from '@pesan/contracts/docs';
import { singleLine } from '@pesan/contracts/text-fields';
import { DOCS_API_DIR } from '../../lib/paths.ts';

/** `docs/api` at the repository root: where the pages live. */
export const DEFAULT_DOCS_DIR = DOCS_API_DIR;

/** Sample fence tags and the language tab each becomes (console.md §9 tab order). */
/**
 * The base URL the pages and their samples are written with. The docs calls answer them with the
 * server's own PUBLIC_URL instead (docs.service.ts, issue 23 item 19), so a copied sample works on
 * any install; the samples test runs them against its server the same way.
 */
export const DOCS_SAMPLE_BASE_URL = 'http://localhost:3000';

/** `text` with every `baseUrl` (no trailing slash) where it has `from` (DOCS_SAMPLE_BASE_URL unless given). */
export const withBaseUrl = (text: string, baseUrl: string, from: string = DOCS_SAMPLE_BASE_URL): string => (from === baseUrl ? text : text.split(from).join(baseUrl));

export const SAMPLE_TAGS = { curl: 'CURL', js: 'NodeJS', php: 'PHP' } as const satisfies Record<string, DocLanguage>;
export type SampleTag = keyof typeof SAMPLE_TAGS;
export const RESPONSE_TAG = 'response';

/** A docs source file that cannot be imported: the file and the reason, one line. */
export class DocsSourceError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`${file}: ${reason}`);
  }
}

const frontMatterSchema = z.strictObject({
  group: singleLine(z.string().trim().min(1).max(100), 'group', { visible: true }),
  group_number: z.number().int().min(0).max(10_000),
  icon: singleLine(z.string().trim().min(1).max(50), 'icon', { visible: true }).nullable().optional(),
  title: singleLine(z.string().trim().min(1).max(200), 'title', { visible: true }),
  number: z.number().int().min(0).max(10_000),
  version: z.string().regex(/^v\d+(\.\d+)?$/, 'version must look like v1'),
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'slug must be lower-case words joined by hyphens'),
  token: z.enum(CHANNEL_IDS).optional(),
  application: z.enum(['main', 'prepaid', 'signed']).optional(),
  before_each: z
    .array(z.strictObject({ method: z.enum(['GET', 'POST', 'PUT', 'DELETE']), path: z.string().regex(/^\/v1\//, 'before_each paths start with /v1/'), body: z.unknown().optional() }))
    .max(5)
    .optional(),
});
export type DocFrontMatter = z.infer<typeof frontMatterSchema>;

/** One page as read from its file. */
export interface DocPageSource {
  /** Path relative to the docs directory, with '/' separators. */
  file: string;
  meta: DocFrontMatter;
  /** The text as HTML, `doc:<slug>` links not yet resolved. */
  html: string;
  /** The samples by fence tag (each without its trailing newline); empty when the page has none. */
  samples: Partial<Record<SampleTag, string>>;
  /** The recorded response, or undefined when not recorded yet. */
  response: string | undefined;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** Splits a file's text into its front matter (parsed) and body. @throws DocsSourceError */
export function splitFrontMatter(file: string, text: string): { meta: DocFrontMatter; body: string } {
  const m = FRONT_MATTER.exec(text);
  if (!m) throw new DocsSourceError(file, 'no front matter: start the file with a --- block (group, group_number, title, number, version, slug)');
  let raw: unknown;
  try {
    raw = parseYaml(m[1]!);
  } catch (err) {
    throw new DocsSourceError(file, `front matter is not valid YAML: ${(err as Error).message.split('\n')[0]}`);
  }
  const parsed = frontMatterSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new DocsSourceError(file, `front matter ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return { meta: parsed.data, body: text.slice(m[0].length) };
}

const marked = new Marked({ gfm: true });

/**
 * Reads one page from its text: front matter, the text as HTML without the sample fences, the
 * samples and the recorded response. A page has all three samples or none, and at most one of each.
 * @throws DocsSourceError naming the file and the problem.
 */
export function parseDocPage(file: string, text: string): DocPageSource {
  const { meta, body } = splitFrontMatter(file, text);
  const tokens = marked.lexer(body);
  const samples: Partial<Record<SampleTag, string>> = {};
  let response: string | undefined;
  const kept: Token[] = [];
  for (const token of tokens) {
    const lang = token.type === 'code' ? ((token as Tokens.Code).lang ?? '') : '';
    if (lang in SAMPLE_TAGS || lang === RESPONSE_TAG) {
      const code = (token as Tokens.Code).text;
      if (lang === RESPONSE_TAG) {
        if (response !== undefined) throw new DocsSourceError(file, 'more than one ```response block');
        response = code;
      } else {
        if (samples[lang as SampleTag] !== undefined) throw new DocsSourceError(file, `more than one \`\`\`${lang} sample`);
        samples[lang as SampleTag] = code;
      }
      continue;
    }
    kept.push(token);
  }
  const tags = Object.keys(samples);
  if (tags.length && tags.length < 3) throw new DocsSourceError(file, `samples need curl, js and php together (found ${tags.join(', ')})`);
  if (!tags.length && response !== undefined) throw new DocsSourceError(file, 'a ```response block without samples');
  const list = Object.assign(kept, { links: (tokens as TokensList).links }) as TokensList;
  const html = marked.parser(list).trim();
  if (!html) throw new DocsSourceError(file, 'the page has no text');
  return { file, meta, html, samples, response };
}

/** Every `*.md` file under `dir` (recursively, sorted), except README.md files. */
export function listDocFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.md') && name.toLowerCase() !== 'readme.md') out.push(full);
    }
  };
  walk(dir);
  return out;
}

/**
 * Reads every page under `dir` and checks them together: a slug once per version, one number and
 * icon per group.
 * @throws DocsSourceError (a file's problem) or Error (no such directory, no pages).
 */
export function readDocsDir(dir: string): DocPageSource[] {
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) throw new Error(`No docs directory at ${dir}`);
  const files = listDocFiles(dir);
  if (!files.length) throw new Error(`No Markdown pages (*.md) under ${dir}`);
  const pages = files.map((full) => parseDocPage(relative(dir, full).split(sep).join('/'), readFileSync(full, 'utf8')));
  const slugs = new Map<string, string>();
  const groups = new Map<string, DocPageSource>();
  for (const p of pages) {
    const key = `${p.meta.version}/${p.meta.slug}`;
    const other = slugs.get(key);
    if (other) throw new DocsSourceError(p.file, `slug '${p.meta.slug}' of ${p.meta.version} is also used by ${other}`);
    slugs.set(key, p.file);
    const first = groups.get(p.meta.group);
    if (!first) groups.set(p.meta.group, p);
    else if (first.meta.group_number !== p.meta.group_number || (first.meta.icon ?? null) !== (p.meta.icon ?? null)) {
      throw new DocsSourceError(p.file, `group '${p.meta.group}' has group_number ${p.meta.group_number} and icon ${p.meta.icon ?? 'none'} here but ${first.meta.group_number} and ${first.meta.icon ?? 'none'} in ${first.file}`);
    }
  }
  return pages;
}

/**
 * Writes `response` as the page's ```response block in `text` (replacing the one there, else right
 * after the last sample), for the record script. Returns the new text.
 */
export function withRecordedResponse(text: string, response: string): string {
  const fence = '```';
  const block = `${fence}${RESPONSE_TAG}\n${response.trimEnd()}\n${fence}\n`;
  const existing = new RegExp(`^${fence}${RESPONSE_TAG}[ \\t]*\\r?\\n[\\s\\S]*?^${fence}[ \\t]*(\\r?\\n|$)`, 'm');
  if (existing.test(text)) return text.replace(existing, () => block);
  const sample = new RegExp(`^${fence}(curl|js|php)[ \\t]*\\r?\\n[\\s\\S]*?^${fence}[ \\t]*(\\r?\\n|$)`, 'gm');
  let end = -1;
  for (const m of text.matchAll(sample)) end = m.index! + m[0].length;
  if (end < 0) throw new Error('the page has no samples to record a response for');
  const before = text.slice(0, end);
  return `${before}${before.endsWith('\n') ? '' : '\n'}\n${block}${text.slice(end).replace(/^\n+/, '')}`;
}
