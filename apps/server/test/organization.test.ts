/**
 * Organization API (console.md §2 company-data-first, §3, §4, §7 Organization, §8).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { ORGANIZATION_MESSAGES } from '@pesan/contracts/organization';
import { organizations } from '../src/db/schema/organizations.ts';
import { users } from '../src/db/schema/users.ts';
import { createTestApp, sameOrigin, type TestApp } from './harness.ts';
import { createOrganizationFor, signUpVerifiedUser } from './accounts-helper.ts';

const form = {
  business_name: 'Toko Maju Jaya',
  business_phone: '021-555-0199',
  business_address: 'Jl. Merdeka No. 10, Bandung',
  website_url: 'https://tokomaju.co.id',
};

describe('organization API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
  });
  afterAll(async () => t.close());

  const db = () => t.ctx.database.db;
  const orgCount = async () => Number((await db().select({ n: count() }).from(organizations))[0]!.n);
  const send = (method: 'POST' | 'PUT' | 'GET', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });
  const detailsOf = (res: { json(): { error: { details?: { path: string; message: string }[] } } }) =>
    Object.fromEntries((res.json().error.details ?? []).map((d) => [d.path, d.message]));

  it('creates the organization and links the caller in one step', async () => {
    const { cookie, user } = await signUpVerifiedUser(t);
    expect((await send('GET', '/api/organization', cookie)).json()).toEqual({ data: null });
    const res = await send('POST', '/api/organization', cookie, form);
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as string;
    expect(res.json()).toEqual({ data: { id }, message: ORGANIZATION_MESSAGES.created });
    const [org] = await db().select().from(organizations).where(eq(organizations.id, id));
    expect(org).toMatchObject({ businessName: form.business_name, businessPhone: form.business_phone, businessAddress: form.business_address, websiteUrl: form.website_url });
    const [u] = await db().select().from(users).where(eq(users.id, user.id));
    expect(u!.organizationId).toBe(id);
    // the session sees it at once
    const session = await send('GET', '/api/auth/session', cookie);
    expect(session.json().data.organizationId).toBe(id);
    expect((await send('GET', '/api/organization', cookie)).json()).toEqual({ data: { id, ...form, time_zone: 'Asia/Jakarta' } });
    expect((await send('GET', `/api/organization/${id}`, cookie)).json()).toEqual({ data: { id, ...form, time_zone: 'Asia/Jakarta' } });
  });

  it('refuses a second organization with 409 and creates nothing', async () => {
    const { cookie } = await signUpVerifiedUser(t);
    const { organizationId } = await createOrganizationFor(t, cookie);
    const before = await orgCount();
    const res = await send('POST', '/api/organization', cookie, form);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'conflict', message: ORGANIZATION_MESSAGES.alreadyHasOrganization });
    expect(await orgCount()).toBe(before);
    expect((await send('GET', '/api/organization', cookie)).json().data.id).toBe(organizationId);
  });

  it('answers field errors under the fields and stores nothing', async () => {
    const { cookie, user } = await signUpVerifiedUser(t);
    const before = await orgCount();
    const empty = await send('POST', '/api/organization', cookie, {});
    expect(empty.statusCode).toBe(400);
    expect(detailsOf(empty)).toMatchObject({
      business_name: ORGANIZATION_MESSAGES.nameRequired,
      business_phone: ORGANIZATION_MESSAGES.phoneRequired,
      business_address: ORGANIZATION_MESSAGES.addressRequired,
    });
    const blank = await send('POST', '/api/organization', cookie, { business_name: ' ', business_phone: '', business_address: '', website_url: '' });
    expect(detailsOf(blank)).toEqual({
      business_name: ORGANIZATION_MESSAGES.nameRequired,
      business_phone: ORGANIZATION_MESSAGES.phoneRequired,
      business_address: ORGANIZATION_MESSAGES.addressRequired,
    });
    const bad = await send('POST', '/api/organization', cookie, { ...form, business_phone: 'phone', website_url: 'https://nodot' });
    expect(detailsOf(bad)).toEqual({ business_phone: ORGANIZATION_MESSAGES.phoneInvalid, website_url: ORGANIZATION_MESSAGES.websiteInvalid });
    expect(await orgCount()).toBe(before);
    const [u] = await db().select().from(users).where(eq(users.id, user.id));
    expect(u!.organizationId).toBeNull();
    // an empty website (or the bare prefix) is allowed
    const ok = await send('POST', '/api/organization', cookie, { ...form, website_url: 'https://' });
    expect(ok.statusCode).toBe(201);
    expect((await send('GET', '/api/organization', cookie)).json().data.website_url).toBe('');
  });

  it('updates the own organization', async () => {
    const { cookie } = await signUpVerifiedUser(t);
    const { organizationId } = await createOrganizationFor(t, cookie);
    const changed = { ...form, business_name: 'Toko Baru', website_url: 'https://baru.example.com' };
    const res = await send('PUT', `/api/organization/${organizationId}`, cookie, changed);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: organizationId, ...changed, time_zone: 'Asia/Jakarta' }, message: 'Your organization data has been successfully updated' });
    const [org] = await db().select().from(organizations).where(eq(organizations.id, organizationId));
    expect(org!.businessName).toBe('Toko Baru');

    const bad = await send('PUT', `/api/organization/${organizationId}`, cookie, { ...changed, business_name: '' });
    expect(bad.statusCode).toBe(400);
    expect(detailsOf(bad).business_name).toBe(ORGANIZATION_MESSAGES.nameRequired);
    const [same] = await db().select().from(organizations).where(eq(organizations.id, organizationId));
    expect(same!.businessName).toBe('Toko Baru');
  });

  it("is 404 for another organization's id, for read and update, and changes nothing", async () => {
    const a = await signUpVerifiedUser(t);
    const { organizationId: orgA } = await createOrganizationFor(t, a.cookie, { business_name: 'A Corp' });
    const b = await signUpVerifiedUser(t);
    const { organizationId: orgB } = await createOrganizationFor(t, b.cookie, { business_name: 'B Corp' });
    const noOrg = await signUpVerifiedUser(t);
    for (const [cookie, id] of [
      [a.cookie, orgB],
      [b.cookie, orgA],
      [noOrg.cookie, orgA],
      [a.cookie, '00000000-0000-0000-0000-000000000000'],
      [a.cookie, 'nope'],
    ] as const) {
      const get = await send('GET', `/api/organization/${id}`, cookie);
      expect(get.statusCode).toBe(404);
      expect(get.json().error.code).toBe('not_found');
      const put = await send('PUT', `/api/organization/${id}`, cookie, { ...form, business_name: 'Taken over' });
      expect(put.statusCode).toBe(404);
    }
    const names = (await db().select().from(organizations)).map((o) => o.businessName);
    expect(names).not.toContain('Taken over');
  });

  it('requires a session', async () => {
    expect((await send('GET', '/api/organization')).statusCode).toBe(401);
    expect((await send('POST', '/api/organization', undefined, form)).statusCode).toBe(401);
    expect((await send('POST', '/api/organization', undefined, {})).statusCode).toBe(401);
  });
});
