/**
 * System e-mails in English and Indonesian (ARCHITECTURE.md §4, §10): the text tables of every
 * e-mail module have the same keys in both languages; an e-mail goes out in the recipient user's
 * saved language, else (for e-mails a request triggers) the request's Accept-Language, else
 * English; the HTML part says its language (`<html lang>`). Mail is read from the file outbox.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '../src/db/schema/webhooks.ts';
import { AUTH_MAIL_TEXT, passwordChangedMail, resetPasswordMail, verificationMail } from '../src/modules/auth/auth.mail.ts';
import { QUOTA_WARNING_MAIL_TEXT, quotaWarningMail } from '../src/modules/quota/quota-warnings.mail.ts';
import { changeQuota, setBillingType } from '../src/modules/quota/quota.service.ts';
import { WEBHOOK_MAIL_TEXT, webhookDisabledMail } from '../src/modules/webhooks/webhook-mail.ts';
import { createTestApp, sameOrigin, type TestApp } from './harness.ts';
import { readMails, resetTokenFor, signUpVerifiedUser, signUpWithOrganization, TEST_PASSWORD, waitForMails } from './accounts-helper.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

/** Every key path of `v` (nested plain objects included), sorted. */
function keyPaths(v: unknown, prefix = ''): string[] {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return [prefix];
  return Object.entries(v)
    .flatMap(([k, child]) => keyPaths(child, prefix ? `${prefix}.${k}` : k))
    .sort();
}

