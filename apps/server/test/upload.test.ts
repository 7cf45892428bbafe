/**
 * Image upload API (console.md §7 User: POST /upload, field `image`, reads data.url; issue 6): type
 * by content, 2 MB limit, nothing stored for a refused file; one `uploads` row per stored file
 * (owner, organization, visibility by `purpose`); per-user limits of 20 uploads per 10 minutes
 * (429 with Retry-After) and 50 MB in total (413); files served only with a row, with nosniff and
 * Content-Disposition, organization media only to that organization.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TEMPLATE_MEDIA_MESSAGES, TEMPLATE_MEDIA_QUOTA, UPLOAD_MESSAGES, UPLOAD_QUOTA, templateMediaName } from '@pesan/contracts/upload';
import { uploads } from '../src/db/schema/uploads.ts';
import { createTestApp, sameOrigin, type TestApp } from './harness.ts';
import { signUpVerifiedUser, signUpWithOrganization } from './accounts-helper.ts';
import { TEAMS_MESSAGES } from '@pesan/contracts/teams-messages';

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
/** An ISO base media file with the `isom` brand (the start of every MP4 a phone records). */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2', 'latin1'),
  Buffer.from([0, 0, 0, 8]),
  Buffer.from('free', 'latin1'),
  Buffer.from([0, 0, 0, 8]),
  Buffer.from('mdat', 'latin1'),
]);
const PDF = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
const MB = 1024 * 1024;
/** `head` padded with zeros to `size` bytes (still recognised by its first bytes). */
const padded = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length)]);
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
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp({ workers: false, env: { AUTH_RATE_LIMIT: '1000' } });
    ({ cookie, user: { id: userId } } = await signUpVerifiedUser(t));
  });
  afterAll(async () => t.close());

  const db = () => t.ctx.database.db;
  const dir = () => join(t.dataDir, 'uploads');
  const stored = () => (existsSync(dir()) ? readdirSync(dir()).sort() : []);
  const rows = async () => (await db().select().from(uploads).orderBy(uploads.name)).map((r) => r.name);
  const rowsOf = (id: string) => db().select().from(uploads).where(eq(uploads.userId, id));
  const upload = (parts: Parameters<typeof multipart>[0], headers: Record<string, string> = { ...sameOrigin, cookie }, query = '') => {
    const { payload, contentType } = multipart(parts);
    return t.app.inject({ method: 'POST', url: `/api/upload${query}`, headers: { ...headers, 'content-type': contentType }, payload });
  };
  const png = (as: string, query = '') => upload([{ field: 'image', filename: 'a.png', type: 'image/png', data: PNG }], { ...sameOrigin, cookie: as }, query);
  const nameOf = (res: { json(): { data: { url: string } } }) => res.json().data.url.split('/').pop()!;
  /** Runs `fn` with ctx.now() fixed at `at`, then restores the real clock. */
  const at = async <T>(when: Date, fn: () => Promise<T>): Promise<T> => {
    const real = t.ctx.now;
    t.ctx.now = () => when;
    try {
      return await fn();
    } finally {
      t.ctx.now = real;
    }
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
    const [row] = await db().select().from(uploads).where(eq(uploads.name, name));
    expect(row).toMatchObject({ name, userId, organizationId: null, mime, size: bytes.length, visibility: 'public' });

    const get = await t.app.inject({ method: 'GET', url: `/api/uploads/${name}` });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe(mime);
    expect(get.headers['content-length']).toBe(String(bytes.length));
    expect(get.headers['x-content-type-options']).toBe('nosniff');
    expect(get.headers['content-disposition']).toBe(`inline; filename="${name}"`);
    expect(get.headers['cache-control']).toBe('public, max-age=31536000, immutable');
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
    const beforeRows = await rows();
    const res = await upload([{ field: 'image', filename, type, data }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatchObject({ code: 'unsupported_media_type', message: UPLOAD_MESSAGES.unsupported });
    expect(stored()).toEqual(before);
    expect(await rows()).toEqual(beforeRows);
  });

  it('refuses more than 2 MB with 413 and stores nothing; exactly 2 MB is fine', async () => {
    const before = stored();
    const beforeRows = await rows();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1 - PNG.length)]);
    const res = await upload([{ field: 'image', filename: 'big.png', type: 'image/png', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'payload_too_large', message: UPLOAD_MESSAGES.tooLarge });
    expect(stored()).toEqual(before);
    expect(await rows()).toEqual(beforeRows);
    const max = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]);
    const ok = await upload([{ field: 'image', filename: 'max.png', type: 'image/png', data: max }]);
    expect(ok.statusCode).toBe(201);
    expect((await db().select().from(uploads).where(eq(uploads.name, nameOf(ok))))[0]?.size).toBe(2 * 1024 * 1024);
  });

  it('needs the image field, a file, a session and the same origin', async () => {
    const before = stored();
    const beforeRows = await rows();
    const wrongField = await upload([{ field: 'file', filename: 'a.png', type: 'image/png', data: PNG }]);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.details).toEqual([{ path: 'image', message: UPLOAD_MESSAGES.required }]);
    const empty = await upload([{ field: 'image', filename: 'a.png', type: 'image/png', data: Buffer.alloc(0) }]);
    expect(empty.statusCode).toBe(400);
    const notMultipart = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...sameOrigin, cookie }, payload: { image: 'x' } });
    expect(notMultipart.statusCode).toBe(400);
    const anon = await upload([{ field: 'image', filename: 'a.png', type: 'image/png', data: PNG }], sameOrigin);
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error.code).toBe('unauthorized');
    const anonMedia = await upload([{ field: 'image', filename: 'a.png', type: 'image/png', data: PNG }], sameOrigin, '?purpose=template_media');
    expect(anonMedia.statusCode).toBe(401);
    const crossSite = await upload([{ field: 'image', filename: 'a.png', type: 'image/png', data: PNG }], { origin: 'https://evil.example', cookie });
    expect(crossSite.statusCode).toBe(403);
    expect(stored()).toEqual(before);
    expect(await rows()).toEqual(beforeRows);
  });

  it('serves only names it gave out: no traversal, no other files', async () => {
    for (const name of ['..%2F..%2Fsession-secret', '..%2Fsession-secret', 'abc.png', '0123456789abcdef0123456789abcdef.svg', '0123456789abcdef0123456789abcdef.png', '%2Fetc%2Fpasswd']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/uploads/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('test-secret');
    }
  });

  it('validates `purpose`: an unknown one is a 400 naming it; `avatar` is the default', async () => {
    const before = stored();
    const beforeRows = await rows();
    for (const [query, named] of [
      ['?purpose=banner', 'banner'],
      ['?purpose=TEMPLATE_MEDIA', 'TEMPLATE_MEDIA'],
      ['?purpose=', ''],
    ] as const) {
      const res = await png(cookie, query);
      expect(res.statusCode, query).toBe(400);
      const message = UPLOAD_MESSAGES.unknownPurpose(named);
      expect(message).toContain(`"${named}"`);
      expect(res.json().error).toMatchObject({ code: 'invalid_request', message, details: [{ path: 'purpose', message }] });
    }
    expect(stored()).toEqual(before);
    expect(await rows()).toEqual(beforeRows);
    const explicit = await png(cookie, '?purpose=avatar');
    expect(explicit.statusCode).toBe(201);
    expect((await db().select().from(uploads).where(eq(uploads.name, nameOf(explicit))))[0]).toMatchObject({ userId, visibility: 'public' });
  });

  it('stores template media for the organization and serves it only to a signed-in member (404 to anyone else)', async () => {
    const a = await signUpWithOrganization(t);
    const b = await signUpWithOrganization(t);
    const res = await png(a.cookie, '?purpose=template_media');
    expect(res.statusCode).toBe(201);
    const name = nameOf(res);
    expect(readFileSync(join(dir(), name)).equals(PNG)).toBe(true);
    expect(await rowsOf(a.user.id)).toEqual([
      expect.objectContaining({ name, userId: a.user.id, organizationId: a.organizationId, mime: 'image/png', size: PNG.length, visibility: 'organization' }),
    ]);

    const get = (headers: Record<string, string> = {}, file = name) => t.app.inject({ method: 'GET', url: `/api/uploads/${file}`, headers });
    const mine = await get({ cookie: a.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="${name}"`,
    });
    expect(mine.rawPayload.equals(PNG)).toBe(true);

    // Another organization, a user without one and anonymous callers get the answer of an unknown name.
    const unknown = await get({}, `${'0'.repeat(32)}.png`);
    expect(unknown.statusCode).toBe(404);
    for (const headers of [{ cookie: b.cookie }, { cookie }, {}] as Record<string, string>[]) {
      const res = await get(headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ ...unknown.json().error, request_id: res.json().error.request_id });
      expect(res.headers['cache-control']).toBe(unknown.headers['cache-control']);
      expect(res.rawPayload.includes(PNG)).toBe(false);
    }
  });

  it('refuses template media before the user has an organization (403), storing nothing', async () => {
    const { cookie: noOrg, user } = await signUpVerifiedUser(t);
    const before = stored();
    const res = await png(noOrg, '?purpose=template_media');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'forbidden', message: UPLOAD_MESSAGES.needsOrganization });
    expect(UPLOAD_MESSAGES.needsOrganization).toBe('Create your organization first');
    expect(stored()).toEqual(before);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('refuses template media to a viewer (403, their role has no templates), storing nothing; their avatar is fine', async () => {
    const owner = await signUpWithOrganization(t);
    const viewer = await signUpVerifiedUser(t);
    await t.ctx.database.executor.executeSql(`update users set organization_id = $1, role = 'viewer', joined_at = now() where id = $2`, [owner.organizationId, viewer.user.id]);
    const before = stored();
    const res = await png(viewer.cookie, '?purpose=template_media');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'forbidden', message: TEAMS_MESSAGES.roleForbidden });
    expect(stored()).toEqual(before);
    expect(await rowsOf(viewer.user.id)).toEqual([]);
    expect((await png(viewer.cookie)).statusCode).toBe(201);
  });

  it(`allows ${UPLOAD_QUOTA.maxPerWindow} uploads per user in 10 minutes; the next is 429 with Retry-After, storing nothing`, async () => {
    const a = await signUpVerifiedUser(t);
    const other = await signUpVerifiedUser(t);
    const start = Date.now();
    await at(new Date(start), async () => {
      for (let i = 0; i < UPLOAD_QUOTA.maxPerWindow; i++) expect((await png(a.cookie)).statusCode).toBe(201);
    });
    expect(await rowsOf(a.user.id)).toHaveLength(20);

    const before = stored();
    const refused = await at(new Date(start + 100_000), () => png(a.cookie));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'rate_limited', message: UPLOAD_MESSAGES.rateLimited });
    expect(UPLOAD_MESSAGES.rateLimited).toMatch(/20 images every 10 minutes/);
    // The window frees a slot when the oldest of the 20 leaves it: 600 s after `start`, i.e. in 500 s.
    expect(refused.headers['retry-after']).toBe('500');
    expect(stored()).toEqual(before);
    expect(await rowsOf(a.user.id)).toHaveLength(20);

    // Per user: someone else uploads as usual at the same moment.
    expect((await at(new Date(start + 100_000), () => png(other.cookie))).statusCode).toBe(201);
    expect((await at(new Date(start + 599_000), () => png(a.cookie))).headers['retry-after']).toBe('1');
    // Once the window has passed, uploads are accepted again.
    expect((await at(new Date(start + 600_000), () => png(a.cookie))).statusCode).toBe(201);
    expect(await rowsOf(a.user.id)).toHaveLength(21);
  });

  it('counts the rate limit from the uploads table, so uploads stored by another process count too', async () => {
    const a = await signUpVerifiedUser(t);
    const now = Date.now();
    // 20 rows as another server process would have written them in the last 10 minutes.
    await db()
      .insert(uploads)
      .values(
        Array.from({ length: UPLOAD_QUOTA.maxPerWindow }, (_, i) => ({
          name: `${randomBytes(16).toString('hex')}.png`,
          userId: a.user.id,
          mime: 'image/png',
          size: PNG.length,
          createdAt: new Date(now - 540_000 + i * 1000),
        })),
      );
    const before = stored();
    const res = await png(a.cookie);
    expect(res.statusCode).toBe(429);
    // The oldest of them (9 minutes ago) leaves the window in about 60 s.
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(55);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(stored()).toEqual(before);
    expect(await rowsOf(a.user.id)).toHaveLength(20);
    await db().delete(uploads).where(eq(uploads.userId, a.user.id)); // they never had files
  });

  it('holds the rate limit under concurrent uploads: exactly 20 of 25 parallel uploads are stored', async () => {
    const a = await signUpVerifiedUser(t);
    const results = await Promise.all(Array.from({ length: 25 }, () => png(a.cookie)));
    const created = results.filter((r) => r.statusCode === 201);
    const limited = results.filter((r) => r.statusCode === 429);
    expect(created).toHaveLength(UPLOAD_QUOTA.maxPerWindow);
    expect(limited).toHaveLength(5);
    for (const r of limited) expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    for (const r of limited) expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(UPLOAD_QUOTA.windowSeconds);
    const names = created.map(nameOf).sort();
    expect((await rowsOf(a.user.id)).map((r) => r.name).sort()).toEqual(names);
    for (const name of names) expect(existsSync(join(dir(), name))).toBe(true);
  });

  it('refuses an image that would take the user over 50 MB in total (413), storing nothing', async () => {
    const a = await signUpVerifiedUser(t);
    // Earlier uploads, simulated by a row: one byte too many for the next PNG to fit.
    const filler = `${randomBytes(16).toString('hex')}.png`;
    await db()
      .insert(uploads)
      .values({ name: filler, userId: a.user.id, mime: 'image/png', size: UPLOAD_QUOTA.maxTotalBytes - PNG.length + 1, createdAt: new Date(Date.now() - 3_600_000) });
    const before = stored();
    const refused = await png(a.cookie);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toMatchObject({ code: 'payload_too_large', message: UPLOAD_MESSAGES.quotaExceeded });
    expect(UPLOAD_MESSAGES.quotaExceeded).toMatch(/^You have used your 50 MB of uploads/);
    expect(stored()).toEqual(before);
    expect((await rowsOf(a.user.id)).map((r) => r.name)).toEqual([filler]);

    // Exactly at the limit is fine; then the user is full and even the smallest image is refused.
    await db().update(uploads).set({ size: UPLOAD_QUOTA.maxTotalBytes - PNG.length }).where(eq(uploads.name, filler));
    const fits = await png(a.cookie);
    expect(fits.statusCode).toBe(201);
    const full = await png(a.cookie);
    expect(full.statusCode).toBe(413);
    expect(full.json().error.message).toBe(UPLOAD_MESSAGES.quotaExceeded);
    expect((await rowsOf(a.user.id)).map((r) => r.name).sort()).toEqual([filler, nameOf(fits)].sort());
    expect(stored()).toEqual([...before, nameOf(fits)].sort());
    await db().delete(uploads).where(eq(uploads.name, filler)); // it never had a file
  });

  it('keeps file and row consistent: a failed insert removes the file, a failed write leaves no row', async () => {
    const a = await signUpVerifiedUser(t);
    const before = stored();
    await db().execute(sql.raw(`create function pesan_test_refuse_upload() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`));
    await db().execute(
      sql.raw(`create trigger pesan_test_refuse_upload before insert on uploads for each row when (new.user_id = '${a.user.id}') execute function pesan_test_refuse_upload()`),
    );
    try {
      const res = await png(a.cookie);
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe('internal_error');
      expect(stored()).toEqual(before);
      expect(await rowsOf(a.user.id)).toEqual([]);
    } finally {
      await db().execute(sql.raw('drop trigger pesan_test_refuse_upload on uploads'));
      await db().execute(sql.raw('drop function pesan_test_refuse_upload()'));
    }

    // The uploads directory cannot hold files (a plain file in its place): no row either.
    const moved = `${dir()}.moved`;
    renameSync(dir(), moved);
    writeFileSync(dir(), 'not a directory');
    try {
      const res = await png(a.cookie);
      expect(res.statusCode).toBe(500);
      expect(await rowsOf(a.user.id)).toEqual([]);
    } finally {
      rmSync(dir());
      renameSync(moved, dir());
    }
    const ok = await png(a.cookie);
    expect(ok.statusCode).toBe(201);
    expect((await rowsOf(a.user.id)).map((r) => r.name)).toEqual([nameOf(ok)]);
  });

  it('serves nothing without its row (a file put there by hand) or without its file', async () => {
    const orphan = `${randomBytes(16).toString('hex')}.png`;
    mkdirSync(dir(), { recursive: true });
    writeFileSync(join(dir(), orphan), PNG);
    const res = await t.app.inject({ method: 'GET', url: `/api/uploads/${orphan}`, headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'not_found', message: 'File not found' });
    rmSync(join(dir(), orphan));

    const missing = `${randomBytes(16).toString('hex')}.png`;
    await db().insert(uploads).values({ name: missing, userId, mime: 'image/png', size: PNG.length });
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${missing}` })).statusCode).toBe(404);
    await db().delete(uploads).where(eq(uploads.name, missing));
  });

  it('has a row for every stored file and a file for every row', async () => {
    expect(stored()).toEqual(await rows());
  });
});

