/**
 * Image upload API (console.md §7 User: POST /upload, field `image`, reads data.url): type by
 * content, 2 MB limit, nothing stored for a refused file; stored files served by strict name.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@pesan/contracts/upload';
import { createTestApp, sameOrigin, type TestApp } from './harness.ts';
import { signUpVerifiedUser } from './accounts-helper.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'), Buffer.alloc(64), Buffer.from([0xff, 0xd9])]);
const WEBP = (() => {
  const body = Buffer.concat([Buffer.from('WEBPVP8 ', 'latin1'), Buffer.alloc(40)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, body]);
})();
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');

function multipart(parts: { field: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = '----pesanTestBoundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.field}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('upload API', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    ({ cookie } = await signUpVerifiedUser(t));
  });
  afterAll(async () => t.close());

  const dir = () => join(t.dataDir, 'uploads');
  const stored = () => (existsSync(dir()) ? readdirSync(dir()) : []);
  const upload = (parts: Parameters<typeof multipart>[0], headers: Record<string, string> = { ...sameOrigin, cookie }) => {
    const { payload, contentType } = multipart(parts);
    return t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...headers, 'content-type': contentType }, payload });
  };

  it.each([
    ['PNG', PNG, 'png', 'image/png'],
    ['JPEG', JPEG, 'jpg', 'image/jpeg'],
    ['WebP', WEBP, 'webp', 'image/webp'],
  ])('stores a %s and serves it back', async (_label, bytes, ext, mime) => {
    const before = stored().length;
    const res = await upload([{ field: 'image', filename: 'photo.bin', type: 'application/octet-stream', data: bytes }]);
    expect(res.statusCode).toBe(201);
    const url = res.json().data.url as string;
    expect(url).toMatch(new RegExp(`^http://localhost:3000/api/uploads/[a-f0-9]{32}\\.${ext}$`));
    const name = url.split('/').pop()!;
    expect(stored()).toHaveLength(before + 1);
    expect(readFileSync(join(dir(), name)).equals(bytes)).toBe(true);

    const get = await t.app.inject({ method: 'GET', url: `/api/uploads/${name}` });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe(mime);
    expect(get.headers['x-content-type-options']).toBe('nosniff');
    expect(get.rawPayload.equals(bytes)).toBe(true);
  });

  it('judges by content: a JPEG named .png is stored as .jpg', async () => {
    const res = await upload([{ field: 'image', filename: 'x.png', type: 'image/png', data: JPEG }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.url).toMatch(/\.jpg$/);
  });

  it.each([
    ['text named .png', Buffer.from('hello, not an image'), 'x.png', 'image/png'],
    ['SVG', SVG, 'x.svg', 'image/svg+xml'],
    ['GIF', Buffer.from('GIF89a\x01\0\x01\0\0\0\0;', 'latin1'), 'x.gif', 'image/gif'],
    ['PDF', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\n', 'latin1'), 'x.jpg', 'image/jpeg'],
  ])('refuses a %s with 415 and stores nothing', async (_label, data, filename, type) => {
    const before = stored();
    const res = await upload([{ field: 'image', filename, type, data }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatchObject({ code: 'unsupported_media_type', message: UPLOAD_MESSAGES.unsupported });
    expect(stored()).toEqual(before);
  });

  it('refuses more than 2 MB with 413 and stores nothing; exactly 2 MB is fine', async () => {
    const before = stored();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1 - PNG.length)]);
    const res = await upload([{ field: 'image', filename: 'big.png', type: 'image/png', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'payload_too_large', message: UPLOAD_MESSAGES.tooLarge });
    expect(stored()).toEqual(before);
    const max = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]);
    expect((await upload([{ field: 'image', filename: 'max.png', type: 'image/png', data: max }])).statusCode).toBe(201);
  });

  it('needs the image field, a file, a session and the same origin', async () => {
    const before = stored();
    const wrongField = await upload([{ field: 'file', filename: 'a.png', type: 'image/png', data: PNG }]);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.details).toEqual([{ path: 'image', message: UPLOAD_MESSAGES.required }]);
    const empty = await upload([{ field: 'image', filename: 'a.png', type: 'image/png', data: Buffer.alloc(0) }]);
    expect(empty.statusCode).toBe(400);
    const notMultipart = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...sameOrigin, cookie }, payload: { image: 'x' } });
    expect(notMultipart.statusCode).toBe(400);
    const anon = await upload([{ field: 'image', filename: 'a.png', type: 'image/png', data: PNG }], sameOrigin);
    expect(anon.statusCode).toBe(401);
    const crossSite = await upload([{ field: 'image', filename: 'a.png', type: 'image/png', data: PNG }], { origin: 'https://evil.example', cookie });
    expect(crossSite.statusCode).toBe(403);
    expect(stored()).toEqual(before);
  });

  it('serves only names it gave out: no traversal, no other files', async () => {
    for (const name of ['..%2F..%2Fsession-secret', '..%2Fsession-secret', 'abc.png', '0123456789abcdef0123456789abcdef.svg', '0123456789abcdef0123456789abcdef.png', '%2Fetc%2Fpasswd']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/uploads/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('test-secret');
    }
  });
});