describe('e-mail text tables', () => {
  it.each([
    ['auth', AUTH_MAIL_TEXT],
    ['quota warning', QUOTA_WARNING_MAIL_TEXT],
    ['webhook disabled', WEBHOOK_MAIL_TEXT],
  ] as const)('%s: English and Indonesian have the same keys, every text filled', (_name, table) => {
    expect(Object.keys(table).sort()).toEqual(['en', 'id']);
    expect(keyPaths(table.id)).toEqual(keyPaths(table.en));
    const en = table.en as unknown as Record<string, unknown>;
    const id = table.id as unknown as Record<string, unknown>;
    for (const key of Object.keys(en)) {
      expect(typeof id[key], key).toBe(typeof en[key]);
      if (typeof id[key] === 'string') expect((id[key] as string).trim(), key).not.toBe('');
    }
  });

  it('keeps the English e-mails as they were', () => {
    const link = 'http://localhost:3000/auth/email_verification/tok';
    const verify = verificationMail('a@example.com', 'Rina', link, 'en');
    expect(verify.subject).toBe('Verify your Pesan account');
    expect(verify.text).toBe(
      `Hello Rina,\n\nThank you for registering with Pesan. Please verify your email address to activate your account.\n\nThe link is valid for 24 hours.\n\n${link}\n\nIf you did not create an account, you can ignore this email.\n`,
    );
    expect(verify.html).toContain('<html lang="en">');
    expect(verify.html).toContain('>Verify Email</a>');
    expect(verify.html).toContain('If the button does not work, open this link:');
    expect(resetPasswordMail('a@example.com', 'Rina', link, 'en').subject).toBe('Reset your Pesan password');
    expect(passwordChangedMail('a@example.com', 'Rina', link, 'en').subject).toBe('Your Pesan password has been changed');

    const quota = quotaWarningMail('http://localhost:3000/', { id: 'app1', name: 'Toko' }, { type: 'sms', remaining: 1500, threshold: 2000 }, ['x@example.com', 'y@example.com'], 'en');
    expect(quota.to).toBe('x@example.com, y@example.com');
    expect(quota.subject).toBe('Quota warning: SMS quota of Toko is low');
    expect(quota.text).toBe(
      "The remaining SMS quota of your application Toko (App ID app1) is 1,500 Messages, at or below your threshold of 2,000 Messages.\n\nTop up the quota to keep sending. Details: http://localhost:3000/my-application/detail/app1\n\nYou receive this e-mail because you are a recipient of the application's quota warnings (Notification Settings).\n",
    );
    expect(quota.html).toContain('<html lang="en">');

    const hook = webhookDisabledMail('x@example.com', { url: 'https://h.example/hook?a=1&b=2', reason: 'failing', link: 'http://localhost:3000/my-application/detail/app1' }, 'en');
    expect(hook.subject).toBe('Pesan: your webhook endpoint was disabled');
    expect(hook.text).toBe(
      'Pesan stopped sending status webhooks to https://h.example/hook?a=1&b=2.\n\nReason: Every delivery failed for 3 days.\n\nFix the endpoint, then enable it again on the application page:\nhttp://localhost:3000/my-application/detail/app1\n',
    );
    expect(hook.html).toContain('<p>Pesan stopped sending status webhooks to <b>https://h.example/hook?a=1&amp;b=2</b>.</p>');
    expect(hook.html).toContain('on the <a href="http://localhost:3000/my-application/detail/app1">application page</a>.</p>');
  });

  it('builds the Indonesian e-mails, numbers formatted for Indonesian', () => {
    const link = 'http://localhost:3000/auth/email_verification/tok';
    const verify = verificationMail('a@example.com', 'Rina <b>', link, 'id');
    expect(verify.subject).toBe('Verifikasi akun Pesan Anda');
    expect(verify.text).toContain('Halo Rina <b>,');
    expect(verify.text).toContain('Tautan ini berlaku selama 24 jam.');
    expect(verify.html).toContain('<html lang="id">');
    expect(verify.html).toContain('>Verifikasi Email</a>');
    expect(verify.html).toContain('Jika tombol tidak berfungsi, buka tautan ini:');
    expect(verify.html).toContain('Halo Rina &lt;b&gt;,');

    const quota = quotaWarningMail('http://localhost:3000', { id: 'app1', name: 'Toko' }, { type: 'sms', remaining: 1500, threshold: 2000 }, ['x@example.com'], 'id');
    expect(quota.subject).toBe('Peringatan kuota: kuota SMS aplikasi Toko hampir habis');
    expect(quota.text).toContain('tinggal 1.500 pesan');
    expect(quota.text).toContain('yaitu 2.000 pesan');
    expect(quota.html).toContain('<html lang="id">');
    expect(quota.html).toContain('>Buka aplikasi</a>');

    const hook = webhookDisabledMail('x@example.com', { url: 'https://h.example/hook', reason: 'gone', link: 'http://localhost:3000/x' }, 'id');
    expect(hook.subject).toBe('Pesan: endpoint webhook Anda dinonaktifkan');
    expect(hook.text).toContain('Alasan: Endpoint membalas dengan status 410 Gone.');
    expect(hook.html).toContain('<b>https://h.example/hook</b>');
    expect(hook.html).toContain('<a href="http://localhost:3000/x">halaman aplikasi</a>');
  });
});

