/**
 * Every code sample of the API documentation works (issue 14): the real app listens on loopback
 * (sandbox drivers, every worker), the samples' world is built through the API with real access
 * tokens (docs-samples-env.ts), and each page's CURL sample (bash + curl) and NodeJS sample (node)
 * run against it and must print the page's recorded response, after normalising the values that
 * change on every run (ids, times, OTP codes, cursors: docs-samples-env.ts VOLATILE_KEYS). PHP
 * samples are checked with `php -l` and run the same way when `php` (with its curl extension) is
 * installed; otherwise they are skipped with a message. A failing page names its file and shows
 * both answers; `npm run docs:record` re-records the responses after a deliberate change.
 */
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DOCS_DIR, readDocsDir, type SampleTag } from '../src/modules/docs/docs-markdown.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createSampleWorld, normaliseResponse, phpAvailable, runSample, type SampleWorld } from './docs-samples-env.ts';

const pages = readDocsDir(DEFAULT_DOCS_DIR).filter((p) => Object.keys(p.samples).length > 0);
const php = await phpAvailable();
if (!php) console.warn('docs-samples: php (with the curl extension) is not installed: the PHP samples are skipped (apt-get install php-cli php-curl).');

let t: TestApp;
let world: SampleWorld;
beforeAll(async () => {
  t = await createTestApp({ env: { V1_RATE_LIMIT: '100000', AUTH_RATE_LIMIT: '100000', TOKEN_RATE_LIMIT: '100000' } });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  world = await createSampleWorld(t, address);
}, 120_000);
afterAll(async () => {
  world?.close();
  await t?.close();
});

describe('docs samples give their recorded response', () => {
  it('has pages with samples, each with a recorded response', () => {
    expect(pages.length).toBeGreaterThanOrEqual(15);
    for (const p of pages) expect(p.response, `${p.file}: run npm run docs:record`).toBeDefined();
  });

  for (const page of pages) {
    describe(page.file, () => {
      for (const tag of ['curl', 'js', 'php'] as SampleTag[]) {
        it.skipIf(tag === 'php' && !php)(`${tag} sample`, async () => {
          const output = await runSample(world, page, tag);
          const got = normaliseResponse(output);
          const want = normaliseResponse(page.response!);
          if (!isDeepStrictEqual(got, want)) {
            expect(got, `${page.file} ${tag}: the answer differs from the recorded response (npm run docs:record after a deliberate change)\n${output}`).toEqual(want);
          }
        });
      }
    });
  }
});
