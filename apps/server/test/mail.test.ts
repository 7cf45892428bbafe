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
import { createTestApp, sameOrigin, type TestApp } from './harness.ts';
import { parseEml, TEST_PASSWORD, waitForAccountMailJobs } from './accounts-helper.ts';
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

  describe('the app on SMTP_URL (with its workers: account mail goes through the account-mail job)', () => {
    let t: TestApp;
    beforeAll(async () => {
      // Built here, under the hook timeout: a fresh app takes long on a loaded machine.
      t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Pesan <no-reply@pesan.test>' } });
    });
    afterAll(async () => {
      peer.hold = false;
      peer.held.splice(0).forEach((accept) => accept());
      await t?.close();
    });

    /** Polls `done` every 25 ms until it holds; fails naming `what` after `ms` (a bound for a loaded machine, not a timing claim). */
    const until = async (what: string, done: () => boolean | Promise<boolean>, ms = 20_000) => {
      for (const end = Date.now() + ms; !(await done()); await new Promise((r) => setTimeout(r, 25))) {
        if (Date.now() > end) throw new Error(`still waiting: ${what}`);
      }
    };
    const resetMailsTo = (address: string) => received.filter((r) => r.to.includes(address) && r.raw.includes('reset-password?token='));

    it('answers forgot_password before the mail server has taken the reset e-mail, the same for unknown addresses (issues 6, 23)', { timeout: 90_000 }, async () => {
      const payload = { fullName: 'Rina', email: 'rina@example.com', phoneNumber: '081234567890', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD };
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: sameOrigin, payload })).statusCode).toBe(201);
      peer.hold = true;
      try {
        const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/forgot_password', headers: sameOrigin, payload: { email } });
        // The mail server takes nothing while held: an answer that waited on it would never come.
        const guard = new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 20_000).unref());
        const known = await Promise.race([forgot('rina@example.com'), guard]);
        if (known === 'still waiting') throw new Error('forgot_password waited for the mail server');
        const unknown = await forgot('nobody-here@example.com');
        expect(known.statusCode).toBe(200);
        expect(unknown.statusCode).toBe(200);
        expect(unknown.json()).toEqual(known.json());
        // The reset e-mail is on its way, held by the server; it arrives once released.
        await until('the reset e-mail reaches the held server', () => peer.held.length > 0);
        expect(peer.held).toHaveLength(1);
        expect(resetMailsTo('rina@example.com')).toHaveLength(0);
        peer.hold = false;
        peer.held.splice(0).forEach((accept) => accept());
        await until('the released reset e-mail is received', () => resetMailsTo('rina@example.com').length > 0);
        await waitForAccountMailJobs(t);
        expect(resetMailsTo('rina@example.com')).toHaveLength(1);
        expect(received.some((r) => r.to.includes('nobody-here@example.com'))).toBe(false);
      } finally {
        peer.hold = false;
        peer.held.splice(0).forEach((accept) => accept());
      }
    });

    it('sends the verification e-mail through SMTP_URL, and registration survives a refusing server', async () => {
      const payload = { fullName: 'Ani', email: 'ani@example.com', phoneNumber: '081298765432', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD };
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: sameOrigin, payload });
      expect(res.statusCode).toBe(201);
      const mail = received.filter((r) => r.to.includes('ani@example.com')).at(-1)!;
      const token = /email_verification\/([A-Za-z0-9_-]+)/.exec(parseEml('smtp', mail.raw).text)![1]!;
      const verify = await t.app.inject({ method: 'PATCH', url: `/api/auth/email_verification/${token}`, headers: sameOrigin });
      expect(verify.statusCode).toBe(200);

      const refused = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: sameOrigin, payload: { ...payload, email: 'refuse-me@example.com' } });
      expect(refused.statusCode).toBe(201);
      // the account exists and a new link can be asked for (the refused mail is logged by the job, not retried)
      const again = await t.app.inject({ method: 'POST', url: '/api/auth/send_verification', headers: sameOrigin, payload: { email: 'refuse-me@example.com' } });
      expect(again.statusCode).toBe(200);
      await waitForAccountMailJobs(t);
      expect(peer.attempts.get('refuse-me@example.com')).toBe(2);
    });
  });
});
