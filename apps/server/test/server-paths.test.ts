/**
 * Unknown paths under the server's own prefixes (issue 23 item 5): a tampered e-mail tracking link
 * (`/t/c/` with its token cut short or replaced by a URL), an unknown `/hooks/…`, `/v1/…` or
 * `/api/…` path answers 404 in the error envelope with any method, at any depth, however the path
 * is spelled — never the console's SPA page, which only console routes get.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, isServerPath } from '../src/app.ts';
import { createTestApp, sameOrigin, type TestApp } from './harness.ts';

const HTML = '<!doctype html><html><body><div id="root">console</div></body></html>';

let t: TestApp;
let web: FastifyInstance;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'pesan-dist-'));
  writeFileSync(join(dist, 'index.html'), HTML);
  t = await createTestApp({ workers: false });
  web = await buildApp(t.ctx, { logger: false, webDist: dist });
  await web.ready();
});
afterAll(async () => {
  await web?.close();
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const UNKNOWN = [
  // Tampered tracking links: token cut short, replaced by a URL, extra depth, no token.
  '/t/c/eyJhbGciOi',
  '/t/c/https://evil.example/phish',
  '/t/c/https%3A%2F%2Fevil.example%2Fphish',
  '/t/c/abc/1/extra',
  '/t/c/',
  '/t/u/',
  '/t/o/',
  '/t/x/abc',
  '/t',
  '/t/',
  '/hooks',
  '/hooks/whatsapp/extra',
  '/hooks/stripe',
  '/v1',
  '/v1/nope',
  '/v1/sms/messages/a/b/c/d',
  '/api',
  '/api/',
  '/api/nope/deeper/still',
  // Spelled differently: case, repeated slashes, percent-encoding.
  '/API/nope',
  '/V1/sms',
  '//api/session',
  '/t//c/abc',
  '/%74/c/abc',
  '/%61pi/nope',
];

it('answers every unknown path under /t, /hooks, /v1 and /api with the 404 envelope, for every method', async () => {
  for (const url of UNKNOWN) {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await web.inject({ method, url, headers: sameOrigin, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type'], `${method} ${url}`).toMatch(/application\/json/);
      expect(res.json().error.code, `${method} ${url}`).toBe('not_found');
      expect(res.body, `${method} ${url}`).not.toContain('id="root"');
    }
    const head = await web.inject({ method: 'HEAD', url });
    expect(head.statusCode, `HEAD ${url}`).toBe(404);
  }
});

it('still serves the console page at console routes, including ones that merely begin like a prefix', async () => {
  for (const url of ['/', '/auth/login', '/templates', '/tracking', '/hooksmith', '/v1x', '/apiary', '/my-application/detail/42?tab=t/c']) {
    const res = await web.inject({ url });
    expect(res.statusCode, url).toBe(200);
    expect(res.body, url).toContain('id="root"');
  }
});

it('isServerPath reads the path as a router or proxy might', () => {
  expect(isServerPath('/t/c/x')).toBe(true);
  expect(isServerPath('/%E0%A4%A')).toBe(true); // undecodable: not a console route
  expect(isServerPath('/\\api/x')).toBe(true);
  expect(isServerPath('/tokens')).toBe(false);
});
