/**
 * The audit log (ARCHITECTURE.md §5.1, issue 26): the console routes record organization edits,
 * applications, tokens, webhooks, templates, quota settings and reports with actor, IP, user agent
 * and target; owners and admins list and download them (filters by actor, actions and days in the
 * organization's time zone, paging, CSV safe against formula injection); developers and viewers get
 * 403; another organization never sees them; no secret is ever written; entries older than 400
 * days go with the daily storage maintenance.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_RETENTION_DAYS, TEAMS_MESSAGES, type AuditEntry } from '@pesan/contracts/teams';
import { auditLog } from '../src/db/schema/teams.ts';
import { users } from '../src/db/schema/users.ts';
import { redactDetails } from '../src/modules/audit/audit.service.ts';
import { setBillingType } from '../src/modules/quota/quota.service.ts';
import { signUpVerifiedUser } from './accounts-helper.ts';
import { createAccount, type Account } from './application-fixtures.ts';
import { createTestApp, sameOrigin, type TestApp } from './harness.ts';

const UA = 'AuditTest/1.0 (vitest)';
const IP = '203.0.113.7';
const DAY = 86_400_000;

/** Today in Jakarta (the default organization zone), YYYY-MM-DD. */
const jakartaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** A valid marketing template payload of application `applicationId`. */
const templatePayload = (applicationId: string, name: string) => ({
  application_id: applicationId,
  template_name: name,
  template_category: 'MARKETING',
  language: 'en',
  body: { text: 'Hi {{1}}, your order ships today.', variable: [{ name: '1', value: 'Budi' }] },
  footer: { type: 'text', text: { body: 'Thanks for shopping' } },
});

