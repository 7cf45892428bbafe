/**
 * Issue 6 defect 3: no secret reaches the log. A failed query is logged by its SQL text without
 * its bound parameters (a failing INSERT INTO users logged the new user's argon2id hash and
 * e-mail); request URLs carrying verification or reset tokens are logged masked; passwords,
 * cookies and bearer tokens never appear.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText, redactUrl, safeErrorSerializer } from '../src/lib/log-safety.ts';
import { cookieFrom, createTestApp, sameOrigin, type TestApp } from './harness.ts';
import { resetTokenFor, signUpVerifiedUser, signUpWithOrganization, TEST_PASSWORD, tokenFromMail } from './accounts-helper.ts';
import { createAppWithToken, v1Post } from './v1-helper.ts';

let t: TestApp;
const lines: string[] = [];
const log = () => lines.join('\n');

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ logStream: stream, env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(async () => t.close());

describe('log safety', () => {
  it("gives a background job's failed query as one line: the SQL and the database's error, never the parameters", async () => {
    const secret = 'Your code is 482913';
    let caught: unknown;
    try {
      await t.ctx.database.db.execute(sql`select ${secret}::int as n`);
    } catch (err) {
      caught = err;
    }
    const text = errorText(caught);
    expect(text).toContain('Failed query: select $1::int');
    expect(text).toContain('22P02');
    expect(text).toContain('invalid input syntax for type integer');
    expect(text).not.toContain('482913');
    expect(text).not.toContain('\n');
    expect(errorText('plain')).toBe('plain');
  });

  it('logs a failed INSERT INTO users without the hash, the e-mail or the password', async () => {
    const db = t.ctx.database.db;
    await db.execute(sql.raw(`create function refuse_users() returns trigger language plpgsql as $$ begin raise exception 'users are read-only in this test'; end $$`));
    await db.execute(sql.raw('create trigger refuse_users before insert on users for each row execute function refuse_users()'));
    try {
      const email = 'hash-leak@example.com';
      const password = 'Leak#Pass123';
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: sameOrigin, payload: { fullName: 'Leaky Name', email, phoneNumber: '081234567890', password, confirmPassword: password } });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe('internal_error');
      const text = log();
      expect(text).toContain('Failed query: insert into \\"users\\"');
      expect(text).toContain('users are read-only in this test');
      expect(text).not.toContain('$argon2id');
      expect(text).not.toContain(email);
      expect(text).not.toContain('Leaky Name');
      expect(text).not.toContain(password);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_users on users'));
      await db.execute(sql.raw('drop function refuse_users()'));
    }
  });

  it('masks verification and reset tokens in logged URLs and never logs passwords, cookies or bearer tokens', async () => {
    const { user, cookie } = await signUpVerifiedUser(t);
    const verifyToken = tokenFromMail(t, user.email);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot_password', headers: sameOrigin, payload: { email: user.email } });
    const resetToken = await resetTokenFor(t, user.email);
    const reset = await t.app.inject({ method: 'PATCH', url: `/api/auth/reset_password/${resetToken}`, headers: sameOrigin, payload: { password: 'New#Pass1234', confirmPassword: 'New#Pass1234' } });
    expect(reset.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: sameOrigin, payload: { email: user.email, password: 'New#Pass1234' } });
    expect(login.statusCode).toBe(200);
    const session = cookieFrom(login).split('=')[1]!;
    await t.app.inject({ method: 'GET', url: `/api/nothing?token=${resetToken}`, headers: { cookie } });
    const v = await createAppWithToken(t, { channels: ['sms'] });
    await v1Post(t, '/sms/messages', v.tokens.sms.accessToken, { to: '081234567890', text: 'x' });

    const text = log();
    expect(text).toContain('/api/auth/reset_password/[redacted]');
    expect(text).toContain('/api/nothing?token=[redacted]');
    for (const secret of [verifyToken, resetToken, 'New#Pass1234', TEST_PASSWORD, session, decodeURIComponent(session), v.tokens.sms.accessToken]) {
      expect(text).not.toContain(secret);
    }
  });

  it('serializes errors without parameters or driver details, and redacts URLs', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505', detail: 'Key (email)=(a@b.c) already exists.' });
    const err = Object.assign(new Error('Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: a@b.c,$argon2id$v=19$secret'), {
      query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
      params: ['a@b.c', '$argon2id$v=19$secret'],
      cause,
    });
    const out = JSON.stringify(safeErrorSerializer(err));
    expect(out).toContain('insert into \\"users\\"');
    expect(out).toContain('23505');
    expect(out).not.toContain('a@b.c');
    expect(out).not.toContain('argon2id');
    expect(redactUrl('/api/auth/email_verification/abc123?x=1')).toBe('/api/auth/email_verification/[redacted]?x=1');
    expect(redactUrl('/auth/reset-password?token=abc&lang=id')).toBe('/auth/reset-password?token=[redacted]&lang=id');
  });

  it('caps every logged error text, so a failed query over 70,000 parameters is not a 2 MB line (issue 23 item 21)', () => {
    const placeholders = Array.from({ length: 70_000 }, (_, i) => `$${i + 1}`).join(', ');
    const query = `select * from applications where channel in (${placeholders})`;
    const err = Object.assign(new Error(`Failed query: ${query}\nparams: sms`), { query });
    const out = safeErrorSerializer(err);
    expect(JSON.stringify(out).length).toBeLessThan(10_000);
    expect(out.query).toMatch(/^select \* from applications where channel in \(\$1, \$2, .*… \(\d+ more characters\)$/);
  });

  it('refuses 70,000 channel_id filters with a 400, lists at most 20 problems and how many more, and logs no line with the body (issue 23 item 21)', async () => {
    const { cookie } = await signUpWithOrganization(t);
    const before = lines.length;
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/application/list', headers: { ...sameOrigin, cookie }, payload });
    const many = await post({ channel_id: Array.from({ length: 70_000 }, () => 'sms') });
    expect(many.statusCode).toBe(400);
    expect(many.json().error).toMatchObject({ code: 'invalid_request', message: '`channel_id` must have at most 6 item(s)', details: [{ path: 'channel_id', message: '`channel_id` must have at most 6 item(s)' }] });
    const tooMany = await post({ channel_id: Array.from({ length: 100_000 }, () => 'nope') });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body.length).toBeLessThan(2_000);
    // 100 invalid items (the most the bulk delete takes): 20 details, then how many more.
    const bulk = (lang: string) =>
      t.app.inject({ method: 'POST', url: '/api/wa/delete/template/bulk', headers: { ...sameOrigin, cookie, 'accept-language': lang }, payload: { template_ids: Array.from({ length: 100 }, () => '') } });
    const invalid = await bulk('en');
    expect(invalid.statusCode).toBe(400);
    const details = invalid.json().error.details as { path: string; message: string }[];
    expect(details).toHaveLength(21);
    expect(details[0]!.path).toBe('template_ids.0');
    expect(details[19]!.path).toBe('template_ids.19');
    expect(details[20]).toEqual({ path: '', message: '…and 80 more problems' });
    expect((await bulk('id')).json().error.details[20]).toEqual({ path: '', message: '…dan 80 masalah lainnya' });
    for (const line of lines.slice(before)) expect(line.length).toBeLessThan(4_000);
  });
});
