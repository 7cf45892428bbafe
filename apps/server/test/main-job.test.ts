/**
 * The main job through the console API and /v1 only, as a customer would do it (issue "The main
 * job, end to end"): sign-up -> organization -> application -> a token per channel -> one send per
 * channel -> final statuses through GET /v1/messages/{id} and POST /api/records; a regenerated
 * token revokes the older one; another organization sees none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_IDS, type ChannelId } from '@pesan/contracts/channels';
import { LIFECYCLES } from '@pesan/contracts/statuses';
import { parseTokenFile } from '@pesan/contracts/token-file';
import { createTestApp, type TestApp } from './harness.ts';
import { signUpWithOrganization } from './accounts-helper.ts';
import { messageFromDb, v1Get, v1Post, waitForStatus } from './v1-helper.ts';

const SENDS: Record<ChannelId, { path: string; body: Record<string, unknown> }> = {
  sms: { path: '/sms/messages', body: { to: '081234567890', text: 'Pesanan Anda sudah dikirim' } },
  sms_otp: { path: '/sms-otp/messages', body: { to: '+6281234567891', text: 'Kode OTP Anda 482913' } },
  whatsapp: { path: '/whatsapp/messages', body: { to: '6281234567892', text: 'Halo dari Toko Rina' } },
  call: { path: '/calls', body: { to: '081234567893', text: 'Paket Anda tiba hari ini' } },
  voice_otp: { path: '/voice-otp', body: { to: '081234567894', code_length: 6 } },
  email: { path: '/email/messages', body: { to: 'buyer@example.com', subject: 'Receipt', text: 'Thank you!' } },
};

describe('main job over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('goes from sign-up to final statuses on every channel', async () => {
    const origin = { origin: t.ctx.config.publicOrigin };
    const owner = await signUpWithOrganization(t, { email: 'rina@example.com' });
    const headers = { ...origin, cookie: owner.cookie };

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/application',
      headers,
      payload: { applicationName: 'Toko Rina', channels: CHANNEL_IDS.map((channel) => ({ channel })) },
    });
    expect(created.statusCode).toBe(201);
    const appId = created.json().id as string;

    const tokens = {} as Record<ChannelId, string>;
    for (const channel of CHANNEL_IDS) {
      const res = await t.app.inject({ method: 'POST', url: `/api/channel/generate/access-token/${appId}`, headers, payload: { channel } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain(`${appId}.txt`);
      const [entry] = parseTokenFile(res.body);
      expect(entry).toMatchObject({ applicationId: appId, channel });
      tokens[channel] = entry!.accessToken;
    }

    const ids = {} as Record<ChannelId, string>;
    for (const channel of CHANNEL_IDS) {
      const res = await v1Post(t, SENDS[channel].path, tokens[channel], SENDS[channel].body);
      expect(res.statusCode, res.body).toBe(202);
      const msg = res.json();
      expect(msg).toMatchObject({ channel, status: LIFECYCLES[channel][0] });
      ids[channel] = msg.id;
    }
    expect((await v1Post(t, SENDS.sms.path, tokens.sms, SENDS.sms.body)).json().total_sms).toBe(1);

    for (const channel of CHANNEL_IDS) {
      const final = LIFECYCLES[channel][channel === 'email' ? 2 : LIFECYCLES[channel].length - 1]!;
      const msg = await waitForStatus(t, ids[channel], tokens[channel], final);
      if (channel !== 'email') expect(msg.to).toMatch(/^\+628123456789\d$/);
      expect(msg.events.map((e) => e.status)).toEqual(LIFECYCLES[channel].slice(0, LIFECYCLES[channel].indexOf(final) + 1));
      expect((await messageFromDb(t, ids[channel])).row!.status).toBe(final);
    }

    const records = await t.app.inject({
      method: 'POST',
      url: '/api/records',
      headers,
      payload: { application_id: appId, channel: 'sms', page: 1, limit: 10, showType: 'all', search: '' },
    });
    expect(records.statusCode).toBe(200);
    const page = records.json();
    expect(page.total).toBe(2);
    expect(page.data.find((r: { msgid: string }) => r.msgid === ids.sms)).toMatchObject({
      phone_number: '+6281234567890',
      country: 'ID',
      total_sms: 1,
      status: 'delivered',
    });

    // Generating again revokes the older token: it is refused from then on.
    const again = await t.app.inject({ method: 'POST', url: `/api/channel/generate/access-token/${appId}`, headers, payload: { channel: 'sms' } });
    const [fresh] = parseTokenFile(again.body);
    expect((await v1Post(t, SENDS.sms.path, tokens.sms, SENDS.sms.body)).statusCode).toBe(401);
    expect((await v1Post(t, SENDS.sms.path, fresh!.accessToken, SENDS.sms.body)).statusCode).toBe(202);
    const cards = (await t.app.inject({ method: 'GET', url: `/api/application/${appId}/tokens`, headers })).json().data;
    expect(cards).toHaveLength(6);
    expect(cards.every((c: { status: string }) => c.status === 'Active')).toBe(true);

    // Another organization sees none of it, and its token cannot read these messages.
    const other = await signUpWithOrganization(t, { email: 'other@example.com' });
    const otherHeaders = { ...origin, cookie: other.cookie };
    expect((await t.app.inject({ method: 'GET', url: `/api/application/${appId}`, headers: otherHeaders })).statusCode).toBe(404);
    const otherRecords = await t.app.inject({
      method: 'POST',
      url: '/api/records',
      headers: otherHeaders,
      payload: { application_id: appId, channel: 'sms', page: 1, limit: 10, showType: 'all' },
    });
    expect(otherRecords.statusCode).toBe(404);
    const otherApp = await t.app.inject({
      method: 'POST',
      url: '/api/application',
      headers: otherHeaders,
      payload: { applicationName: 'Other', channels: [{ channel: 'sms' }] },
    });
    const otherToken = parseTokenFile(
      (await t.app.inject({ method: 'POST', url: `/api/channel/generate/access-token/${otherApp.json().id}`, headers: otherHeaders, payload: { channel: 'sms' } })).body,
    )[0]!.accessToken;
    expect((await v1Get(t, ids.sms, otherToken)).statusCode).toBe(404);
  }, 90_000);
});
