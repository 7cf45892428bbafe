import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { APPLICATION_MESSAGES } from '@pesan/contracts/application';
import { accessTokens, applicationChannels, applications } from '../src/db/schema/applications.ts';
import { createTestApp, sameOrigin, type TestApp } from './harness.ts';
import { createAccount, type Account } from './application-fixtures.ts';

describe('channels and applications API', () => {
  let t: TestApp;
  let a: Account;
  let b: Account;
  let clock = Date.parse('2025-01-01T00:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    t.ctx.now = () => new Date((clock += 1000));
    a = await createAccount(t);
    b = await createAccount(t);
  });
  afterAll(async () => t.close());

  const db = () => t.ctx.database.db;
  const appCount = async () => (await db().select({ n: count() }).from(applications))[0]!.n;
  const channelCount = async () => (await db().select({ n: count() }).from(applicationChannels))[0]!.n;

  async function create(who: Account, body: unknown) {
    return t.app.inject({ method: 'POST', url: '/api/application', headers: who.headers, payload: body as object });
  }
  async function list(who: Account, body: object) {
    return t.app.inject({ method: 'POST', url: '/api/application/list', headers: who.headers, payload: body });
  }

  it('lists the six channels with their labels', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/channel', headers: { cookie: a.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { id: 'whatsapp', name: 'WhatsApp' },
        { id: 'sms', name: 'SMS' },
        { id: 'sms_otp', name: 'SMS OTP' },
        { id: 'call', name: 'Call' },
        { id: 'voice_otp', name: 'Voice OTP' },
        { id: 'email', name: 'Email' },
      ],
    });
  });

  it('refuses anonymous calls with 401 and a user without organization with 403', async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/api/application/list', headers: sameOrigin, payload: {} });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error.code).toBe('unauthorized');
    const noOrg = await createAccount(t, { withOrganization: false });
    const before = await appCount();
    const res = await create(noOrg, { applicationName: 'X', channels: [{ channel: 'sms' }] });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(APPLICATION_MESSAGES.organizationRequired);
    expect(await appCount()).toBe(before);
  });

  it('creates an application with its channels', async () => {
    const res = await create(a, {
      applicationName: '  Shop Alerts ',
      channels: [
        { channel: 'email' },
        { channel: 'sms', senderName: 'SHOP', senderNumber: '12345' },
        { channel: 'whatsapp', senderName: 'Shop', senderImageUrl: '' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data).toMatchObject({
      id: body.id,
      application_name: 'Shop Alerts',
      organization_id: a.organizationId,
      user_id: a.userId,
      billing_type: 'post-paid',
      require_signature: false,
    });
    expect(body.data.created_at).toBe(body.data.updated_at);
    expect(body.data.channels).toEqual([
      { channel: 'whatsapp', channel_name: 'Whatsapp', senderName: 'Shop', senderNumber: null },
      { channel: 'sms', channel_name: 'SMS', senderName: 'SHOP', senderNumber: '12345' },
      { channel: 'email', channel_name: 'Email', senderName: null, senderNumber: null },
    ]);
    const [row] = await db().select().from(applications).where(eq(applications.id, body.id));
    expect(row).toMatchObject({ name: 'Shop Alerts', organizationId: a.organizationId, userId: a.userId, deletedAt: null });
    const chans = await db().select().from(applicationChannels).where(eq(applicationChannels.applicationId, body.id));
    expect(chans.map((c) => c.channel).sort()).toEqual(['email', 'sms', 'whatsapp']);
    expect(chans.find((c) => c.channel === 'sms')).toMatchObject({ senderName: 'SHOP', senderNumber: '12345' });
  });

  it('stores the Voice OTP channel under its stored name', async () => {
    const res = await create(a, { applicationName: 'Voice', channels: [{ channel: 'voice_otp' }], requireSignature: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.channels).toEqual([{ channel: 'voice_otp', channel_name: 'Misscall OTP - OTP', senderName: null, senderNumber: null }]);
    expect(res.json().data.require_signature).toBe(true);
  });

  it.each([
    [{ channels: [{ channel: 'sms' }] }, [{ path: 'applicationName', message: APPLICATION_MESSAGES.nameRequired }]],
    [{ applicationName: '   ', channels: [{ channel: 'sms' }] }, [{ path: 'applicationName', message: APPLICATION_MESSAGES.nameRequired }]],
    [{ applicationName: 'X' }, [{ path: 'channels', message: APPLICATION_MESSAGES.channelRequired }]],
    [{ applicationName: 'X', channels: [] }, [{ path: 'channels', message: APPLICATION_MESSAGES.channelRequired }]],
    [
      {},
      [
        { path: 'applicationName', message: APPLICATION_MESSAGES.nameRequired },
        { path: 'channels', message: APPLICATION_MESSAGES.channelRequired },
      ],
    ],
  ])('refuses %j with field messages and writes nothing', async (body, details) => {
    const before = [await appCount(), await channelCount()];
    const res = await create(a, body);
    expect(res.statusCode).toBe(400);
    const err = res.json().error;
    expect(err.code).toBe('invalid_request');
    expect(err.details).toEqual(details);
    expect(err.message).toBe(details[0]!.message);
    expect([await appCount(), await channelCount()]).toEqual(before);
  });

  it('refuses unknown and duplicate channels and writes nothing', async () => {
    const before = await appCount();
    const unknown = await create(a, { applicationName: 'X', channels: [{ channel: 'fax' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details[0].path).toBe('channels.0.channel');
    const dup = await create(a, { applicationName: 'X', channels: [{ channel: 'sms' }, { channel: 'sms' }] });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.details[0]).toEqual({ path: 'channels', message: 'Each channel may appear once' });
    expect(await appCount()).toBe(before);
  });

  describe('list', () => {
    let ids: string[] = [];
    let owner: Account;
    beforeAll(async () => {
      owner = await createAccount(t);
      ids = [];
      for (let i = 1; i <= 12; i++) {
        const channels = i % 3 === 0 ? [{ channel: 'email' }] : i % 3 === 1 ? [{ channel: 'sms' }, { channel: 'call' }] : [{ channel: 'whatsapp' }];
        const res = await create(owner, { applicationName: `App ${String(i).padStart(2, '0')}${i === 7 ? ' Special' : ''}`, channels });
        ids.push(res.json().id);
      }
      // another organization's application must never show up
      await create(b, { applicationName: 'App 99 Special', channels: [{ channel: 'sms' }] });
    });

    it('pages the organization\'s applications newest updated first', async () => {
      const first = await list(owner, {});
      expect(first.statusCode).toBe(200);
      const p1 = first.json();
      expect(p1).toMatchObject({ page: 1, limit: 10, pages: 2, total: 12 });
      expect(p1.data.map((x: { id: string }) => x.id)).toEqual([...ids].reverse().slice(0, 10));
      expect(p1.data.every((x: { organization_id: string }) => x.organization_id === owner.organizationId)).toBe(true);
      const p2 = (await list(owner, { page: 2 })).json();
      expect(p2).toMatchObject({ page: 2, limit: 10, pages: 2, total: 12 });
      expect(p2.data.map((x: { id: string }) => x.id)).toEqual([ids[1], ids[0]]);
      const small = (await list(owner, { page: 3, limit: 5 })).json();
      expect(small).toMatchObject({ page: 3, limit: 5, pages: 3, total: 12 });
      expect(small.data).toHaveLength(2);
      const beyond = (await list(owner, { page: 9 })).json();
      expect(beyond).toMatchObject({ data: [], total: 12, pages: 2 });
    });

    it('searches names case-insensitively and ids', async () => {
      const byName = (await list(owner, { search: 'special' })).json();
      expect(byName.total).toBe(1);
      expect(byName.data[0].id).toBe(ids[6]);
      const byId = (await list(owner, { search: ids[3]!.slice(0, 13).toUpperCase() })).json();
      expect(byId.data.map((x: { id: string }) => x.id)).toEqual([ids[3]]);
      const none = (await list(owner, { search: '100%' })).json();
      expect(none).toMatchObject({ data: [], total: 0, pages: 0 });
    });

    it('filters by any of the given channels', async () => {
      const email = (await list(owner, { channel_id: ['email'] })).json();
      expect(email.total).toBe(4);
      expect(email.data.every((x: { channels: { channel: string }[] }) => x.channels.some((c) => c.channel === 'email'))).toBe(true);
      const either = (await list(owner, { channel_id: ['email', 'call'], limit: 100 })).json();
      expect(either.total).toBe(8);
      const withSearch = (await list(owner, { channel_id: ['call'], search: 'app 0' })).json();
      expect(withSearch.data.map((x: { application_name: string }) => x.application_name)).toEqual(['App 07 Special', 'App 04', 'App 01']);
    });

    it('refuses a bad list body', async () => {
      const res = await list(owner, { channel_id: ['fax'], page: 0 });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['channel_id.0', 'page']));
    });
  });

  describe('one application', () => {
    let id: string;
    beforeAll(async () => {
      id = (await create(a, { applicationName: 'Detail App', channels: [{ channel: 'sms', senderName: 'DET' }, { channel: 'email' }] })).json().id;
    });

    it('reads it', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/application/${id}`, headers: { cookie: a.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id, application_name: 'Detail App', organization_id: a.organizationId });
      expect(res.json().data.channels.map((c: { channel: string }) => c.channel)).toEqual(['sms', 'email']);
    });

    it('is a 404 for another organization, an unknown id and a malformed id', async () => {
      for (const [who, target] of [
        [b, id],
        [a, '00000000-0000-4000-8000-000000000000'],
        [a, 'not-a-uuid'],
      ] as const) {
        for (const method of ['GET', 'PUT', 'DELETE'] as const) {
          const res = await t.app.inject({
            method,
            url: `/api/application/${target}`,
            headers: who.headers,
            ...(method === 'PUT' ? { payload: { applicationName: 'Hacked' } } : {}),
          });
          expect(res.statusCode, `${method} ${target}`).toBe(404);
          expect(res.json().error).toMatchObject({ code: 'not_found', message: APPLICATION_MESSAGES.notFound });
        }
      }
      const [row] = await db().select().from(applications).where(eq(applications.id, id));
      expect(row).toMatchObject({ name: 'Detail App', deletedAt: null });
    });

    it('edits the name and updated_at', async () => {
      const before = (await db().select().from(applications).where(eq(applications.id, id)))[0]!;
      const res = await t.app.inject({ method: 'PUT', url: `/api/application/${id}`, headers: a.headers, payload: { applicationName: 'Renamed App' } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.message).toBe(APPLICATION_MESSAGES.editSuccessMessage);
      expect(body.data).toMatchObject({ id, application_name: 'Renamed App' });
      expect(Date.parse(body.data.updated_at)).toBeGreaterThan(before.updatedAt.getTime());
      expect(body.data.channels.map((c: { channel: string }) => c.channel)).toEqual(['sms', 'email']);
      const after = (await db().select().from(applications).where(eq(applications.id, id)))[0]!;
      expect(after.name).toBe('Renamed App');
      expect(after.updatedAt.toISOString()).toBe(body.data.updated_at);
      // the edited application moves to the top of the list
      expect((await list(a, {})).json().data[0].id).toBe(id);
    });

    it('replaces channels and revokes tokens of removed channels', async () => {
      const gen = await t.app.inject({ method: 'POST', url: '/api/auth/rsa/generate-token', headers: a.headers, payload: { application: id } });
      expect(gen.statusCode).toBe(200);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/application/${id}`,
        headers: a.headers,
        payload: { applicationName: 'Renamed App', channels: [{ channel: 'sms', senderName: 'NEW' }, { channel: 'call' }] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.channels).toEqual([
        { channel: 'sms', channel_name: 'SMS', senderName: 'NEW', senderNumber: null },
        { channel: 'call', channel_name: 'Call', senderName: null, senderNumber: null },
      ]);
      const tokens = await db().select().from(accessTokens).where(eq(accessTokens.applicationId, id));
      expect(tokens.find((x) => x.channel === 'email')!.isRevoke).toBe(true);
      expect(tokens.find((x) => x.channel === 'sms')!.isRevoke).toBe(false);
    });

    it('refuses an empty name and changes nothing', async () => {
      const before = (await db().select().from(applications).where(eq(applications.id, id)))[0]!;
      const res = await t.app.inject({ method: 'PUT', url: `/api/application/${id}`, headers: a.headers, payload: { applicationName: '', channels: [] } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        { path: 'applicationName', message: APPLICATION_MESSAGES.nameRequired },
        { path: 'channels', message: APPLICATION_MESSAGES.channelRequired },
      ]);
      const after = (await db().select().from(applications).where(eq(applications.id, id)))[0]!;
      expect(after).toEqual(before);
      expect((await db().select().from(applicationChannels).where(eq(applicationChannels.applicationId, id))).length).toBe(2);
    });

    it('deletes softly and revokes its tokens', async () => {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/application/${id}`, headers: a.headers });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const [row] = await db().select().from(applications).where(eq(applications.id, id));
      expect(row!.deletedAt).toBeInstanceOf(Date);
      const live = await db()
        .select()
        .from(accessTokens)
        .where(and(eq(accessTokens.applicationId, id), eq(accessTokens.isRevoke, false)));
      expect(live).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: `/api/application/${id}`, headers: { cookie: a.cookie } })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/application/${id}`, headers: a.headers })).statusCode).toBe(404);
      expect((await list(a, { limit: 100 })).json().data.map((x: { id: string }) => x.id)).not.toContain(id);
    });
  });
});

