/**
 * `npm run docs:record [-- <file filter>]`: records the response of every code sample of the API
 * documentation (docs/api, issue 14). It starts the real app on a fresh in-memory database (the
 * sandbox drivers, every worker), builds the samples' world through the API
 * (test/docs-samples-env.ts: an organization, applications, their key files and real access
 * tokens, an approved template, a delivered SMS), runs each page's curl, NodeJS and PHP samples
 * against it (PHP when `php` is installed), checks that they give the same answer, and writes the
 * curl sample's answer as the page's ```response block. A page whose recorded response already
 * matches (after normalising ids and times) is left untouched, so re-recording changes only what
 * changed. Exits non-zero when a sample fails or the languages disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import { DEFAULT_DOCS_DIR, listDocFiles, parseDocPage, withRecordedResponse, type SampleTag } from '../src/modules/docs/docs-markdown.ts';
import { createTestApp } from '../test/harness.ts';
import { createSampleWorld, formatResponse, normaliseResponse, phpAvailable, runSample } from '../test/docs-samples-env.ts';

const filter = process.argv[2];
const dir = DEFAULT_DOCS_DIR;
const t = await createTestApp({ env: { V1_RATE_LIMIT: '100000', AUTH_RATE_LIMIT: '100000', TOKEN_RATE_LIMIT: '100000' } });
let failed = 0;
try {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const world = await createSampleWorld(t, address);
  const php = await phpAvailable();
  if (!php) console.warn('php (with the curl extension) is not installed: PHP samples are not run (apt-get install php-cli php-curl).');
  try {
    for (const full of listDocFiles(dir)) {
      if (filter && !full.includes(filter)) continue;
      const text = readFileSync(full, 'utf8');
      const page = parseDocPage(full.slice(dir.length + 1), text);
      if (!Object.keys(page.samples).length) continue;
      try {
        const tags: SampleTag[] = php ? ['curl', 'js', 'php'] : ['curl', 'js'];
        const outputs = new Map<SampleTag, string>();
        for (const tag of tags) outputs.set(tag, await runSample(world, page, tag));
        const curl = normaliseResponse(outputs.get('curl')!);
        for (const tag of tags) {
          if (!isDeepStrictEqual(normaliseResponse(outputs.get(tag)!), curl)) throw new Error(`the ${tag} sample answers differently from the curl sample:\n${outputs.get(tag)}\nvs\n${outputs.get('curl')}`);
        }
        if (page.response !== undefined && isDeepStrictEqual(normaliseResponse(page.response), curl)) {
          console.log(`unchanged  ${page.file}`);
          continue;
        }
        writeFileSync(join(dir, page.file), withRecordedResponse(text, formatResponse(outputs.get('curl')!)));
        console.log(`recorded   ${page.file}`);
      } catch (err) {
        failed++;
        console.error(`FAILED     ${page.file}: ${(err as Error).message}`);
      }
    }
  } finally {
    world.close();
  }
} finally {
  await t.close();
}
if (failed) {
  console.error(`${failed} page${failed === 1 ? '' : 's'} failed.`);
  process.exitCode = 1;
}
