/**
 * The demo team seed (ARCHITECTURE.md §4 DEMO_DATA, §5.1; seed/team.ts): besides the demo owner,
 * an admin, a developer and a viewer who sign in with the demo password and have the terms
 * accepted, one pending invitation, and a few dozen audit entries over the last two weeks from
 * more than one IP and browser — all seen through the console API, as the members see them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { DEMO_LOGIN, DEMO_MEMBER_LOGINS, type DemoIds } from '../src/seed/seed.ts';
import { seedDemoAccounts } from '../src/seed/accounts.ts';
import { seedDemoApplications } from '../src/seed/applications.ts';
import { seedDemoReports } from '../src/seed/reports.ts';
import { DEMO_INVITATION_EMAIL, seedDemoTeam } from '../src/seed/team.ts';
import { users } from '../src/db/schema/users.ts';
import { auditLog } from '../src/db/schema/teams.ts';
import { cookieFrom, createTestApp, sameOrigin, type TestApp } from './harness.ts';

describe('demo team seed', () => {
  let t: TestApp;
  const ids: DemoIds = {};
  const cookies: Record<string, string> = {};
  const as = (email: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...sameOrigin, cookie: cookies[email]! }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp({ workers: false, env: { AUTH_RATE_LIMIT: '1000' } });
    await seedDemoAccounts(t.ctx, ids);
    await seedDemoApplications(t.ctx, ids);
    await seedDemoReports(t.ctx, ids);
    await seedDemoTeam(t.ctx, ids);
  }, 60_000);
  afterAll(async () => t.close());

  it('lets every demo member sign in with the demo password, in the demo organization, terms accepted', async () => {
    for (const login of [DEMO_LOGIN, ...DEMO_MEMBER_LOGINS]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: sameOrigin, payload: { email: login.email, password: DEMO_LOGIN.password } });
      expect(res.statusCode, `${login.email}: ${res.body}`).toBe(200);
      expect(res.json().data).toMatchObject({ organizationId: ids.organizationId, emailVerified: true });
      cookies[login.email] = cookieFrom(res);
      const userId = res.json().data.id as string;
      const terms = await as(login.email, 'GET', `/api/user/agreement-tnc/${userId}?check=true&pp_version=1.9&tnc_version=1.2.2`);
      expect(terms.json(), login.email).toEqual({ data: { tnc_accept: true } });
    }
  });

  it('lists the owner and one member of every other role, and the pending invitation', async () => {
    const members = await as(DEMO_LOGIN.email, 'GET', '/api/organization/members');
    expect(members.statusCode, members.body).toBe(200);
    const roles = Object.fromEntries((members.json().data as { email: string; role: string }[]).map((m) => [m.email, m.role]));
    expect(roles).toEqual({ [DEMO_LOGIN.email]: 'owner', 'admin@pesan.local': 'admin', 'developer@pesan.local': 'developer', 'viewer@pesan.local': 'viewer' });
    const invitations = await as('admin@pesan.local', 'GET', '/api/organization/invitations');
    expect(invitations.statusCode, invitations.body).toBe(200);
    expect(invitations.json().data).toEqual([expect.objectContaining({ email: DEMO_INVITATION_EMAIL, role: 'developer', invited_by: DEMO_LOGIN.email })]);
  });

  it('the roles act as §5.1 says: the viewer may not create an application, the developer may not read the audit log', async () => {
    const app = await as('viewer@pesan.local', 'POST', '/api/application', { applicationName: 'Viewer App', channels: [{ channel: 'sms' }] });
    expect(app.statusCode).toBe(403);
    const day = new Date().toISOString().slice(0, 10);
    const audit = await as('developer@pesan.local', 'POST', '/api/organization/audit-log', { start_date: day, end_date: day, page: 1, limit: 10 });
    expect(audit.statusCode).toBe(403);
  });

  it('has a few dozen audit entries over the last two weeks, from more than one IP and browser', async () => {
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const res = await as('admin@pesan.local', 'POST', '/api/organization/audit-log', { start_date: day(15), end_date: day(0), page: 1, limit: 100 });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { total: number; data: { at: string; action: string; actor: { email: string }; ip: string; user_agent: string; target: { name: string | null } }[] };
    // The seeded history, and the sign-ins of the test above.
    expect(page.total).toBeGreaterThanOrEqual(30);
    expect(page.total).toBeLessThanOrEqual(100);
    const actions = new Set(page.data.map((e) => e.action));
    for (const action of ['auth.sign_in', 'auth.sign_in_failed', 'application.created', 'token.generated', 'webhook.updated', 'template.submitted', 'report.generated', 'member.invited', 'member.invitation_accepted', 'member.role_changed']) {
      expect(actions, action).toContain(action);
    }
    const times = page.data.map((e) => Date.parse(e.at));
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(12 * 86_400_000);
    expect(Math.min(...times)).toBeGreaterThan(Date.now() - 15 * 86_400_000);
    expect(new Set(page.data.map((e) => e.ip)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(page.data.map((e) => e.user_agent)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(page.data.map((e) => e.actor.email))).toEqual(new Set([DEMO_LOGIN.email, ...DEMO_MEMBER_LOGINS.map((m) => m.email)]));
    // Newest first, and the pending invitation is the last one sent.
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.data.find((e) => e.action === 'member.invited')!.target.name).toBe(DEMO_INVITATION_EMAIL);
  });

  it('is safe to run again', async () => {
    const db = t.ctx.database.db;
    const before = Number((await db.select({ n: count() }).from(auditLog))[0]!.n);
    await seedDemoTeam(t.ctx, ids);
    expect(Number((await db.select({ n: count() }).from(users))[0]!.n)).toBe(4);
    expect(Number((await db.select({ n: count() }).from(auditLog))[0]!.n)).toBe(before);
  });
});