describe('demo application seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
  });
  afterAll(async () => t.close());

  it('creates Demo App with all six channels and an approved template for the demo organization', async () => {
    const { seedDemoApplications } = await import('../src/seed/applications.ts');
    const { waTemplates } = await import('../src/db/schema/templates.ts');
    const acc = await createAccount(t);
    const ids: { userId?: string; organizationId?: string; applicationId?: string } = { userId: acc.userId, organizationId: acc.organizationId };
    await seedDemoApplications(t.ctx, ids);
    expect(ids.applicationId).toMatch(/^[0-9a-f-]{36}$/);
    const res = await t.app.inject({ method: 'GET', url: `/api/application/${ids.applicationId}`, headers: { cookie: acc.cookie } });
    expect(res.json().data).toMatchObject({ application_name: 'Demo App', user_id: acc.userId, organization_id: acc.organizationId });
    expect(res.json().data.channels.map((c: { channel: string; senderName: string | null }) => [c.channel, c.senderName])).toEqual([
      ['whatsapp', null],
      ['sms', 'PESAN'],
      ['sms_otp', null],
      ['call', null],
      ['voice_otp', null],
      ['email', null],
    ]);
    const templates = await t.ctx.database.db.select().from(waTemplates).where(eq(waTemplates.organizationId, acc.organizationId));
    // Templates in every status the list filters by (issue 13), all of the demo application.
    expect(templates.map((x) => x.status).sort()).toEqual(['APPROVED', 'APPROVED', 'DRAFT', 'PENDING', 'REJECTED']);
    expect(templates.every((x) => x.applicationId === ids.applicationId)).toBe(true);
    expect(templates.find((x) => x.status === 'REJECTED')).toMatchObject({ rejectionReason: 'INVALID_FORMAT', recommendation: expect.stringContaining('full domain') });
    expect(templates.find((x) => x.category === 'AUTHENTICATION')).toMatchObject({ status: 'APPROVED' });
    expect(templates.find((x) => x.name === 'welcome_message')).toMatchObject({
      name: 'welcome_message',
      language: 'en',
      category: 'UTILITY',
      status: 'APPROVED',
      components: [{ type: 'BODY', text: 'Hello {{1}}, welcome to Pesan!' }],
    });
  });

  it('does nothing without the demo organization and user', async () => {
    const { seedDemoApplications } = await import('../src/seed/applications.ts');
    const before = (await t.ctx.database.db.select({ n: count() }).from(applications))[0]!.n;
    const ids = {};
    await seedDemoApplications(t.ctx, ids);
    expect(ids).toEqual({});
    expect((await t.ctx.database.db.select({ n: count() }).from(applications))[0]!.n).toBe(before);
  });
});