describe('e-mails in the recipient language', () => {
  let t: TestApp;
  const receivers: WebhookReceiver[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '1000', WEBHOOK_RETRY_SCHEDULE_MS: '150,150,150', WEBHOOK_TIMEOUT_MS: '500' } });
  });
  afterAll(async () => {
    for (const r of receivers) await r.close();
    await t.close();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, headers: { ...sameOrigin, ...headers }, payload });
  const registration = (email: string) => ({ fullName: 'Siti Rahma', email, phoneNumber: '081234567890', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
  /** Saves `language` as the user's interface language (PUT /api/user/{id}). */
  const saveLanguage = async (cookie: string, userId: string, language: 'en' | 'id' | null) => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/user/${userId}`, headers: { ...sameOrigin, cookie }, payload: { fullName: 'Siti Rahma', language } });
    expect(res.statusCode, res.body).toBe(200);
  };

  it("register, resend and forgot password follow the request's Accept-Language; without one, English", async () => {
    expect((await post('/api/auth/register', registration('id-reg@example.com'), { 'accept-language': 'id-ID,id;q=0.9,en;q=0.8' })).statusCode).toBe(201);
    const [verify] = readMails(t, 'id-reg@example.com');
    expect(verify!.subject).toBe('Verifikasi akun Pesan Anda');
    expect(verify!.text).toContain('Halo Siti Rahma,');
    expect(verify!.text).toContain('Terima kasih telah mendaftar di Pesan.');
    expect(verify!.text).toContain('Tautan ini berlaku selama 24 jam.');
    expect(verify!.text).toMatch(/\/auth\/email_verification\/[A-Za-z0-9_-]+/);
    expect(verify!.html).toContain('<html lang="id">');
    expect(verify!.html).toContain('>Verifikasi Email</a>');
    expect(verify!.html).toContain('Jika tombol tidak berfungsi, buka tautan ini:');

    expect((await post('/api/auth/send_verification', { email: 'id-reg@example.com' }, { 'accept-language': 'id' })).statusCode).toBe(200);
    expect((await waitForMails(t, 'id-reg@example.com', 2))[1]!.subject).toBe('Verifikasi akun Pesan Anda');

    expect((await post('/api/auth/forgot_password', { email: 'id-reg@example.com' }, { 'accept-language': 'id-ID' })).statusCode).toBe(200);
    const reset = (await waitForMails(t, 'id-reg@example.com', 3))[2]!;
    expect(reset.subject).toBe('Atur ulang kata sandi Pesan Anda');
    expect(reset.text).toContain('Tautan ini berlaku selama 60 menit dan hanya dapat digunakan satu kali.');
    expect(reset.html).toContain('>Atur Ulang Kata Sandi</a>');

    // A reset with the Indonesian header: the password-changed notice is Indonesian too.
    const token = await resetTokenFor(t, 'id-reg@example.com');
    const done = await t.app.inject({
      method: 'PATCH',
      url: `/api/auth/reset_password/${token}`,
      headers: { ...sameOrigin, 'accept-language': 'id' },
      payload: { password: 'Another#123', confirmPassword: 'Another#123' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(readMails(t, 'id-reg@example.com').at(-1)!.subject).toBe('Kata sandi akun Pesan Anda telah diubah');

    // No header, or one naming neither language: English.
    expect((await post('/api/auth/register', registration('en-reg@example.com'))).statusCode).toBe(201);
    expect((await post('/api/auth/register', registration('fr-reg@example.com'), { 'accept-language': 'fr-FR, de;q=0.8' })).statusCode).toBe(201);
    for (const address of ['en-reg@example.com', 'fr-reg@example.com']) {
      const [mail] = readMails(t, address);
      expect(mail!.subject).toBe('Verify your Pesan account');
      expect(mail!.text).toContain('Hello Siti Rahma,');
      expect(mail!.html).toContain('<html lang="en">');
      expect(mail!.html).toContain('If the button does not work, open this link:');
    }
  });

  it('a user whose saved language is Indonesian gets Indonesian e-mails, whatever the request says', async () => {
    const { cookie, user } = await signUpVerifiedUser(t, { fullName: 'Siti Rahma' });
    await saveLanguage(cookie, user.id, 'id');

    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/auth/change_password/${user.id}`,
      headers: { ...sameOrigin, cookie },
      payload: { oldPassword: TEST_PASSWORD, password: 'Another#123', confirmPassword: 'Another#123' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const notice = readMails(t, user.email).at(-1)!;
    expect(notice.subject).toBe('Kata sandi akun Pesan Anda telah diubah');
    expect(notice.text).toContain('Halo Siti Rahma,');
    expect(notice.text).toContain('Jika Anda tidak melakukan perubahan ini, segera atur ulang kata sandi');
    expect(notice.html).toContain('<html lang="id">');
    expect(notice.html).toContain('>Masuk</a>');

    // The saved choice wins over an English Accept-Language.
    const before = readMails(t, user.email).length;
    expect((await post('/api/auth/forgot_password', { email: user.email }, { 'accept-language': 'en-US' })).statusCode).toBe(200);
    expect((await waitForMails(t, user.email, before + 1)).at(-1)!.subject).toBe('Atur ulang kata sandi Pesan Anda');

    // Back to following the browser: English without a header.
    await saveLanguage(cookie, user.id, null);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/auth/change_password/${user.id}`,
      headers: { ...sameOrigin, cookie },
      payload: { oldPassword: 'Another#123', password: 'Third#1234', confirmPassword: 'Third#1234' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(readMails(t, user.email).at(-1)!.subject).toBe('Your Pesan password has been changed');
  });

  it("sends the quota warning in each recipient's saved language, English for the others", async () => {
    const owner = await signUpWithOrganization(t, { fullName: 'Siti Rahma' });
    await saveLanguage(owner.cookie, owner.user.id, 'id');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/application',
      headers: { ...sameOrigin, cookie: owner.cookie },
      payload: { applicationName: 'Toko Siti', channels: [{ channel: 'sms', senderName: 'PESAN', senderNumber: '081234567890' }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const appId = created.json().id as string;
    const db = t.ctx.database.db;
    await setBillingType(db, { app: appId, type: 'pre-paid' }, new Date());
    await changeQuota(db, { app: appId, type: 'sms', add: 1500 }, new Date());
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/setting/balance-quota/${appId}`,
      headers: { ...sameOrigin, cookie: owner.cookie },
      payload: { disable: false, email_recipient: ['ops-en@example.com', owner.user.email, 'ops-en2@example.com'], thresholds: [{ type: 'sms', reminder: true, threshold: 2000 }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    await t.app.afterAnswer.drain();

    const warnings = readMails(t).filter((m) => m.text.includes(`/my-application/detail/${appId}`));
    expect(warnings).toHaveLength(2);
    const id = warnings.find((m) => m.to === owner.user.email)!;
    expect(id.subject).toBe('Peringatan kuota: kuota SMS aplikasi Toko Siti hampir habis');
    expect(id.text).toContain('Sisa kuota SMS untuk aplikasi Anda, Toko Siti');
    expect(id.text).toContain('tinggal 1.500 pesan');
    expect(id.text).toContain('yaitu 2.000 pesan');
    expect(id.html).toContain('<html lang="id">');
    const en = warnings.find((m) => m !== id)!;
    expect(en.to).toBe('ops-en@example.com, ops-en2@example.com');
    expect(en.subject).toBe('Quota warning: SMS quota of Toko Siti is low');
    expect(en.text).toContain('is 1,500 Messages, at or below your threshold of 2,000 Messages');
    expect(en.html).toContain('<html lang="en">');
  });

  it("e-mails a disabled webhook endpoint in the organization user's saved language", async () => {
    const owner = await signUpWithOrganization(t, { fullName: 'Siti Rahma' });
    await saveLanguage(owner.cookie, owner.user.id, 'id');
    const headers = { ...sameOrigin, cookie: owner.cookie };
    const created = await t.app.inject({ method: 'POST', url: '/api/application', headers, payload: { applicationName: 'Hooks', channels: [{ channel: 'sms' }] } });
    expect(created.statusCode, created.body).toBe(201);
    const appId = created.json().id as string;
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    expect((await t.app.inject({ method: 'PUT', url: `/api/application/${appId}/webhook`, headers, payload: { url: receiver.url, enabled: true } })).statusCode).toBe(200);
    await t.ctx.database.db.update(webhookEndpoints).set({ failingSince: new Date(Date.now() - 3 * 86_400_000 - 60_000) }).where(eq(webhookEndpoints.applicationId, appId));
    receiver.script({ status: 500 });
    await t.app.inject({ method: 'POST', url: `/api/application/${appId}/webhook/test`, headers });

    const mails = await waitForMails(t, owner.user.email, 2); // the verification e-mail, then the notice
    const notice = mails.at(-1)!;
    expect(notice.subject).toBe('Pesan: endpoint webhook Anda dinonaktifkan');
    expect(notice.text).toContain(`Pesan telah berhenti mengirimkan webhook status ke ${receiver.url}.`);
    expect(notice.text).toContain('Alasan: Semua pengiriman gagal selama 3 hari berturut-turut.');
    expect(notice.text).toContain(`/my-application/detail/${appId}`);
    expect(notice.html).toContain('<html lang="id">');
    expect(notice.html).toContain('>halaman aplikasi</a>');
  });
});
