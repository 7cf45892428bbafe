/**
 * Demo accounts seed (ARCHITECTURE.md §4 DEMO_DATA): the demo user can sign in, has an
 * organization and has accepted the current terms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { TERMS_VERSIONS } from '@pesan/contracts/auth';
import { DEMO_LOGIN, type DemoIds } from '../src/seed/seed.ts';
import { seedDemoAccounts } from '../src/seed/accounts.ts';
import { organizations } from '../src/db/schema/organizations.ts';
import { termsAcceptances, users } from '../src/db/schema/users.ts';
import { cookieFrom, createTestApp, sameOrigin, type TestApp } from './harness.ts';

describe('demo accounts seed', () => {
  let t: TestApp;
  const ids: DemoIds = {};
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    await seedDemoAccounts(t.ctx, ids);
  });
  afterAll(async () => t.close());

  it('creates the verified demo user in Pesan Demo with the terms accepted', async () => {
    const db = t.ctx.database.db;
    expect(ids.userId).toBeTruthy();
    expect(ids.organizationId).toBeTruthy();
    const [user] = await db.select().from(users).where(eq(users.email, DEMO_LOGIN.email));
    expect(user).toMatchObject({ id: ids.userId, fullName: 'Demo User', phoneNumber: '+6281200000001', organizationId: ids.organizationId });
    expect(user!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const [org] = await db.select().from(organizations).where(eq(organizations.id, ids.organizationId!));
    expect(org!.businessName).toBe('Pesan Demo');
    const terms = await db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, ids.userId!));
    expect(terms).toEqual([expect.objectContaining({ ppVersion: TERMS_VERSIONS.pp_version, tncVersion: TERMS_VERSIONS.tnc_version })]);
  });

  it('lets the demo user sign in and see the organization, with no terms modal', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: sameOrigin, payload: DEMO_LOGIN });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({ id: ids.userId, organizationId: ids.organizationId, emailVerified: true });
    const cookie = cookieFrom(login);
    const org = await t.app.inject({ method: 'GET', url: '/api/organization', headers: { cookie } });
    expect(org.json().data.business_name).toBe('Pesan Demo');
    const terms = await t.app.inject({ method: 'GET', url: `/api/user/agreement-tnc/${ids.userId}?check=true&pp_version=1.9&tnc_version=1.2.2`, headers: { cookie } });
    expect(terms.json()).toEqual({ data: { tnc_accept: true } });
  });

  it('is safe to run again', async () => {
    const again: DemoIds = {};
    await seedDemoAccounts(t.ctx, again);
    expect(again).toEqual({ userId: ids.userId, organizationId: ids.organizationId });
    const db = t.ctx.database.db;
    expect(Number((await db.select({ n: count() }).from(users))[0]!.n)).toBe(1);
    expect(Number((await db.select({ n: count() }).from(organizations))[0]!.n)).toBe(1);
  });
});