describe('audit log', () => {
  let t: TestApp;
  let a: Account;
  let b: Account;
  let aEmail: string;
  const today = jakartaToday();
  const db = () => t.ctx.database.db;

  /** A signed-in call of `who` from IP and UA. */
  const call = (who: Account, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { ...who.headers, 'user-agent': UA }, remoteAddress: IP, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const list = (who: Account, body: Record<string, unknown>) => call(who, 'POST', '/api/organization/audit-log', { start_date: today, end_date: today, ...body });
  /** The entries of `a` with `action` today, newest first. */
  async function entries(action: string, who: Account = a): Promise<AuditEntry[]> {
    const res = await list(who, { action: [action], limit: 100 });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as AuditEntry[];
  }
  /** Asserts the newest entry of `action` is by `a` from IP with UA and returns it. */
  async function newest(action: string): Promise<AuditEntry> {
    const [e] = await entries(action);
    expect(e, `no ${action} entry`).toBeDefined();
    expect(e!.actor).toEqual({ id: a.userId, email: aEmail });
    expect(e!.ip).toBe(IP);
    expect(e!.user_agent).toBe(UA);
    return e!;
  }
  async function createApp(who: Account, name: string, channels: string[]): Promise<string> {
    const res = await call(who, 'POST', '/api/application', { applicationName: name, channels: channels.map((channel) => ({ channel })) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }
  /** A second member of `org` with `role` (signed up, then moved by SQL), as an Account. */
  async function member(org: Account, role: 'admin' | 'developer' | 'viewer'): Promise<Account> {
    const u = await signUpVerifiedUser(t);
    await db().execute(sql`update users set organization_id = ${org.organizationId}, role = ${role}, joined_at = now() where id = ${u.user.id}`);
    return { userId: u.user.id, organizationId: org.organizationId, cookie: u.cookie, headers: { ...sameOrigin, cookie: u.cookie } };
  }
  /** Entries inserted directly for organization `organizationId`. */
  async function insert(organizationId: string, rows: Partial<typeof auditLog.$inferInsert>[]) {
    await db()
      .insert(auditLog)
      .values(rows.map((r) => ({ organizationId, actorEmail: 'x@example.com', action: 'organization.updated', ...r })));
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { REVIEW_DELAY_MS: '600000', AUTH_RATE_LIMIT: '1000' } });
    a = await createAccount(t);
    b = await createAccount(t);
    aEmail = (await db().select({ email: users.email }).from(users).where(eq(users.id, a.userId)))[0]!.email;
  });
  afterAll(async () => t?.close());

  describe('recording from the console routes', () => {
    let appId: string;

    it('organization.updated names the changed fields only', async () => {
      const org = (await call(a, 'GET', `/api/organization/${a.organizationId}`)).json().data;
      const res = await call(a, 'PUT', `/api/organization/${a.organizationId}`, { ...org, id: undefined, business_name: 'Renamed Business', website_url: 'https://renamed.example.com' });
      expect(res.statusCode, res.body).toBe(200);
      const e = await newest('organization.updated');
      expect(e.target).toEqual({ type: 'organization', id: a.organizationId, name: 'Renamed Business' });
      expect(e.details).toEqual({ fields: ['business_name', 'website_url'] });
    });

    it('application.created, application.updated and application.deleted with id, name and channels', async () => {
      appId = await createApp(a, 'Audit Shop', ['whatsapp', 'sms']);
      const created = await newest('application.created');
      expect(created.target).toEqual({ type: 'application', id: appId, name: 'Audit Shop' });
      expect(created.details).toEqual({ channels: ['whatsapp', 'sms'] });

      const upd = await call(a, 'PUT', `/api/application/${appId}`, { applicationName: 'Audit Shop 2', channels: [{ channel: 'whatsapp' }, { channel: 'sms' }, { channel: 'email' }] });
      expect(upd.statusCode, upd.body).toBe(200);
      const updated = await newest('application.updated');
      expect(updated.target).toEqual({ type: 'application', id: appId, name: 'Audit Shop 2' });
      expect(updated.details).toEqual({ channels: ['whatsapp', 'sms', 'email'], signed_requests: false });

      const doomed = await createApp(a, 'Doomed', ['call']);
      expect((await call(a, 'DELETE', `/api/application/${doomed}`)).statusCode).toBe(204);
      const deleted = await newest('application.deleted');
      expect(deleted.target).toEqual({ type: 'application', id: doomed, name: 'Doomed' });
      expect(deleted.details).toEqual({ channels: ['call'] });
      // A refused change records nothing.
      expect((await call(a, 'DELETE', `/api/application/${doomed}`)).statusCode).toBe(404);
      expect(await entries('application.deleted')).toHaveLength(1);
    });

    it('token.generated per channel, with the channel and never the token', async () => {
      const one = await call(a, 'POST', `/api/channel/generate/access-token/${appId}`, { channel: 'sms' });
      expect(one.statusCode, one.body).toBe(200);
      const e = await newest('token.generated');
      expect(e.target).toEqual({ type: 'application', id: appId, name: 'Audit Shop 2' });
      expect(e.details).toEqual({ channel: 'sms' });
      const all = await call(a, 'POST', '/api/auth/rsa/generate-token', { application: appId });
      expect(all.statusCode, all.body).toBe(200);
      const generated = await entries('token.generated');
      expect(generated).toHaveLength(4);
      expect(generated.map((g) => g.details.channel).sort()).toEqual(['email', 'sms', 'sms', 'whatsapp']);
    });

    it('webhook.updated keeps the URL without credentials or query; webhook.secret_rotated holds no secret', async () => {
      const put = await call(a, 'PUT', `/api/application/${appId}/webhook`, { url: 'http://127.0.0.1:9/hooks/pesan?sig=abc123#frag', enabled: false });
      expect(put.statusCode, put.body).toBe(200);
      const e = await newest('webhook.updated');
      expect(e.target).toMatchObject({ type: 'webhook', id: appId });
      expect(e.details).toEqual({ url: 'http://127.0.0.1:9/hooks/pesan', enabled: false });
      const rot = await call(a, 'POST', `/api/application/${appId}/webhook/rotate-secret`);
      expect(rot.statusCode, rot.body).toBe(200);
      const r = await newest('webhook.secret_rotated');
      expect(r.target).toMatchObject({ type: 'webhook', id: appId });
      expect(r.details).toEqual({});
    });

    it('template.submitted on a submission (not a draft), template.deleted per template, bulk too', async () => {
      const draft = await call(a, 'POST', '/api/wa/template?draft=true', templatePayload(appId, 'audit_draft'));
      expect(draft.statusCode, draft.body).toBe(201);
      expect(await entries('template.submitted')).toHaveLength(0);
      const submitted = await call(a, 'POST', '/api/wa/template?draft=false', templatePayload(appId, 'audit_submitted'));
      expect(submitted.statusCode, submitted.body).toBe(201);
      const s = await newest('template.submitted');
      expect(s.target).toEqual({ type: 'template', id: submitted.json().data._id, name: 'audit_submitted' });
      expect(s.details).toMatchObject({ application_id: appId, category: 'MARKETING', language: 'en' });
      // The draft submitted by PUT.
      const draftId = draft.json().data._id as string;
      const put = await call(a, 'PUT', `/api/wa/template/${draftId}?draft=false`, templatePayload(appId, 'audit_draft'));
      expect(put.statusCode, put.body).toBe(200);
      expect((await newest('template.submitted')).target).toEqual({ type: 'template', id: draftId, name: 'audit_draft' });
      expect(await entries('template.submitted')).toHaveLength(2);

      expect((await call(a, 'DELETE', `/api/wa/template/${draftId}`)).statusCode).toBe(200);
      expect((await newest('template.deleted')).target).toEqual({ type: 'template', id: draftId, name: 'audit_draft' });
      const x = (await call(a, 'POST', '/api/wa/template?draft=true', templatePayload(appId, 'audit_x'))).json().data._id as string;
      const y = (await call(a, 'POST', '/api/wa/template?draft=true', templatePayload(appId, 'audit_y'))).json().data._id as string;
      const bulk = await call(a, 'POST', '/api/wa/delete/template/bulk', { template_ids: [x, y] });
      expect(bulk.statusCode, bulk.body).toBe(200);
      expect(bulk.json()).toEqual({ data: { status: true, deleted: 2 } });
      const deleted = await entries('template.deleted');
      expect(deleted).toHaveLength(3);
      expect(deleted.map((d) => d.target.name).sort()).toEqual(['audit_draft', 'audit_x', 'audit_y']);
    });

    it('quota.settings_changed and report.generated', async () => {
      await setBillingType(db(), { app: appId, type: 'pre-paid' }, new Date());
      const q = await call(a, 'PUT', `/api/setting/balance-quota/${appId}`, { disable: false, email_recipient: ['ops@example.com'], thresholds: [{ type: 'sms', reminder: true, threshold: 10 }] });
      expect(q.statusCode, q.body).toBe(200);
      const e = await newest('quota.settings_changed');
      expect(e.target).toMatchObject({ type: 'application', id: appId });
      expect(e.details).toMatchObject({ warnings_off: false, recipients: 1, reminders: ['sms'] });

      const r = await call(a, 'POST', '/api/report/generate-report', { application_id: appId, title: 'Audit report', channel: 'sms', status: [], start_date: today, end_date: today, type: 'csv' });
      expect(r.statusCode, r.body).toBe(201);
      const g = await newest('report.generated');
      expect(g.target).toEqual({ type: 'report', id: r.json().data._id, name: r.json().data.name });
      expect(g.details).toMatchObject({ channel: 'sms', type: 'csv' });
    });

    it('never writes a token, key, webhook secret or password', async () => {
      const file = (await call(a, 'POST', `/api/channel/generate/access-token/${appId}`, { channel: 'whatsapp' })).body;
      const jwt = /eyJ[\w-]+\.[\w-]+\.[\w-]+/.exec(file)?.[0];
      const keyLine = file.split('\n').find((l) => /^[A-Za-z0-9+/]{40,}$/.test(l.trim()));
      expect(jwt).toBeDefined();
      expect(keyLine).toBeDefined();
      const first = await call(a, 'PUT', `/api/application/${await createApp(a, 'Hooked', ['sms'])}/webhook`, { url: 'http://127.0.0.1:9/h', enabled: true });
      const firstSecret = first.json().data.secret as string;
      const rotated = (await call(a, 'POST', `/api/application/${appId}/webhook/rotate-secret`)).json().data.secret as string;
      expect(firstSecret).toMatch(/^whsec_/);
      expect(rotated).toMatch(/^whsec_/);
      // A member changes their password; someone tries a wrong one.
      const m = await signUpVerifiedUser(t);
      await db().execute(sql`update users set organization_id = ${a.organizationId}, role = 'admin', joined_at = now() where id = ${m.user.id}`);
      const newPassword = 'Audit#Changed77';
      const changed = await t.app.inject({
        method: 'POST',
        url: `/api/auth/change_password/${m.user.id}`,
        headers: { ...sameOrigin, cookie: m.cookie },
        payload: { oldPassword: m.password, password: newPassword, confirmPassword: newPassword },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const wrongPassword = 'Wrong#Guess9911';
      const failed = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: sameOrigin, payload: { email: m.user.email, password: wrongPassword } });
      expect(failed.statusCode).toBeGreaterThanOrEqual(400);

      const everything = JSON.stringify(await db().select().from(auditLog));
      for (const secret of [jwt!, keyLine!.trim(), firstSecret, rotated, newPassword, m.password, wrongPassword]) {
        expect(everything.includes(secret), `audit log holds ${secret.slice(0, 12)}…`).toBe(false);
      }
    });
  });

  describe('reading', () => {
    let c: Account;
    let otherActor: string;
    /** Jakarta local time (UTC+7) as an instant. */
    const jakarta = (local: string) => new Date(`${local}+07:00`);

    beforeAll(async () => {
      c = await createAccount(t);
      otherActor = randomUUID();
      await insert(c.organizationId, [
        { at: jakarta('2026-03-01T23:30:00'), actorId: c.userId, action: 'application.created', targetType: 'application', targetId: 'a1', targetName: 'Before' },
        { at: jakarta('2026-03-02T00:30:00'), actorId: c.userId, action: 'application.created', targetType: 'application', targetId: 'a2', targetName: 'First of day' },
        { at: jakarta('2026-03-02T12:00:00'), actorId: otherActor, actorEmail: 'other@example.com', action: 'token.generated', targetType: 'application', targetId: 'a2', targetName: '=HYPERLINK("http://evil")', details: { channel: 'sms' } },
        { at: jakarta('2026-03-02T23:59:59'), actorId: c.userId, action: 'webhook.updated', targetType: 'webhook', targetId: 'a2', details: { url: 'https://x.test/h', enabled: true } },
        { at: jakarta('2026-03-03T00:00:00'), actorId: c.userId, action: 'application.deleted', targetType: 'application', targetId: 'a2', targetName: 'After' },
      ]);
      // 25 more on 2026-03-10 for paging, one second apart.
      await insert(
        c.organizationId,
        Array.from({ length: 25 }, (_, i) => ({ at: new Date(jakarta('2026-03-10T08:00:00').getTime() + i * 1000), actorId: c.userId, action: 'report.generated', targetType: 'report', targetId: `r${i}`, targetName: `Report ${i}` })),
      );
    });

    it('filters by days in the organization time zone (end inclusive), newest first', async () => {
      const res = await list(c, { start_date: '2026-03-02', end_date: '2026-03-02' });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.data.map((e: AuditEntry) => e.at)).toEqual([jakarta('2026-03-02T23:59:59').toISOString(), jakarta('2026-03-02T12:00:00').toISOString(), jakarta('2026-03-02T00:30:00').toISOString()]);
      expect(body).toMatchObject({ page: 1, limit: 20, pages: 1, total: 3 });
      const three = await list(c, { start_date: '2026-03-01', end_date: '2026-03-03' });
      expect(three.json().total).toBe(5);
      // ISO date-times are instants.
      const iso = await list(c, { start_date: '2026-03-02T12:00:00+07:00', end_date: '2026-03-03T00:00:00+07:00' });
      expect(iso.json().total).toBe(3);
    });

    it('filters by actor and by a list of actions', async () => {
      const byActor = await list(c, { start_date: '2026-03-01', end_date: '2026-03-03', actor_id: otherActor });
      expect(byActor.json().data.map((e: AuditEntry) => e.actor)).toEqual([{ id: otherActor, email: 'other@example.com' }]);
      const byActions = await list(c, { start_date: '2026-03-01', end_date: '2026-03-31', action: ['application.created', 'application.deleted'] });
      expect(byActions.json().data.map((e: AuditEntry) => e.target.name)).toEqual(['After', 'First of day', 'Before']);
      const none = await list(c, { start_date: '2026-03-01', end_date: '2026-03-31', action: ['member.removed'] });
      expect(none.json()).toMatchObject({ data: [], total: 0, pages: 0 });
    });

    it('pages with totals', async () => {
      const p3 = await list(c, { start_date: '2026-03-10', end_date: '2026-03-10', page: 3, limit: 10 });
      expect(p3.json()).toMatchObject({ page: 3, limit: 10, pages: 3, total: 25 });
      expect(p3.json().data.map((e: AuditEntry) => e.target.name)).toEqual(['Report 4', 'Report 3', 'Report 2', 'Report 1', 'Report 0']);
      const p1 = await list(c, { start_date: '2026-03-10', end_date: '2026-03-10', page: 1, limit: 10 });
      expect(p1.json().data[0].target.name).toBe('Report 24');
      const beyond = await list(c, { start_date: '2026-03-10', end_date: '2026-03-10', page: 9, limit: 10 });
      expect(beyond.json()).toMatchObject({ data: [], total: 25, pages: 3 });
    });

    it('refuses bad input with a clear 400', async () => {
      const reversed = await list(c, { start_date: '2026-03-03', end_date: '2026-03-02' });
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().error.details).toEqual([{ path: 'end_date', message: TEAMS_MESSAGES.auditRangeInvalid }]);
      for (const body of [{ start_date: '2026-02-30' }, { end_date: 'yesterday' }, { action: ['nope'] }, { actor_id: 'not-a-uuid' }, { limit: 1000 }, { page: 0 }]) {
        const res = await list(c, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error.code).toBe('invalid_request');
      }
      const dl = await call(c, 'GET', '/api/organization/audit-log/download?start_date=2026-03-03&end_date=2026-03-02');
      expect(dl.statusCode).toBe(400);
    });

    it('downloads the matching entries as CSV: header, zone times, JSON details, formula-safe', async () => {
      const res = await call(c, 'GET', '/api/organization/audit-log/download?start_date=2026-03-01&end_date=2026-03-03&action=token.generated&action=webhook.updated&action=application.created');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="Audit_Log_2026-03-01-2026-03-03.csv"');
      const text = res.body.replace(/^\uFEFF/, '');
      const lines = text.trim().split(/\r?\n/);
      expect(lines[0]).toBe('Time (Asia/Jakarta),Actor,Action,Target type,Target,IP,User agent,Details');
      expect(lines).toHaveLength(1 + 4);
      expect(lines[1]).toBe('2026-03-02 23:59:59,x@example.com,webhook.updated,webhook,a2,,,"{""url"":""https://x.test/h"",""enabled"":true}"');
      expect(lines[2]).toBe(`2026-03-02 12:00:00,other@example.com,token.generated,application,"'=HYPERLINK(""http://evil"") (a2)",,,"{""channel"":""sms""}"`);
      expect(lines[4]).toContain('2026-03-01 23:30:00,x@example.com,application.created,application,Before (a1)');
      // One action alone, and every action.
      const one = await call(c, 'GET', '/api/organization/audit-log/download?start_date=2026-03-01&end_date=2026-03-03&action=application.deleted');
      expect(one.body.trim().split(/\r?\n/)).toHaveLength(2);
      const all = await call(c, 'GET', '/api/organization/audit-log/download?start_date=2026-03-01&end_date=2026-03-31');
      expect(all.body.trim().split(/\r?\n/)).toHaveLength(1 + 30);
    });

    it('downloads in chunks beyond one read', async () => {
      const d = await createAccount(t);
      const base = new Date('2026-04-05T05:00:00Z').getTime();
      // Same instant for several rows: the keyset still takes each exactly once.
      await insert(d.organizationId, Array.from({ length: 2_150 }, (_, i) => ({ at: new Date(base + Math.floor(i / 3) * 1000), targetId: `t${i}`, action: 'report.generated' })));
      const res = await call(d, 'GET', '/api/organization/audit-log/download?start_date=2026-04-05&end_date=2026-04-05');
      const lines = res.body.trim().split(/\r?\n/).slice(1);
      expect(lines).toHaveLength(2_150);
      expect(new Set(lines.map((l) => l.split(',')[4])).size).toBe(2_150);
    });

    it('is for owners and admins only: a developer or viewer gets 403', async () => {
      const admin = await member(c, 'admin');
      expect((await list(admin, { start_date: '2026-03-02', end_date: '2026-03-02' })).json().total).toBe(3);
      for (const role of ['developer', 'viewer'] as const) {
        const who = await member(c, role);
        const res = await list(who, { start_date: '2026-03-02', end_date: '2026-03-02' });
        expect(res.statusCode, role).toBe(403);
        expect(res.json().error.message).toBe(TEAMS_MESSAGES.roleForbidden);
        expect((await call(who, 'GET', '/api/organization/audit-log/download?start_date=2026-03-02&end_date=2026-03-02')).statusCode).toBe(403);
      }
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/organization/audit-log', headers: sameOrigin, payload: { start_date: '2026-03-02', end_date: '2026-03-02' } });
      expect(anonymous.statusCode).toBe(401);
    });

    it("another organization never sees the entries", async () => {
      for (const body of [{ start_date: '2026-03-01', end_date: '2026-03-31' }, { start_date: '2026-03-01', end_date: '2026-03-31', actor_id: c.userId }]) {
        const res = await list(b, body);
        expect(res.json()).toMatchObject({ data: [], total: 0 });
      }
      const csv = await call(b, 'GET', `/api/organization/audit-log/download?start_date=2026-03-01&end_date=2026-03-31&actor_id=${c.userId}`);
      expect(csv.body.trim().split(/\r?\n/)).toHaveLength(1);
      // a's own entries of today are not c's either.
      expect((await list(c, {})).json().data.every((e: AuditEntry) => e.actor.id !== a.userId)).toBe(true);
    });
  });

  it('redactDetails drops secret-looking keys at any depth and strips URL credentials and query', () => {
    expect(
      redactDetails({
        password: 'p',
        access_token: 't',
        webhookSecret: 's',
        recovery_code: 'c',
        privateKey: 'k',
        channel: 'sms',
        nested: { secret: 'x', role: 'admin', deeper: { otp: '1', ok: true } },
        list: [{ code: '1', fine: 2 }, 'https://user:pw@host.test/p?token=abc#x'],
        url: 'https://user:pw@host.test/path?sig=1',
        plain: 'not a url ?x=1',
      }),
    ).toEqual({ channel: 'sms', nested: { role: 'admin', deeper: { ok: true } }, list: [{ fine: 2 }, 'https://host.test/p'], url: 'https://host.test/path', plain: 'not a url ?x=1' });
  });

  it('retention: the storage maintenance deletes entries older than 400 days and keeps newer ones', async () => {
    const e = await createAccount(t);
    const now = Date.now();
    await insert(e.organizationId, [
      { at: new Date(now - (AUDIT_RETENTION_DAYS + 1) * DAY), targetId: 'old' },
      { at: new Date(now - (AUDIT_RETENTION_DAYS - 1) * DAY), targetId: 'kept' },
      { at: new Date(now), targetId: 'new' },
    ]);
    const r = await t.ctx.services.storage.runMaintenance();
    expect(r.deleted.audit_log).toBeGreaterThanOrEqual(1);
    const left = await db().select({ targetId: auditLog.targetId }).from(auditLog).where(eq(auditLog.organizationId, e.organizationId));
    expect(left.map((x) => x.targetId).sort()).toEqual(['kept', 'new']);
    expect(await t.ctx.services.audit.prune()).toBe(0);
  });
});
