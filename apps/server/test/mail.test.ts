/**
 * System e-mail (ARCHITECTURE.md §4): SMTP through nodemailer against a local smtp-server, and the
 * `.eml` file outbox when SMTP_URL is unset. Each message has a text and an HTML part.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createMailer } from '../src/lib/mailer.ts';
import { verificationMail } from '../src/modules/auth/auth.mail.ts';
import { createTestApp, sameOrigin } from './harness.ts';
import { parseEml, TEST_PASSWORD } from './accounts-helper.ts';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from './smtp-peer.ts';

describe('mailer', () => {
  let peer: SmtpPeer;
  let port: number;
  let received: ReceivedMail[];
  beforeAll(async () => {
    peer = await startSmtpPeer((address) => (address.startsWith('refuse') ? new Error('mailbox unavailable') : null));
    port = peer.port;
    received = peer.received;
  });
  afterAll(async () => peer.close());

  it('sends through SMTP with a text and an HTML part', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Pesan <no-reply@pesan.test>', dataDir: '/nonexistent' });
    await mailer.send(verificationMail('rina@example.com', 'Rina <b>', 'http://localhost:3000/auth/email_verification/tok123', 'en'));
    const last = received.at(-1)!;
    expect(last.from).toBe('no-reply@pesan.test');
    expect(last.to).toEqual(['rina@example.com']);
    const mail = parseEml('smtp', last.raw);
    expect(mail.subject).toBe('Verify your Pesan account');
    expect(mail.text).toContain('http://localhost:3000/auth/email_verification/tok123');
    expect(mail.text).toContain('Hello Rina <b>,');
    expect(mail.html).toContain('href="http://localhost:3000/auth/email_verification/tok123"');
    expect(mail.html).toContain('Rina &lt;b&gt;');
    expect(mail.html).not.toContain('Rina <b>');
  });

  it('rejects when the SMTP server refuses the recipient', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Pesan <no-reply@pesan.test>', dataDir: '/nonexistent' });
    await expect(mailer.send({ to: 'refuse@example.com', subject: 's', text: 't', html: '<p>h</p>' })).rejects.toThrow();
  });

  it('writes .eml files to DATA_DIR/mail and logs the link when SMTP is not configured (outside production)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pesan-mail-'));
    try {
      const lines: string[] = [];
      const mailer = createMailer({ from: 'Pesan <no-reply@localhost>', dataDir, logLinks: true, log: (l) => lines.push(l) });
      await mailer.send(verificationMail('budi@example.com', 'Budi', 'http://localhost:3000/auth/email_verification/abc', 'en'));
      const files = readdirSync(join(dataDir, 'mail'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[a-f0-9]{8}\.eml$/);
      const raw = readFileSync(join(dataDir, 'mail', files[0]!), 'utf8');
      expect(raw).toMatch(/^From: Pesan <no-reply@localhost>$/m);
      expect(raw).toMatch(/^To: budi@example.com$/m);
      expect(raw).toMatch(/multipart\/alternative/);
      const mail = parseEml(files[0]!, raw);
      expect(mail.text).toContain('http://localhost:3000/auth/email_verification/abc');
      expect(mail.html).toContain('http://localhost:3000/auth/email_verification/abc');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('budi@example.com');
      expect(lines[0]).toContain('http://localhost:3000/auth/email_verification/abc');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('logs no link when logLinks is off (production), and the configuration turns it off for production or SMTP', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pesan-mail-'));
    try {
      const lines: string[] = [];
      const mailer = createMailer({ from: 'Pesan <no-reply@localhost>', dataDir, logLinks: false, log: (l) => lines.push(l) });
      await mailer.send(verificationMail('budi@example.com', 'Budi', 'http://localhost:3000/auth/email_verification/secret-token', 'en'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('budi@example.com');
      expect(lines[0]).not.toContain('secret-token');
      expect(readdirSync(join(dataDir, 'mail'))).toHaveLength(1);
      const env = { DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40) };
      expect(loadConfig({ ...env }, []).logMailLinks).toBe(true);
      expect(loadConfig({ ...env, NODE_ENV: 'production' }, []).logMailLinks).toBe(false);
      expect(loadConfig({ ...env, SMTP_URL: 'smtp://127.0.0.1:2525' }, []).logMailLinks).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers forgot_password before the mail server has taken the reset e-mail, the same for unknown addresses (issue 6)', async () => {
    const t = await createTestApp({ workers: false, env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Pesan <no-reply@pesan.test>' } });
    try {
      const payload = { fullName: 'Rina', email: 'rina@example.com', phoneNumber: '081234567890', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD };
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: sameOrigin, payload })).statusCode).toBe(201);
      peer.hold = true;
      const timeout = new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 5000));
      const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/forgot_password', headers: sameOrigin, payload: { email } });
      const known = await Promise.race([forgot('rina@example.com'), timeout]);
      if (known === 'still waiting') throw new Error('forgot_password waited for the mail server');
      const unknown = await forgot('nobody-here@example.com');
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
      // The reset e-mail is on its way, held by the server; it arrives once released.
      for (let i = 0; i < 200 && peer.held.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
      expect(peer.held).toHaveLength(1);
      peer.hold = false;
      peer.held.splice(0).forEach((accept) => accept());
      for (let i = 0; i < 200 && !received.some((r) => r.to.includes('rina@example.com') && r.raw.includes('reset-password')); i++) await new Promise((r) => setTimeout(r, 25));
      expect(received.filter((r) => r.to.includes('rina@example.com') && r.raw.includes('reset-password?token='))).toHaveLength(1);
      expect(received.some((r) => r.to.includes('nobody-here@example.com'))).toBe(false);
    } finally {
      peer.hold = false;
      peer.held.splice(0).forEach((accept) => accept());
      await t.close();
    }
  });

  it('the app sends the verification e-mail through SMTP_URL, and registration survives a refusing server', async () => {
    const t = await createTestApp({ workers: false, env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Pesan <no-reply@pesan.test>' } });
    try {
      const payload = { fullName: 'Ani', email: 'ani@example.com', phoneNumber: '081298765432', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD };
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: sameOrigin, payload });
      expect(res.statusCode).toBe(201);
      const mail = received.filter((r) => r.to.includes('ani@example.com')).at(-1)!;
      const token = /email_verification\/([A-Za-z0-9_-]+)/.exec(parseEml('smtp', mail.raw).text)![1]!;
      const verify = await t.app.inject({ method: 'PATCH', url: `/api/auth/email_verification/${token}`, headers: sameOrigin });
      expect(verify.statusCode).toBe(200);

      const refused = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: sameOrigin, payload: { ...payload, email: 'refuse-me@example.com' } });
      expect(refused.statusCode).toBe(201);
      // the account exists and a new link can be asked for
      const again = await t.app.inject({ method: 'POST', url: '/api/auth/send_verification', headers: sameOrigin, payload: { email: 'refuse-me@example.com' } });
      expect(again.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
