/**
 * Builds the server for production (issue 24 item 6): one ES module bundle of src/main.ts and the
 * contracts package at dist/main.js with a source map, its npm dependencies left as imports (they
 * load from node_modules). `npm start` runs it with `node --enable-source-maps`, no TypeScript
 * loader. Paths to files outside the bundle (migrations, web build, docs) come from lib/paths.ts,
 * which finds the server directory from either place.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
const contracts = JSON.parse(readFileSync(new URL('../../../packages/contracts/package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
const external = [...Object.keys(pkg.dependencies), ...Object.keys(contracts.dependencies)].filter((d) => d !== '@pesan/contracts');

await build({
  absWorkingDir: serverDir,
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  // CommonJS dependencies bundled into an ES module still call require().
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
console.log('Built apps/server/dist/main.js');
