import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, defineConfig, parseSync, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { boot, type BootPage } from './src/app/boot.ts';
import { HOT_PAGES, type HotPageName } from './src/app/hot-pages.ts';

/** Writes `<file>.br` and `<file>.gz` of `body` (files under 1 KB are sent as they are). */
function writeCompressed(file: string, body: Buffer): void {
  if (body.length < 1024) return;
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset of the build (issue 10), which the
 * server sends through @fastify/static's `preCompressed` option: no compression per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'pesan-precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir)),
    writeBundle() {
      const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name.startsWith('.') ? [] : walk(join(dir, e.name))) : [join(dir, e.name)]));
      for (const file of walk(outDir).filter((f) => /\.(js|css|html|svg|json|txt|map)$/.test(f))) writeCompressed(file, readFileSync(file));
    },
  };
}

type HotPage = HotPageName;
/** The console's languages, as the catalogue folders src/locales/<lang> name them. */
const LANGUAGES = ['en', 'id'] as const;
/** A route module's id (absolute path) from its path under app/routes. */
const routeId = (r: string) => join(import.meta.dirname, 'src/app/routes', r);

/** Each hot page with every module it loads as a chunk of its own: its routes, then its lazy modules. */
const hotPages = () => HOT_PAGES.map((p) => ({ name: p.name, modules: [...p.routes, ...('lazy' in p ? p.lazy : [])] }));

/** Which hot pages load each module on first load ('entry': the entry chunk and its imports). */
type Usage = Map<string, Set<HotPage | 'entry'>>;

/** What the probe build found: hot-page usage, and every module of the app (after tree shaking). */
interface Probe {
  usage: Usage;
  modules: Set<string>;
  /** Rendered bytes of each module in that build. */
  sizes: Map<string, number>;
}

/**
 * Builds the app once in memory with Rolldown's default chunking and records which hot pages load
 * each module (after tree shaking, through the chunks of that build).
 */
async function probeBuild(root: string): Promise<Probe> {
  const result = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [react(), pureContractConstants()],
    build: { write: false, manifest: false, copyPublicDir: false, reportCompressedSize: false },
  });
  const output = (Array.isArray(result) ? result[0]! : (result as Rolldown.RolldownOutput)).output;
  const chunks = output.filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: Rolldown.OutputChunk[]) => {
    const seen = new Set<Rolldown.OutputChunk>();
    const visit = (c: Rolldown.OutputChunk) => {
      if (seen.has(c)) return;
      seen.add(c);
      for (const f of c.imports) visit(byFile.get(f)!);
    };
    start.forEach(visit);
    return seen;
  };
  const usage: Usage = new Map();
  const mark = (cs: Set<Rolldown.OutputChunk>, tag: HotPage | 'entry') => {
    for (const c of cs) for (const id of c.moduleIds) usage.set(id, (usage.get(id) ?? new Set()).add(tag));
  };
  const entries = chunks.filter((c) => c.isEntry);
  mark(closure(entries), 'entry');
  for (const { name: page, modules } of hotPages()) {
    const roots = modules.map((r) => chunks.find((c) => c.facadeModuleId === routeId(r)));
    if (roots.some((c) => !c)) throw new Error(`hot page ${page}: a route module is not a chunk of its own`);
    mark(closure([...entries, ...(roots as Rolldown.OutputChunk[])]), page);
  }
  const sizes = new Map(chunks.flatMap((c) => Object.entries(c.modules).map(([id, m]) => [id, m.renderedLength] as const)));
  return { usage, modules: new Set(chunks.flatMap((c) => c.moduleIds)), sizes };
}

/**
 * `@mantine/core/styles.css` with only the styles of the components the app uses (issue 10: the
 * whole file is ~36 KB gzip of render-blocking CSS, mostly unused): the file is the concatenation
 * of styles/<X>.css, one per component class module (<X>.module.mjs), after the baseline, the CSS
 * variables and the global rules; this keeps those three and the files of the class modules in
 * the build, in the file's own order.
 */
function mantineCoreCss(probe: () => Promise<Probe>): Plugin {
  return {
    name: 'pesan-mantine-core-css',
    apply: 'build',
    async load(id) {
      if (!/[\\/]@mantine[\\/]core[\\/]styles\.css$/.test(id)) return null;
      const core = dirname(id);
      const { modules } = await probe();
      const used = new Set(['baseline', 'default-css-variables', 'global']);
      for (const m of modules) {
        const hit = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([^\\/]+)\.module\.mjs$/.exec(m);
        if (hit) used.add(hit[1]!);
      }
      const all = readFileSync(id, 'utf8');
      const parts = [...used].map((name) => {
        const css = readFileSync(join(core, 'styles', `${name}.css`), 'utf8');
        const at = all.indexOf(css);
        if (at < 0) throw new Error(`@mantine/core/styles.css does not contain styles/${name}.css`);
        return { at, css };
      });
      return parts
        .sort((a, b) => a.at - b.at)
        .map((p) => p.css)
        .join('');
    },
  };
}

