/**
 * Profile API: GET and PUT /api/user/{id} (console.md §5 Account settings, §7 User, §8); an avatar
 * must be the user's own upload (issue 6).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@pesan/contracts/auth';
import { uploads } from '../src/db/schema/uploads.ts';
import { users } from '../src/db/schema/users.ts';
import { createTestApp, sameOrigin, type TestApp } from './harness.ts';
import { signUpVerifiedUser, signUpWithOrganization } from './accounts-helper.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('user API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
  });
  afterAll(async () => t.close());

  const row = async (id: string) => (await t.ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const put = (id: string, payload: object, cookie?: string) =>
    t.app.inject({ method: 'PUT', url: `/api/user/${id}`, headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) }, payload });
  /** Uploads a PNG through POST /api/upload as the user of `cookie`; returns its URL. */
  const uploadPng = async (cookie: string, purpose?: 'avatar' | 'template_media') => {
    const boundary = '----pesanUserTestBoundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/upload${purpose ? `?purpose=${purpose}` : ''}`,
      headers: { ...sameOrigin, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    return res.json().data.url as string;
  };

  it('returns the caller without any secret', async () => {
    const { cookie, user } = await signUpVerifiedUser(t, { fullName: 'Budi Santoso', phoneNumber: '+62 811-1111-2222' });
    const res = await t.app.inject({ method: 'GET', url: `/api/user/${user.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { id: user.id, fullName: 'Budi Santoso', email: user.email, phoneNumber: '+6281111112222', avatar: null, organizationId: null, emailVerified: true, language: null, timeZone: null, role: null, twoFactorEnabled: false, twoFactorSetupRequired: false },
    });
    expect(res.body).not.toMatch(/argon2|hash|password/i);
  });

  it("answers 404 for another user's id or an unknown one, 401 without a session", async () => {
    const a = await signUpVerifiedUser(t);
    const b = await signUpVerifiedUser(t);
    for (const id of [b.user.id, '00000000-0000-0000-0000-000000000000', 'not-a-uuid']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: { cookie: a.cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    const before = await row(b.user.id);
    const res = await put(b.user.id, { fullName: 'Hacked' }, a.cookie);
    expect(res.statusCode).toBe(404);
    expect((await row(b.user.id)).fullName).toBe(before.fullName);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${a.user.id}` })).statusCode).toBe(401);
    expect((await put(a.user.id, { fullName: 'Anon' })).statusCode).toBe(401);
  });

  it('changes full name and avatar only; e-mail and phone stay even when sent', async () => {
    const { cookie, user } = await signUpVerifiedUser(t);
    const avatar = await uploadPng(cookie);
    expect(avatar).toMatch(/^http:\/\/localhost:3000\/api\/uploads\/[a-f0-9]{32}\.png$/);
    const res = await put(user.id, { fullName: '  Dewi Lestari ', avatar, email: 'other@example.com', phoneNumber: '+1555000111', organizationId: 'x' }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { ...user, fullName: 'Dewi Lestari', avatar },
      message: 'Your User data has been succesfully changed, please re-login',
    });
    const stored = await row(user.id);
    expect(stored).toMatchObject({ fullName: 'Dewi Lestari', avatar, email: user.email, phoneNumber: user.phoneNumber, organizationId: null });

    // avatar left out = unchanged; '' or null = removed
    expect((await put(user.id, { fullName: 'Dewi' }, cookie)).json().data.avatar).toBe(avatar);
    expect((await put(user.id, { fullName: 'Dewi', avatar: '' }, cookie)).json().data.avatar).toBeNull();
    expect((await row(user.id)).avatar).toBeNull();
    // null removes it too
    expect((await put(user.id, { fullName: 'Dewi', avatar }, cookie)).json().data.avatar).toBe(avatar);
    expect((await put(user.id, { fullName: 'Dewi', avatar: null }, cookie)).json().data.avatar).toBeNull();
    expect((await row(user.id)).avatar).toBeNull();
  });

  it('saves the interface language (en or id; null follows the browser), keeps it when left out, refuses any other', async () => {
    const { cookie, user } = await signUpVerifiedUser(t);
    const saved = await put(user.id, { fullName: user.fullName, language: 'id' }, cookie);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.language).toBe('id');
    expect((await row(user.id)).language).toBe('id');
    // Read back with the session (the user loaded with it on every request).
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${user.id}`, headers: { cookie } })).json().data.language).toBe('id');
    expect((await put(user.id, { fullName: 'Same' }, cookie)).json().data.language).toBe('id');
    const refused = await put(user.id, { fullName: 'Same', language: 'fr' }, cookie);
    expect(refused.statusCode).toBe(400);
    // The user's saved language is now 'id', so the answer is Indonesian (ARCHITECTURE.md §10).
    expect(refused.json().error.message).toBe('Bahasa harus en atau id');
    expect((await row(user.id)).language).toBe('id');
    expect((await put(user.id, { fullName: 'Same', language: null }, cookie)).json().data.language).toBeNull();
    expect((await row(user.id)).language).toBeNull();
  });

  it("refuses another user's upload as avatar (another organization's too), changing nothing", async () => {
    const a = await signUpWithOrganization(t);
    const b = await signUpWithOrganization(t);
    const own = await uploadPng(a.cookie);
    expect((await put(a.user.id, { fullName: 'Ana', avatar: own }, a.cookie)).statusCode).toBe(200);
    const before = await row(a.user.id);

    const othersAvatar = await uploadPng(b.cookie);
    const othersMedia = await uploadPng(b.cookie, 'template_media');
    const ownMedia = await uploadPng(a.cookie, 'template_media');
    // a file on disk without its uploads row (not stored by POST /api/upload)
    mkdirSync(join(t.dataDir, 'uploads'), { recursive: true });
    writeFileSync(join(t.dataDir, 'uploads', '0123456789abcdef0123456789abcdef.png'), PNG);
    const unrecorded = 'http://localhost:3000/api/uploads/0123456789abcdef0123456789abcdef.png';
    for (const avatar of [othersAvatar, othersMedia, ownMedia, unrecorded]) {
      const res = await put(a.user.id, { fullName: 'Changed', avatar }, a.cookie);
      expect(res.statusCode, avatar).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid_request', details: [{ path: 'avatar', message: AUTH_MESSAGES.avatarInvalid }] });
    }
    expect(await row(a.user.id)).toEqual(before);
    expect(before).toMatchObject({ fullName: 'Ana', avatar: own });
    // b's uploads are untouched and still b's
    const bRows = await t.ctx.database.db.select().from(uploads).where(eq(uploads.userId, b.user.id));
    expect(bRows.map((r) => r.name).sort()).toEqual([othersAvatar, othersMedia].map((u) => u.split('/').pop()).sort());
  });

  it('accepts the current avatar sent back unchanged, even when it is not an own upload', async () => {
    const { cookie, user } = await signUpVerifiedUser(t);
    const other = await signUpVerifiedUser(t);
    // e.g. an avatar set before uploads had owners
    const legacy = await uploadPng(other.cookie);
    await t.ctx.database.db.update(users).set({ avatar: legacy }).where(eq(users.id, user.id));
    const res = await put(user.id, { fullName: 'Kept Avatar', avatar: legacy }, cookie);
    expect(res.statusCode).toBe(200);
    expect(await row(user.id)).toMatchObject({ fullName: 'Kept Avatar', avatar: legacy });
  });

  it('refuses a missing full name and a bad avatar, changing nothing', async () => {
    const { cookie, user } = await signUpVerifiedUser(t, { fullName: 'Original Name' });
    for (const [payload, path, message] of [
      [{}, 'fullName', AUTH_MESSAGES.fullNameRequired],
      [{ fullName: '   ' }, 'fullName', AUTH_MESSAGES.fullNameRequired],
      [{ fullName: 'X', avatar: 'javascript:alert(1)' }, 'avatar', AUTH_MESSAGES.avatarInvalid],
      [{ fullName: 'X', avatar: 'a'.repeat(600) }, 'avatar', AUTH_MESSAGES.avatarInvalid],
      // only images this server stored (checked by content) may become an avatar
      [{ fullName: 'X', avatar: 'https://evil.example/tracker.png' }, 'avatar', AUTH_MESSAGES.avatarInvalid],
      [{ fullName: 'X', avatar: 'http://localhost:3000/api/uploads/ffffffffffffffffffffffffffffffff.png' }, 'avatar', AUTH_MESSAGES.avatarInvalid],
      [{ fullName: 'X', avatar: 'http://localhost:3000/api/uploads/../session-secret' }, 'avatar', AUTH_MESSAGES.avatarInvalid],
    ] as const) {
      const res = await put(user.id, payload, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toContainEqual({ path, message });
    }
    expect(await row(user.id)).toMatchObject({ fullName: 'Original Name', avatar: null });
  });
});