describe('template media uploads (purpose=template_media, issue 13)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: false, env: { AUTH_RATE_LIMIT: '1000' } });
  });
  afterAll(async () => t.close());

  const db = () => t.ctx.database.db;
  const dir = () => join(t.dataDir, 'uploads');
  const stored = () => (existsSync(dir()) ? readdirSync(dir()).sort() : []);
  const rows = async () => (await db().select().from(uploads).orderBy(uploads.name)).map((r) => r.name);
  const media = (cookie: string, parts: Parameters<typeof multipart>[0]) => {
    const { payload, contentType } = multipart(parts);
    return t.app.inject({ method: 'POST', url: '/api/upload?purpose=template_media', headers: { ...sameOrigin, cookie, 'content-type': contentType }, payload });
  };
  const file = (cookie: string, data: Buffer, filename = 'sample.bin', type = 'application/octet-stream', field = 'file') => media(cookie, [{ field, filename, type, data }]);
  const get = (name: string, cookie?: string) => t.app.inject({ method: 'GET', url: `/api/uploads/${name}`, headers: cookie ? { cookie } : {} });
  /** Runs `fn` and checks it stored no file and no row. */
  const storesNothing = async (fn: () => Promise<void>) => {
    const before = stored();
    const beforeRows = await rows();
    await fn();
    expect(stored()).toEqual(before);
    expect(await rows()).toEqual(beforeRows);
  };

  it.each([
    ['PNG', PNG, 'png', 'image/png', 'inline'],
    ['JPEG', JPEG, 'jpg', 'image/jpeg', 'inline'],
    ['MP4', MP4, 'mp4', 'video/mp4', 'inline'],
    ['PDF', PDF, 'pdf', 'application/pdf', 'attachment'],
  ])('stores a %s, answers its url and header handle, and serves it to the organization with its type', async (_label, bytes, ext, mime, disposition) => {
    const a = await signUpWithOrganization(t);
    const res = await file(a.cookie, bytes);
    expect(res.statusCode, res.body).toBe(201);
    const { url, handle } = res.json().data as { url: string; handle: string };
    expect(url).toMatch(new RegExp(`^http://localhost:3000/api/uploads/[a-f0-9]{32}\\.${ext}$`));
    const name = url.split('/').pop()!;
    // Meta's upload handle form (`4::<base64 type>:<opaque>`), naming the stored file.
    expect(handle).toMatch(/^4::[A-Za-z0-9+/=]+:[A-Za-z0-9_-]+$/);
    expect(handle.startsWith(`4::${Buffer.from(mime).toString('base64')}:`)).toBe(true);
    expect(templateMediaName(handle)).toBe(name);
    expect(readFileSync(join(dir(), name)).equals(bytes)).toBe(true);
    const [row] = await db().select().from(uploads).where(eq(uploads.name, name));
    expect(row).toMatchObject({ userId: a.user.id, organizationId: a.organizationId, mime, size: bytes.length, visibility: 'organization' });

    const served = await get(name, a.cookie);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': mime,
      'content-length': String(bytes.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-disposition': `${disposition}; filename="${name}"`,
    });
    // A PDF never renders in the console's origin: downloaded, and sandboxed if a browser shows it anyway.
    if (mime === 'application/pdf') expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect((await get(name)).statusCode).toBe(404);
  });

  it('serves byte ranges, so a video header can be sought: 206 with Content-Range, 416 outside the file', async () => {
    const a = await signUpWithOrganization(t);
    const name = (await file(a.cookie, MP4)).json().data.url.split('/').pop() as string;
    const ranged = await t.app.inject({ method: 'GET', url: `/api/uploads/${name}`, headers: { cookie: a.cookie, range: 'bytes=4-11' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers).toMatchObject({ 'content-range': `bytes 4-11/${MP4.length}`, 'content-length': '8', 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'cache-control': 'private, no-store' });
    expect(ranged.rawPayload.equals(MP4.subarray(4, 12))).toBe(true);
    const outside = await t.app.inject({ method: 'GET', url: `/api/uploads/${name}`, headers: { cookie: a.cookie, range: `bytes=${MP4.length + 10}-` } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${MP4.length}`);
    expect(outside.json().error).toMatchObject({ code: 'range_not_satisfiable', message: 'The requested range lies outside the file' });
    // Another organization still gets 404, range or not.
    const b = await signUpWithOrganization(t);
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${name}`, headers: { cookie: b.cookie, range: 'bytes=0-3' } })).statusCode).toBe(404);
  });

  it('judges by content, not by name or declared type: a PNG named .pdf is a PNG', async () => {
    const a = await signUpWithOrganization(t);
    const res = await file(a.cookie, PNG, 'brochure.pdf', 'application/pdf');
    expect(res.statusCode).toBe(201);
    const name = res.json().data.url.split('/').pop() as string;
    expect(name).toMatch(/\.png$/);
    expect((await get(name, a.cookie)).headers['content-type']).toBe('image/png');
  });

  it.each([
    ['a text file named .jpg', Buffer.from('hello, this is not a picture at all'), 'photo.jpg', 'image/jpeg'],
    ['a WebP (fine for avatars, not for WhatsApp headers)', WEBP, 'x.webp', 'image/webp'],
    ['an SVG', SVG, 'x.svg', 'image/svg+xml'],
    ['a GIF', Buffer.from('GIF89a\x01\0\x01\0\0\0\0;', 'latin1'), 'x.gif', 'image/gif'],
    ['a QuickTime movie named .mp4', Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  ', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('qt  ', 'latin1')]), 'x.mp4', 'video/mp4'],
    ['HTML named .pdf', Buffer.from('<!doctype html><script>alert(1)</script>'), 'x.pdf', 'application/pdf'],
  ])('refuses %s with 415 and stores nothing', async (_label, data, filename, type) => {
    const a = await signUpWithOrganization(t);
    await storesNothing(async () => {
      const res = await file(a.cookie, data, filename, type);
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toMatchObject({ code: 'unsupported_media_type', message: TEMPLATE_MEDIA_MESSAGES.unsupported });
    });
  });

  it.each([
    ['PNG', PNG, 'image/png', 5 * MB, /^This PNG image is too large: a PNG image can be at most 5 MB$/],
    ['JPEG', JPEG, 'image/jpeg', 5 * MB, /at most 5 MB$/],
    ['MP4', MP4, 'video/mp4', 16 * MB, /^This MP4 video is too large: a MP4 video can be at most 16 MB$/],
  ] as const)('takes a %s of exactly its limit and refuses one byte more with 413, storing nothing', async (_label, head, mime, limit, message) => {
    const a = await signUpWithOrganization(t);
    await storesNothing(async () => {
      const res = await file(a.cookie, padded(head, limit + 1));
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toMatchObject({ code: 'payload_too_large', message: TEMPLATE_MEDIA_MESSAGES.tooLarge(mime) });
      expect(res.json().error.message).toMatch(message);
    });
    const ok = await file(a.cookie, padded(head, limit));
    expect(ok.statusCode, ok.body).toBe(201);
    const name = ok.json().data.url.split('/').pop() as string;
    expect((await db().select().from(uploads).where(eq(uploads.name, name)))[0]?.size).toBe(limit);
  });

  it('refuses a PDF over 100 MB with 413 (cut off at the limit), storing nothing', async () => {
    const a = await signUpWithOrganization(t);
    await storesNothing(async () => {
      const res = await file(a.cookie, padded(PDF, 100 * MB + 1));
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toMatchObject({ code: 'payload_too_large', message: TEMPLATE_MEDIA_MESSAGES.tooLarge('application/pdf') });
    });
  });

  it('counts template media per organization (500 MB), apart from the 50 MB of avatars per user', async () => {
    expect(TEMPLATE_MEDIA_QUOTA.maxTotalBytesPerOrganization).toBe(500 * MB);
    const a = await signUpWithOrganization(t);
    // A 60 MB PDF: more than a user's avatar allowance, well within the organization's media.
    const big = await file(a.cookie, padded(PDF, 60 * MB));
    expect(big.statusCode, big.body).toBe(201);
    // It does not count against the user's avatars…
    const avatar = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...sameOrigin, cookie: a.cookie, 'content-type': multipart([{ field: 'image', filename: 'a.png', data: PNG }]).contentType },
      payload: multipart([{ field: 'image', filename: 'a.png', data: PNG }]).payload,
    });
    expect(avatar.statusCode).toBe(201);
    // …but every member's media counts for the organization: one byte short of full, a PNG no longer fits.
    const filler = `${randomBytes(16).toString('hex')}.pdf`;
    await db()
      .insert(uploads)
      .values({ name: filler, userId: a.user.id, organizationId: a.organizationId, mime: 'application/pdf', size: 500 * MB - 60 * MB - PNG.length + 1, visibility: 'organization', createdAt: new Date(Date.now() - 3_600_000) });
    try {
      await storesNothing(async () => {
        const res = await file(a.cookie, PNG);
        expect(res.statusCode).toBe(413);
        expect(res.json().error).toMatchObject({ code: 'payload_too_large', message: TEMPLATE_MEDIA_MESSAGES.quotaExceeded });
        expect(TEMPLATE_MEDIA_MESSAGES.quotaExceeded).toMatch(/organization has used its 500 MB of template media/);
      });
      // Another organization is not affected.
      const b = await signUpWithOrganization(t);
      expect((await file(b.cookie, PNG)).statusCode).toBe(201);
      // Exactly at the limit fits.
      await db().update(uploads).set({ size: 500 * MB - 60 * MB - PNG.length }).where(eq(uploads.name, filler));
      expect((await file(a.cookie, PNG)).statusCode).toBe(201);
    } finally {
      await db().delete(uploads).where(eq(uploads.name, filler)); // it never had a file
    }
  });

  it('takes the editor field `file` or `image`; anything else is a 400 naming `file`; an empty file is a 400', async () => {
    const a = await signUpWithOrganization(t);
    expect((await file(a.cookie, PNG, 'a.png', 'image/png', 'image')).statusCode).toBe(201);
    await storesNothing(async () => {
      const wrong = await file(a.cookie, PNG, 'a.png', 'image/png', 'upload');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatchObject({ code: 'invalid_request', message: TEMPLATE_MEDIA_MESSAGES.required, details: [{ path: 'file', message: TEMPLATE_MEDIA_MESSAGES.required }] });
      const empty = await file(a.cookie, Buffer.alloc(0));
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.message).toBe(TEMPLATE_MEDIA_MESSAGES.required);
    });
  });

  it("never lets another organization overwrite or read a file: each upload gets a new name, whatever the file is called", async () => {
    const a = await signUpWithOrganization(t);
    const b = await signUpWithOrganization(t);
    const mine = await file(a.cookie, PDF, 'contract.pdf');
    const name = mine.json().data.url.split('/').pop() as string;
    // B uploads a PNG under A's stored name (and a traversal) as its file name.
    for (const filename of [name, `../uploads/${name}`]) {
      const theirs = await file(b.cookie, PNG, filename, 'application/pdf');
      expect(theirs.statusCode).toBe(201);
      expect(theirs.json().data.url).not.toContain(name);
    }
    expect(readFileSync(join(dir(), name)).equals(PDF)).toBe(true);
    expect((await db().select().from(uploads).where(eq(uploads.name, name)))[0]).toMatchObject({ organizationId: a.organizationId, mime: 'application/pdf' });
    const own = await get(name, a.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PDF)).toBe(true);
    const other = await get(name, b.cookie);
    expect(other.statusCode).toBe(404);
    expect(other.rawPayload.includes(PDF)).toBe(false);
  });

  it('has a row for every stored file and a file for every row', async () => {
    expect(stored()).toEqual(await rows());
  });
});