/**
 * Marks the top-level constants of @pesan/contracts that are built by calls (zod schemas, mostly)
 * as pure (issue 10): the contracts keep their constants, messages and schemas side by side, and
 * without the mark any page that imports a message also runs (and downloads) zod to build every
 * schema of that file. Marked, an unused schema is left out of the build, and zod with it where no
 * schema is used. Building a schema has no effect besides its value.
 */
function pureContractConstants(): Plugin {
  const contract = /[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;
  return {
    name: 'pesan-pure-contract-constants',
    apply: 'build',
    transform(code, id) {
      if (!contract.test(id) || id.endsWith('.test.ts')) return null;
      const spans: [number, number][] = [];
      for (const statement of parseSync(id, code).program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const { init } of declaration.declarations) {
          if (init && (init.type === 'CallExpression' || init.type === 'NewExpression')) spans.push([init.start, init.end]);
        }
      }
      let out = code;
      for (const [start, end] of spans.reverse()) out = `${out.slice(0, start)}/* @__PURE__ */ (() => ${out.slice(start, end)})()${out.slice(end)}`;
      return { code: out, map: null };
    },
  };
}

/**
 * Chunk names for the first load of the hot pages (issue 10, Lighthouse): Rolldown's default
 * chunking gives every set of routes sharing a module its own chunk, so the list page fetched ~65
 * scripts of 1-2 KB, a queue of round trips over HTTP/1.1's six connections on a slow network.
 * Here the modules a hot page needs beyond the entry go into a few chunks by which hot pages share
 * them ('common': login and any signed-in page; 'auth': login only; 'shell': every signed-in
 * hot page; else `hot-<pages>`, one chunk per set of signed-in hot pages sharing the modules, so
 * no page downloads another's modules); route modules (and the hot pages' lazy modules) keep their
 * own chunk (the manifest keys the bundle budget test reads) and every other module keeps the
 * default. Captured modules do not
 * drag their dependencies along (includeDependenciesRecursively: false): the groups follow the
 * import graph (a module's imports are used by at least the same pages), so no chunk cycle arises.
 * zod and the account schemas (ZOD_CHUNK) make one chunk of their own: the login form loads them
 * when first focused (features/auth/utils/login-validation.ts), without the signed-in shell.
 */
/**
 * zod and the contract modules the login form loads with its schema (auth.ts, the zod setup and the
 * single-line text rule (text-fields.ts, with its messages in server-messages.ts) it
 * imports; its other imports, auth-messages.ts and ui-language.ts, are on the first load already).
 * auth.ts also imports roles-schema.ts (the user's role), which imports teams-messages.ts: they stay
 * here too. roles.ts (ROLES, can) and terms.ts (TERMS_VERSIONS) have no zod and are not here: the
 * signed-in shell checks roles and terms on every page (issue 28), and with them here it imported
 * this chunk, zod and all. channels-schema.ts (the channel id schema) is here: left to the hot-page
 * groups it went into 'shell' (records.ts, which every signed-in page loads, imports it), which
 * then imported zod; it imports nothing outside this chunk.
 */
const ZOD_CHUNK = /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]contracts[\\/]src[\\/](zod|zod-messages|auth|text-fields|server-messages|roles-schema|teams-messages|channels-schema)\.ts$/;

/**
 * A set of signed-in hot pages whose shared modules weigh less than this (rendered bytes) joins
 * 'shell', with its supersets when they weigh less than twice this all together.
 */
const MIN_SET_CHUNK = 8_000;

/**
 * Modules that other pages load on demand (dynamic import) though a hot page loads them first
 * thing: libphonenumber-js (the template editor's phone fields; the application detail's country
 * list). In a hot page's chunk, loading them on demand would fetch that whole chunk: they make a
 * chunk of their own ('phone-numbers'; left to the default chunking, part of them went into the
 * editor page's chunk, which then imported the chunk that imports it).
 */
const SHARED_ON_DEMAND = /[\\/]node_modules[\\/]libphonenumber-js[\\/]/;

