/**
 * Profile API: GET and PUT /api/user/{id} (console.md §5 Account settings, §7 User, §8).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@pesan/contracts/auth';
import { users } from '../src/db/schema/users.ts';
import { createTestApp, sameOrigin, type TestApp } from './harness.ts';
import { signUpVerifiedUser } from './accounts-helper.ts';

describe('user API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
  });
  afterAll(async () => t.close());

  const row = async (id: string) => (await t.ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const put = (id: string, payload: object, cookie?: string) =>
    t.app.inject({ method: 'PUT', url: `/api/user/${id}`, headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) }, payload });

  it('returns the caller without any secret', async () => {
    const { cookie, user } = await signUpVerifiedUser(t, { fullName: 'Budi Santoso', phoneNumber: '+62 811-1111-2222' });
    const res = await t.app.inject({ method: 'GET', url: `/api/user/${user.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { id: user.id, fullName: 'Budi Santoso', email: user.email, phoneNumber: '+6281111112222', avatar: null, organizationId: null, emailVerified: true },
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
    const avatar = 'http://localhost:3000/api/uploads/0123456789abcdef0123456789abcdef.png';
    mkdirSync(join(t.dataDir, 'uploads'), { recursive: true });
    writeFileSync(join(t.dataDir, 'uploads', '0123456789abcdef0123456789abcdef.png'), 'stored by POST /api/upload');
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
