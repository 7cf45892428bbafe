/**
 * The built SPA's delivery (issue 10): precompressed br/gzip files chosen by Accept-Encoding,
 * hashed assets cached for a year as immutable, index.html and unhashed files revalidated
 * (no-cache), console API answers never stored. Runs on a tiny fake build in a temp directory, so
 * it does not need `npm run build`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestApp, type TestApp } from './harness.ts';

const JS = `export const hello = ${JSON.stringify('x'.repeat(4000))};\n`;
const HTML = `<!doctype html><html><head><script type="module" src="/assets/index-AbC12_-z.js"></script></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;

describe('static SPA delivery', () => {
  let t: TestApp;
  let web: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'pesan-dist-'));
    mkdirSync(join(dist, 'assets'));
    const write = (name: string, body: string) => {
      writeFileSync(join(dist, name), body);
      writeFileSync(join(dist, `${name}.br`), brotliCompressSync(body));
      writeFileSync(join(dist, `${name}.gz`), gzipSync(body));
    };
    write('index.html', HTML);
    write('assets/index-AbC12_-z.js', JS);
    writeFileSync(join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ workers: false });
    web = await buildApp(t.ctx, { logger: false, webDist: dist });
    await web.ready();
  });

  afterAll(async () => {
    await web?.close();
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends brotli when the browser accepts br, with Vary: Accept-Encoding', async () => {
    const res = await web.inject({ url: '/assets/index-AbC12_-z.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(JS);
  });

  it('sends gzip when br is not accepted, and the plain file when nothing is', async () => {
    const gz = await web.inject({ url: '/assets/index-AbC12_-z.js', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);
    const plain = await web.inject({ url: '/assets/index-AbC12_-z.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
  });

  it('caches hashed assets for a year as immutable, compressed or not', async () => {
    for (const enc of ['br', 'gzip', 'identity']) {
      const res = await web.inject({ url: '/assets/index-AbC12_-z.js', headers: { 'accept-encoding': enc } });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('revalidates index.html (at /, at a client route) and unhashed files: no-cache', async () => {
    for (const url of ['/', '/index.html', '/auth/login', '/my-application/detail/42']) {
      const res = await web.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(HTML);
    }
    const logo = await web.inject({ url: '/logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing build file with 404, not the SPA page', async () => {
    const res = await web.inject({ url: '/assets/gone-12345678.js' });
    expect(res.statusCode).toBe(404);
  });

  it('keeps console API answers out of every cache: no-store', async () => {
    const res = await web.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const session = await web.inject({ url: '/api/auth/session' });
    expect(session.headers['cache-control']).toBe('no-store');
  });
});