function hotChunkName({ usage, sizes }: Probe) {
  const signedInPages = HOT_PAGES.filter((p) => p.name !== 'login').map((p) => p.name);
  const ownChunk = new Set(hotPages().flatMap((p) => p.modules.map(routeId)));
  /** The signed-in hot pages using a module captured by a set chunk ('' for none of them). */
  const setOf = (id: string): string | null => {
    const u = usage.get(id);
    if (!u || u.has('entry') || ownChunk.has(id) || ZOD_CHUNK.test(id) || SHARED_ON_DEMAND.test(id) || u.has('login')) return null;
    return signedInPages.filter((p) => u.has(p)).join('-');
  };
  // Bytes per set; the sets that join 'shell': every page's, and each small one together with its
  // supersets when they weigh little all together (a module's imports are used by a superset of its
  // pages: 'shell' stays closed under supersets, so it imports no set chunk, and set chunks import
  // only larger sets or 'shell', without cycles).
  const bytes = new Map<string, number>();
  for (const id of usage.keys()) {
    const set = setOf(id);
    if (set) bytes.set(set, (bytes.get(set) ?? 0) + (sizes.get(id) ?? 0));
  }
  const pagesOf = (set: string) => set.split('-');
  const inShell = new Set([...bytes.keys()].filter((set) => pagesOf(set).length === signedInPages.length));
  for (const [small, n] of [...bytes].sort((a, b) => a[1] - b[1])) {
    if (n >= MIN_SET_CHUNK || inShell.has(small)) continue;
    const closure = [...bytes.keys()].filter((set) => !inShell.has(set) && pagesOf(small).every((p) => pagesOf(set).includes(p)));
    if (closure.reduce((sum, set) => sum + bytes.get(set)!, 0) < 2 * MIN_SET_CHUNK) closure.forEach((set) => inShell.add(set));
  }
  return (id: string): string | null => {
    const u = usage.get(id);
    if (!u || u.has('entry')) return null;
    if (ownChunk.has(id)) return null;
    if (SHARED_ON_DEMAND.test(id)) return 'phone-numbers';
    if (ZOD_CHUNK.test(id)) return 'zod';
    const set = setOf(id)!;
    if (u.has('login')) return signedInPages.some((p) => u.has(p)) ? 'common' : 'auth';
    if (!set) return null;
    return inShell.has(set) ? 'shell' : `hot-${set}`;
  };
}

/**
 * The boot script (app/boot.ts) with this build's hot pages: each page's chunks beyond the entry's
 * (which index.html preloads already), their stylesheets and, per language, the chunks of the
 * page's catalogues (`common` and the namespaces of hot-pages.ts). Written as assets/boot-<hash>.js and
 * loaded `async` first thing in index.html: an inline script would need a CSP exception.
 */
function bootScript(): Plugin {
  let outDir = '';
  let file: { name: string; body: string } | undefined;
  return {
    name: 'pesan-boot-script',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir)),
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const collect = (c: Rolldown.OutputChunk, into: Set<string>, skip = new Set<string>()) => {
          if (into.has(c.fileName) || skip.has(c.fileName)) return;
          into.add(c.fileName);
          for (const f of c.imports) collect(byFile.get(f)!, into, skip);
        };
        const initial = new Set<string>();
        for (const c of chunks.filter((c) => c.isEntry)) collect(c, initial);
        const pages: BootPage[] = HOT_PAGES.map((p) => {
          const files = new Set<string>();
          for (const r of [...p.routes, ...('lazy' in p ? p.lazy : [])]) {
            const chunk = chunks.find((c) => c.facadeModuleId === routeId(r));
            if (!chunk) throw new Error(`hot page ${p.name}: no chunk for ${r}`);
            collect(chunk, files, initial);
          }
          const styles = [...files].flatMap((f) => [...(byFile.get(f)!.viteMetadata?.importedCss ?? [])]);
          const catalogues = Object.fromEntries(
            LANGUAGES.map((lang) => {
              const into = new Set<string>();
              for (const ns of ['common', ...p.ns]) {
                const chunk = chunks.find((c) => c.facadeModuleId === join(import.meta.dirname, 'src/locales', lang, `${ns}.json`));
                if (!chunk) throw new Error(`hot page ${p.name}: no chunk for the ${lang} catalogue ${ns}`);
                collect(chunk, into, new Set([...initial, ...files]));
              }
              return [lang, [...into].map((f) => `/${f}`)];
            }),
          );
          return { path: p.path.source, scripts: [...files].map((f) => `/${f}`), styles: styles.map((f) => `/${f}`), catalogues, fetch: [...p.fetch] };
        });
        const body = `(${boot.toString()})(${JSON.stringify(pages)});\n`;
        file = { name: `assets/boot-${createHash('sha256').update(body).digest('base64url').slice(0, 8)}.js`, body };
        return html.replace(/(<meta name="viewport"[^>]*>)/, `$1\n    <script async fetchpriority="high" src="/${file.name}"></script>`);
      },
    },
    writeBundle() {
      if (!file) return;
      writeFileSync(join(outDir, file.name), file.body);
      writeCompressed(join(outDir, file.name), Buffer.from(file.body));
    },
  };
}

export default defineConfig(async ({ command }) => {
  // One probe build per `vite build`, shared by the chunk names and the Mantine styles.
  let probing: Promise<Probe> | undefined;
  const probe = () => (probing ??= probeBuild(import.meta.dirname));
  return {
    plugins: [react(), pureContractConstants(), mantineCoreCss(probe), bootScript(), precompress()],
    server: {
      port: 5173,
      proxy: { '/api': 'http://localhost:3000', '/v1': 'http://localhost:3000' },
    },
    // The manifest (dist/.vite, not served) feeds the first-load JavaScript budget test (e2e).
    build: {
      outDir: 'dist',
      sourcemap: false,
      chunkSizeWarningLimit: 1500,
      manifest: true,
      rolldownOptions:
        command === 'build' ? { output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: hotChunkName(await probe()) }] } } } : {},
    },
  };
});
