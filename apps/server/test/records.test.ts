import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDS_MESSAGES } from '@pesan/contracts/records';
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
    t = await createTestApp({ workers: false });
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
    expect(none).toEqual({ data: [], page: 1, limit: 10, pages: 0, total: 0, last_update: null });
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
    const digits = (await records(a, { application_id: appId, channel: 'sms', search: { key: 'number', value: '11000001' }, limit: 100 })).json();
    expect(digits.data.map((r: { msgid: string }) => r.msgid)).toEqual(smsIds.slice(10, 20).reverse());
    const e164 = (await records(a, { application_id: appId, channel: 'sms', search: { key: 'number', value: '+62 811-0000-002' } })).json();
    expect(e164.data.map((r: { msgid: string }) => r.msgid)).toEqual([smsIds[2]]);
    const email = (await records(a, { application_id: appId, channel: 'email', search: { key: 'email', value: 'alice.smith@EXAMPLE' } })).json();
    expect(email.data).toHaveLength(1);
    expect(email.data[0]).toMatchObject({ email: 'Alice.Smith@Example.com', phone_number: null, status: 'opened' });
    const empty = (await records(a, { application_id: appId, channel: 'email', search: { key: 'email', value: '' } })).json();
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
});
