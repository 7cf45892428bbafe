import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { RECORDS_MESSAGES } from '@pesan/contracts/records';
import { messages } from '../src/db/schema/messages.ts';
import { firstKeptDay, retentionStart } from '../src/lib/retention.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createAccount, insertMessage, type Account } from './application-fixtures.ts';

describe('monitoring records API', () => {
  let t: TestApp;
  let a: Account;
  let b: Account;
  let appId: string;
  let otherAppId: string;
  const smsIds: string[] = [];
  const base = Date.parse('2025-03-01T00:00:00Z');
  const at = (minutes: number) => new Date(base + minutes * 60_000);

  beforeAll(async () => {
    // Fixed dates of 2025 (days and hours in Asia/Jakarta): a retention long enough to keep them
    // whatever today is; the retention itself is tested below.
    t = await createTestApp({ workers: false, env: { RETENTION_DAYS: '36500' } });
    a = await createAccount(t);
    b = await createAccount(t);
    const mk = async (name: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/application',
          headers: a.headers,
          payload: { applicationName: name, channels: [{ channel: 'sms' }, { channel: 'email' }, { channel: 'voice_otp' }, { channel: 'whatsapp' }] },
        })
      ).json().id as string;
    appId = await mk('Records App');
    otherAppId = await mk('Other App');
    const org = a.organizationId;
    // 23 SMS rows, one per hour from base: every 4th undelivered, the rest delivered
    for (let i = 0; i < 23; i++) {
      smsIds.push(
        await insertMessage(t, {
          organizationId: org,
          applicationId: appId,
          channel: 'sms',
          recipient: i === 5 ? '+6281299990000' : `+62811000${String(i).padStart(4, '0')}`,
          country: 'ID',
          totalSms: 1 + (i % 2),
          status: i % 4 === 0 ? 'undelivered' : 'delivered',
          reason: i % 4 === 0 ? 'Handset unreachable' : null,
          createdAt: at(i * 60),
          updatedAt: at(i * 60 + 5),
        }),
      );
    }
    await insertMessage(t, { organizationId: org, applicationId: appId, channel: 'email', recipient: 'Alice.Smith@Example.com', status: 'opened', createdAt: at(10), updatedAt: at(11) });
    await insertMessage(t, { organizationId: org, applicationId: appId, channel: 'email', recipient: 'bob@example.org', status: 'delivered', createdAt: at(20), updatedAt: at(21) });
    await insertMessage(t, { organizationId: org, applicationId: appId, channel: 'voice_otp', recipient: '+628155550001', status: 'success', otp: '1234', createdAt: at(30), updatedAt: at(31) });
    await insertMessage(t, { organizationId: org, applicationId: appId, channel: 'whatsapp', recipient: '+628155550002', status: 'read', templateName: 'welcome_message', createdAt: at(40), updatedAt: at(41) });
    // the other application's SMS must not appear
    await insertMessage(t, { organizationId: org, applicationId: otherAppId, channel: 'sms', recipient: '+6281100000001', status: 'delivered', createdAt: at(1), updatedAt: at(2) });
  });
  afterAll(async () => t.close());

  const records = (who: Account, body: object) => t.app.inject({ method: 'POST', url: '/api/records', headers: who.headers, payload: body });

  it('pages one channel of one application, newest first', async () => {
    const res = await records(a, { application_id: appId, channel: 'sms', showType: 'all', page: 1, limit: 10, search: '' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, limit: 10, pages: 3, total: 23, last_update: at(22 * 60 + 5).toISOString() });
    expect(body.data.map((r: { msgid: string }) => r.msgid)).toEqual([...smsIds].reverse().slice(0, 10));
    expect(body.data[0]).toEqual({
      msgid: smsIds[22],
      channel: 'sms',
      phone_number: '+628110000022',
      email: null,
      to_number: null,
      msgInfo: null,
      created_at: at(22 * 60).toISOString(),
      updated_at: at(22 * 60 + 5).toISOString(),
      total_sms: 1,
      country: 'ID',
      status: 'delivered',
      reason: null,
    });
    const p3 = (await records(a, { application_id: appId, channel: 'sms', page: 3 })).json();
    expect(p3.data.map((r: { msgid: string }) => r.msgid)).toEqual([smsIds[2], smsIds[1], smsIds[0]]);
    expect(p3.data[2]).toMatchObject({ status: 'undelivered', reason: 'Handset unreachable', total_sms: 1 });
  });

  it('filters by status', async () => {
    const body = (await records(a, { application_id: appId, channel: 'sms', showType: 'undelivered', limit: 100 })).json();
    expect(body.total).toBe(6);
    expect(body.data.every((r: { status: string }) => r.status === 'undelivered')).toBe(true);
    expect(body.last_update).toBe(at(20 * 60 + 5).toISOString());
    const none = (await records(a, { application_id: appId, channel: 'sms', showType: 'read' })).json();
    expect(none).toEqual({ data: [], page: 1, limit: 10, pages: 0, total: 0, total_capped: false, next_cursor: null, last_update: null });
  });

  it('filters by an inclusive created_at range', async () => {
    const body = (
      await records(a, { application_id: appId, channel: 'sms', startDate: at(120).toISOString(), endDate: at(300).toISOString(), limit: 100 })
    ).json();
    expect(body.data.map((r: { msgid: string }) => r.msgid)).toEqual([smsIds[5], smsIds[4], smsIds[3], smsIds[2]]);
    expect(body.last_update).toBe(at(305).toISOString());
  });

  it('searches by message id (exact or prefix), number and email', async () => {
    const exact = (await records(a, { application_id: appId, channel: 'sms', search: { key: 'message_id', value: smsIds[7]!.toUpperCase() } })).json();
    expect(exact.data.map((r: { msgid: string }) => r.msgid)).toEqual([smsIds[7]]);
    const prefix = (await records(a, { application_id: appId, channel: 'sms', search: { key: 'message_id', value: smsIds[7]!.slice(0, 8) } })).json();
    expect(prefix.data.map((r: { msgid: string }) => r.msgid)).toContain(smsIds[7]);
    const leadingZero = (await records(a, { application_id: appId, channel: 'sms', search: { name: 'Number', key: 'number', value: '0812-9999' } })).json();
    expect(leadingZero.data.map((r: { msgid: string }) => r.msgid)).toEqual([smsIds[5]]);
    const digits = (await records(a, { application_id: appId, channel: 'sms', search: { key: 'number', value: '0811000001' }, limit: 100 })).json();
    expect(digits.data.map((r: { msgid: string }) => r.msgid)).toEqual(smsIds.slice(10, 20).reverse());
    const e164 = (await records(a, { application_id: appId, channel: 'sms', search: { key: 'number', value: '+62 811-0000-002' } })).json();
    expect(e164.data.map((r: { msgid: string }) => r.msgid)).toEqual([smsIds[2]]);
    const email = (await records(a, { application_id: appId, channel: 'email', search: { key: 'email', value: 'alice.smith@EXAMPLE' } })).json();
    expect(email.data).toHaveLength(1);
    expect(email.data[0]).toMatchObject({ email: 'Alice.Smith@Example.com', phone_number: null, status: 'opened' });
    const empty = (await records(a, { application_id: appId, channel: 'email', search: { key: 'email', value: '' } })).json();
    expect(empty).toMatchObject({ total_capped: false, next_cursor: null });
    expect(empty.total).toBe(2);
    const wildcard = (await records(a, { application_id: appId, channel: 'email', search: { key: 'email', value: '%' } })).json();
    expect(wildcard.total).toBe(0);
  });

  it('maps voice OTP recipients to to_number and WhatsApp templates to msgInfo', async () => {
    const voice = (await records(a, { application_id: appId, channel: 'voice_otp' })).json();
    expect(voice.data[0]).toMatchObject({ channel: 'voice_otp', to_number: '+628155550001', phone_number: null, email: null, status: 'success' });
    const wa = (await records(a, { application_id: appId, channel: 'whatsapp' })).json();
    expect(wa.data[0]).toMatchObject({ phone_number: '+628155550002', msgInfo: 'welcome_message', status: 'read' });
  });

  it('refuses a range over 31 days and an inverted range', async () => {
    const long = await records(a, { application_id: appId, channel: 'sms', startDate: '2025-01-01T00:00:00Z', endDate: '2025-03-01T00:00:00Z' });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({ code: 'invalid_request', message: RECORDS_MESSAGES.rangeTooLong, details: [{ path: 'endDate', message: RECORDS_MESSAGES.rangeTooLong }] });
    const inverted = await records(a, { application_id: appId, channel: 'sms', startDate: '2025-03-02T00:00:00Z', endDate: '2025-03-01T00:00:00Z' });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().error.message).toBe(RECORDS_MESSAGES.rangeInvalid);
    const badStatus = await records(a, { application_id: appId, channel: 'sms', showType: 'lost' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().error.details[0].path).toBe('showType');
  });

  it('is a 404 for another organization, an unknown and a malformed application id', async () => {
    for (const [who, id] of [
      [b, appId],
      [a, '00000000-0000-4000-8000-000000000000'],
      [a, 'abc'],
    ] as const) {
      const res = await records(who, { application_id: id, channel: 'sms' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });

  it('takes whole days in Asia/Jakarta (end day included) and ISO date-times', async () => {
    const id = await (async () =>
      (await t.app.inject({ method: 'POST', url: '/api/application', headers: a.headers, payload: { applicationName: 'Days App', channels: [{ channel: 'sms' }] } })).json().id as string)();
    const org = a.organizationId;
    const mk = (iso: string) => insertMessage(t, { organizationId: org, applicationId: id, channel: 'sms', recipient: '+628110009999', createdAt: new Date(iso), updatedAt: new Date(iso) });
    const late = await mk('2025-03-10T23:59:00+07:00');
    const midnight = await mk('2025-03-11T00:00:00+07:00');
    const before = await mk('2025-03-09T23:59:59.999+07:00');
    const ids = async (startDate: string, endDate: string) => {
      const res = await records(a, { application_id: id, channel: 'sms', startDate, endDate, limit: 100 });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.total).toBe(body.data.length);
      return body.data.map((r: { msgid: string }) => r.msgid);
    };
    expect(await ids('2025-03-10', '2025-03-10')).toEqual([late]);
    expect(await ids('2025-03-11', '2025-03-11')).toEqual([midnight]);
    expect(await ids('2025-03-09', '2025-03-10')).toEqual([late, before]);
    expect(await ids('2025-03-10', '2025-03-11')).toEqual([midnight, late]);
    // ISO bounds are instants, both inclusive; a day start and an ISO end mix.
    expect(await ids('2025-03-10T16:59:00Z', '2025-03-10T17:00:00Z')).toEqual([midnight, late]);
    expect(await ids('2025-03-10T23:59:00.001+07:00', '2025-03-11T00:00:00+07:00')).toEqual([midnight]);
    expect(await ids('2025-03-10', '2025-03-10T23:59:00+07:00')).toEqual([late]);
    // 31 days is the most, 1 day the least.
    expect((await records(a, { application_id: id, channel: 'sms', startDate: '2025-03-01', endDate: '2025-03-31' })).statusCode).toBe(200);
    const long = await records(a, { application_id: id, channel: 'sms', startDate: '2025-03-01', endDate: '2025-04-01' });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({ code: 'invalid_request', message: RECORDS_MESSAGES.rangeTooLong, details: [{ path: 'endDate', message: RECORDS_MESSAGES.rangeTooLong }] });
    const inverted = await records(a, { application_id: id, channel: 'sms', startDate: '2025-03-02', endDate: '2025-03-01' });
    expect(inverted.json().error.message).toBe(RECORDS_MESSAGES.rangeInvalid);
    for (const [startDate, message] of [
      ['2025-02-30', '`startDate` must be a real day between the years 2000 and 2100'],
      ['yesterday', '`startDate` must be a date (YYYY-MM-DD) or an ISO date-time'],
      ['2025-3-1', '`startDate` must be a date (YYYY-MM-DD) or an ISO date-time'],
      ['2025-03-01T10:00:00', '`startDate` must be a date (YYYY-MM-DD) or an ISO date-time'],
    ]) {
      const res = await records(a, { application_id: id, channel: 'sms', startDate, endDate: '2025-03-02' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([{ path: 'startDate', message }]);
    }
  });

  it('finds a number however it is typed, and a search that cannot match is the empty result', async () => {
    const id = (await t.app.inject({ method: 'POST', url: '/api/application', headers: a.headers, payload: { applicationName: 'Numbers App', channels: [{ channel: 'sms' }] } })).json().id as string;
    const org = a.organizationId;
    const mine = [
      await insertMessage(t, { organizationId: org, applicationId: id, channel: 'sms', recipient: '+6281234560001', createdAt: at(1), updatedAt: at(1) }),
      await insertMessage(t, { organizationId: org, applicationId: id, channel: 'sms', recipient: '+6281234560001', createdAt: at(2), updatedAt: at(2) }),
    ].reverse();
    await insertMessage(t, { organizationId: org, applicationId: id, channel: 'sms', recipient: '+6281234560002', createdAt: at(3), updatedAt: at(3) });
    await insertMessage(t, { organizationId: org, applicationId: id, channel: 'sms', recipient: '+6591234560001', createdAt: at(4), updatedAt: at(4) });
    const find = async (key: string, value: string) => (await records(a, { application_id: id, channel: 'sms', search: { key, value } })).json();
    for (const typed of ['081234560001', '6281234560001', '+6281234560001', '+62 812-3456-0001', '(0812) 3456 0001']) {
      const body = await find('number', typed);
      expect(body.data.map((r: { msgid: string }) => r.msgid), typed).toEqual(mine);
      expect(body.total).toBe(2);
    }
    // A partial number matches the numbers it begins (0812… is +62812…, never +65…).
    expect((await find('number', '0812345600')).total).toBe(3);
    for (const [key, value] of [
      ['number', '0812abc'],
      ['number', 'abc'],
      ['number', '+'],
      ['message_id', 'not-an-id!'],
      ['message_id', 'zzzz'],
      ['email', 'a@b.co'],
    ]) {
      const body = await find(key, value);
      expect(body, `${key} ${value}`).toEqual({ data: [], page: 1, limit: 10, pages: 0, total: 0, total_capped: false, next_cursor: null, last_update: null });
    }
  });

  it('pages by keyset cursor without duplicates or gaps while new messages arrive', async () => {
    const id = (await t.app.inject({ method: 'POST', url: '/api/application', headers: a.headers, payload: { applicationName: 'Keyset App', channels: [{ channel: 'sms' }] } })).json().id as string;
    const org = a.organizationId;
    const now = Date.now();
    const existing: string[] = [];
    // 25 messages, in pairs sharing one created_at (ties broken by id).
    for (let i = 0; i < 25; i++) {
      const when = new Date(now - 60_000 - Math.floor(i / 2) * 1000);
      existing.push(await insertMessage(t, { organizationId: org, applicationId: id, channel: 'sms', recipient: `+62811${String(i).padStart(7, '0')}`, createdAt: when, updatedAt: when }));
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    let arrived = 0;
    for (let guard = 0; guard < 10; guard++) {
      const res = await records(a, { application_id: id, channel: 'sms', limit: 7, ...(cursor ? { cursor } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      seen.push(...body.data.map((r: { msgid: string }) => r.msgid));
      // A new message arrives between page loads.
      await insertMessage(t, { organizationId: org, applicationId: id, channel: 'sms', recipient: '+628119999999', createdAt: new Date(), updatedAt: new Date() });
      arrived++;
      if (!body.next_cursor) break;
      cursor = body.next_cursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...existing].sort());
    const last = (await records(a, { application_id: id, channel: 'sms', limit: 100 })).json();
    expect(last.total).toBe(25 + arrived);
    // `page` still pages by offset; a forged cursor is a 400.
    const p2 = (await records(a, { application_id: id, channel: 'sms', limit: 7, page: 2 })).json();
    expect(p2.data.map((r: { msgid: string }) => r.msgid)).toEqual(last.data.slice(7, 14).map((r: { msgid: string }) => r.msgid));
    const forged = await records(a, { application_id: id, channel: 'sms', cursor: 'bm90LWEtY3Vyc29y' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.details[0].path).toBe('cursor');
  });

  it('totals from the hourly rollup equal a brute-force count', async () => {
    const db = t.ctx.database.db;
    const brute = async (f: { status?: string; from?: Date; to?: Date; toExclusive?: boolean }) => {
      const conds = [eq(messages.applicationId, appId), eq(messages.channel, 'sms')];
      if (f.status) conds.push(eq(messages.status, f.status));
      if (f.from) conds.push(gte(messages.createdAt, f.from));
      if (f.to) conds.push(f.toExclusive ? lt(messages.createdAt, f.to) : lte(messages.createdAt, f.to));
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(messages).where(and(...conds));
      return row!.n;
    };
    const cases: [object, Parameters<typeof brute>[0]][] = [
      [{}, {}],
      [{ showType: 'undelivered' }, { status: 'undelivered' }],
      [{ startDate: '2025-03-01', endDate: '2025-03-01' }, { from: new Date('2025-02-28T17:00:00Z'), to: new Date('2025-03-01T17:00:00Z'), toExclusive: true }],
      [{ startDate: '2025-03-01', endDate: '2025-03-02', showType: 'delivered' }, { status: 'delivered', from: new Date('2025-02-28T17:00:00Z'), to: new Date('2025-03-02T17:00:00Z'), toExclusive: true }],
      // ISO bounds off the hour: the partial edge hours are counted exactly.
      [{ startDate: at(90).toISOString(), endDate: at(600).toISOString() }, { from: at(90), to: at(600) }],
      [{ startDate: at(61).toISOString(), endDate: at(119).toISOString() }, { from: at(61), to: at(119) }],
      [{ startDate: at(59).toISOString(), endDate: at(121).toISOString(), showType: 'undelivered' }, { status: 'undelivered', from: at(59), to: at(121) }],
      [{ startDate: at(120).toISOString(), endDate: at(300).toISOString() }, { from: at(120), to: at(300) }],
    ];
    for (const [query, f] of cases) {
      const body = (await records(a, { application_id: appId, channel: 'sms', ...query })).json();
      expect(body.total, JSON.stringify(query)).toBe(await brute(f));
    }
    expect(await brute({ from: at(120), to: at(300) })).toBe(4);
  });
});

describe('monitoring records and the retention (RETENTION_DAYS, issue: old months are dropped)', () => {
  let t: TestApp;
  let a: Account;
  let appId: string;
  const DAY_MS = 86_400_000;
  const day = (d: Date) => d.toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp({ workers: false, env: { RETENTION_DAYS: '400' } });
    a = await createAccount(t);
    appId = (await t.app.inject({ method: 'POST', url: '/api/application', headers: a.headers, payload: { applicationName: 'Retention App', channels: [{ channel: 'sms' }] } })).json().id as string;
  });
  afterAll(async () => t.close());

  const records = (body: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/records', headers: { ...a.headers, ...headers }, payload: { application_id: appId, channel: 'sms', ...body } });

  it('refuses a range that starts before the oldest kept month with 422 and the first day to choose, in English and Indonesian', async () => {
    const kept = retentionStart(new Date(), 400);
    const first = firstKeptDay(kept, 'Asia/Jakarta');
    const message = RECORDS_MESSAGES.olderThanRetention(first, 400);
    const dayBefore = day(new Date(Date.parse(`${first}T00:00:00Z`) - DAY_MS));
    const refused = await records({ startDate: dayBefore, endDate: first });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'outside_retention', message, details: [{ path: 'startDate', message }] });
    expect(message).toBe(`Messages older than ${first} are no longer kept (retention: 400 days). Choose a range from ${first}.`);
    // An ISO start one millisecond before the kept month; and with a search, too.
    const iso = await records({ startDate: new Date(kept.getTime() - 1).toISOString(), endDate: new Date(kept.getTime() + DAY_MS).toISOString(), search: { key: 'number', value: 'abc' } });
    expect(iso.statusCode).toBe(422);
    expect(iso.json().error.code).toBe('outside_retention');
    const id = await records({ startDate: dayBefore, endDate: first }, { 'accept-language': 'id' });
    expect(id.statusCode).toBe(422);
    expect(id.json().error.message).toBe(`Pesan yang lebih lama dari ${first} tidak lagi disimpan (masa simpan: 400 hari). Pilih rentang mulai ${first}.`);
  });

  it('answers a range inside the retention, from the first kept day or instant on, and a query without a range', async () => {
    const kept = retentionStart(new Date(), 400);
    const first = firstKeptDay(kept, 'Asia/Jakarta');
    const inside = await insertMessage(t, { organizationId: a.organizationId, applicationId: appId, channel: 'sms', recipient: '+628110001111', createdAt: new Date(kept.getTime() + 3_600_000), updatedAt: new Date(kept.getTime() + 3_600_000) });
    const fromInstant = await records({ startDate: kept.toISOString(), endDate: new Date(kept.getTime() + 2 * DAY_MS).toISOString() });
    expect(fromInstant.statusCode, fromInstant.body).toBe(200);
    expect(fromInstant.json()).toMatchObject({ total: 1, data: [{ msgid: inside }] });
    const fromDay = await records({ startDate: first, endDate: day(new Date(Date.parse(`${first}T00:00:00Z`) + 30 * DAY_MS)) });
    expect(fromDay.statusCode, fromDay.body).toBe(200);
    const lastWeek = await records({ startDate: day(new Date(Date.now() - 6 * DAY_MS)), endDate: day(new Date()) });
    expect(lastWeek.statusCode).toBe(200);
    expect((await records({})).statusCode).toBe(200);
  });

  it('reads the retention against the service clock', async () => {
    const realNow = t.ctx.now;
    // 2027-03-10 - 400 days = 2026-02-03: February 2026 is kept from 2026-02-01T00:00Z, i.e. whole Jakarta days from 2026-02-02.
    t.ctx.now = () => new Date('2027-03-10T00:00:00Z');
    try {
      const refused = await records({ startDate: '2026-02-01', endDate: '2026-02-03' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.message).toBe(RECORDS_MESSAGES.olderThanRetention('2026-02-02', 400));
      expect((await records({ startDate: '2026-02-02', endDate: '2026-02-03' })).statusCode).toBe(200);
      expect((await records({ startDate: '2026-01-31T23:59:59.999Z', endDate: '2026-02-03T00:00:00Z' })).statusCode).toBe(422);
      expect((await records({ startDate: '2026-02-01T00:00:00Z', endDate: '2026-02-03T00:00:00Z' })).statusCode).toBe(200);
    } finally {
      t.ctx.now = realNow;
    }
  });
});
