/**
 * Roles (ARCHITECTURE.md §5.1, §8 "walks every route as each role and asserts the table"): walks
 * EVERY operation of the OpenAPI documents (openapi-walk.ts) as each role of one organization —
 * tenant A's own user is its `owner`; an `admin`, a `developer` and a `viewer` join it — against
 * EXPECTED, the least role each console call needs, written out by hand from §5.1's table (not
 * computed from contracts ROLE_PERMISSIONS, so the server is checked against the spec):
 *
 * - every role below the least one: 403 `forbidden`, and nothing changed (the fingerprint of every
 *   public table and of DATA_DIR, openapi-walk.ts createFingerprinter);
 * - the least role (every allowed role on a GET): never 401 or 403, never 5xx (a 400 of validation,
 *   a 404 or a 409 of the call's own rules is fine). State-changing calls run once, as the least
 *   role, after every refusal; the ones that remove something run last, so they spoil nothing;
 * - `self`: a call for oneself (profile, password, terms, 2FA, sessions, upload) every member may
 *   make; `operator`: the docs editing, refused to every role of an organization;
 *   `public` and `bearer` (anonymous and /v1 calls) are not about roles and are skipped here
 *   (tenant-isolation.test.ts walks them).
 *
 * An operation of the documents missing from EXPECTED fails loudly with its name, so a new route
 * must be given its role here; an EXPECTED call that is not documented fails too. A few writes
 * are also checked in the database, and the viewer's message detail hides the request body.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerifiedUser, TEST_PASSWORD } from './accounts-helper.ts';
import { cookieFrom, createTestApp, sameOrigin } from './harness.ts';
import {
  buildRequest,
  createFingerprinter,
  createTenant,
  describeExchange,
  envelopeProblem,
  fetchOpenApi,
  listOperations,
  multipartBody,
  send,
  tenantFixtures,
  TINY_PNG,
  validBody,
  type Fingerprinter,
  type Fixtures,
  type Operation,
  type Reply,
  type SentRequest,
  type Tenant,
} from './openapi-walk.ts';
import { HIDDEN_VALUE } from '../src/modules/records/records.service.ts';

type Role = 'owner' | 'admin' | 'developer' | 'viewer';
type Least = 'viewer' | 'developer' | 'admin' | 'self' | 'operator' | 'public' | 'bearer';

/**
 * The least role of every documented call (ARCHITECTURE.md §5.1):
 * - viewer: read only — applications (and what hangs off one: webhook endpoint and attempts, token
 *   status, billing and quota warnings), Monitoring, message detail, Overview (incl. downloads),
 *   reports (list, generate, download), templates (list, preview, name check);
 * - developer: applications (create, edit, not delete), tokens, webhooks, templates, reports,
 *   quota warning settings;
 * - admin (and owner): everything, incl. application delete, organization edit, members (role
 *   change, removal), invitations, security (require_2fa) and the audit log ("owners and admins
 *   only"); the members list and the security settings are read by every member (below).
 */
const EXPECTED: Record<string, Least> = {
  // Anonymous (auth, docs reading, organization media by name, invitation landing).
  'POST /api/auth/register': 'public',
  'PATCH /api/auth/email_verification/{token}': 'public',
  'POST /api/auth/send_verification': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/login/2fa': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/session': 'public',
  'POST /api/auth/forgot_password': 'public',
  'PATCH /api/auth/reset_password/{token}': 'public',
  'GET /api/auth/invitation/{token}': 'public',
  'POST /api/auth/invitation/{token}/accept': 'public',
  'GET /api/uploads/{file}': 'public',
  'GET /api/doc/api-version': 'public',
  'GET /api/doc/menu': 'public',
  'GET /api/doc/description': 'public',
  'GET /api/doc/description/title/{titleId}': 'public',
  'GET /api/doc/description/{id}': 'public',
  // For oneself: any signed-in person.
  'POST /api/auth/change_password/{userId}': 'self',
  'GET /api/user/{id}': 'self',
  'PUT /api/user/{id}': 'self',
  'GET /api/user/agreement-tnc/{userId}': 'self',
  'POST /api/user/agreement-tnc/{userId}': 'self',
  // An avatar (purpose=avatar, what the walk sends); template media needs a developer (checked below).
  'POST /api/upload': 'self',
  'POST /api/organization': 'self',
  'POST /api/user/2fa/setup': 'self',
  'POST /api/user/2fa/enable': 'self',
  'POST /api/user/2fa/disable': 'self',
  'GET /api/user/sessions': 'self',
  'DELETE /api/user/sessions/{id}': 'self',
  'DELETE /api/user/sessions': 'self',
  // Read only: every member.
  'GET /api/organization': 'viewer',
  'GET /api/organization/{id}': 'viewer',
  'GET /api/channel': 'viewer',
  'POST /api/application/list': 'viewer',
  'GET /api/application/{id}': 'viewer',
  'GET /api/application/{id}/webhook': 'viewer',
  'GET /api/application/{id}/webhook/deliveries': 'viewer',
  'GET /api/application/{id}/tokens': 'viewer',
  'GET /api/application/billing/{id}': 'viewer',
  'GET /api/application/check/balance-quota/{id}': 'viewer',
  'GET /api/setting/balance-quota/{id}': 'viewer',
  'POST /api/records': 'viewer',
  'GET /api/records/{messageId}': 'viewer',
  'GET /api/events/stream': 'viewer',
  'POST /api/report/rate': 'viewer',
  'POST /api/report/usage': 'viewer',
  'POST /api/report/usage/range-date': 'viewer',
  'POST /api/whatsapp-api/conversation': 'viewer',
  'GET /api/report/usage/download': 'viewer',
  'GET /api/whatsapp-api/conversation/download': 'viewer',
  // Verify in the console (issue 27): the Verify tab, a verification's timeline, the allowed countries.
  'POST /api/report/verify': 'viewer',
  'GET /api/verifications/{id}': 'viewer',
  'GET /api/applications/{id}/verify-settings': 'viewer',
  'POST /api/report/list/generate-report': 'viewer',
  'POST /api/report/generate-report': 'viewer',
  'GET /api/report/{id}': 'viewer',
  'GET /api/report/{id}/download': 'viewer',
  'POST /api/wa/template/list': 'viewer',
  'GET /api/wa/template/check': 'viewer',
  'GET /api/wa/template/{id}': 'viewer',
  // The Members and Security pages are in every member's side menu (§5.1): who is in the team and
  // whether the organization requires 2FA are read by all; only owners and admins change them.
  'GET /api/organization/members': 'viewer',
  'GET /api/organization/security': 'viewer',
  // Developer: applications (not delete), tokens, webhooks, templates, quota warning settings.
  'POST /api/application': 'developer',
  'PUT /api/application/{id}': 'developer',
  'PUT /api/applications/{id}/verify-settings': 'developer',
  'POST /api/channel/generate/access-token/{applicationId}': 'developer',
  'POST /api/auth/rsa/generate-token': 'developer',
  'PUT /api/application/{id}/webhook': 'developer',
  'POST /api/application/{id}/webhook/rotate-secret': 'developer',
  'POST /api/application/{id}/webhook/test': 'developer',
  'POST /api/application/{id}/webhook/deliveries/{deliveryId}/redeliver': 'developer',
  'POST /api/wa/template': 'developer',
  'PUT /api/wa/template/{id}': 'developer',
  'PUT /api/wa/template/duplicate/{id}': 'developer',
  'DELETE /api/wa/template/{id}': 'developer',
  'POST /api/wa/delete/template/bulk': 'developer',
  'PUT /api/setting/balance-quota/{id}': 'developer',
  // Admin and owner: the rest.
  'DELETE /api/application/{id}': 'admin',
  'PUT /api/organization/{id}': 'admin',
  'PUT /api/organization/members/{userId}': 'admin',
  'DELETE /api/organization/members/{userId}': 'admin',
  'POST /api/organization/invitations': 'admin',
  'GET /api/organization/invitations': 'admin',
  'DELETE /api/organization/invitations/{id}': 'admin',
  'PUT /api/organization/security': 'admin',
  'POST /api/organization/audit-log': 'admin',
  'GET /api/organization/audit-log/download': 'admin',
  // The API documentation is edited by operators (apps/server admin CLI), no role of an organization.
  'POST /api/doc/description': 'operator',
  'PUT /api/doc/description/{id}': 'operator',
  'DELETE /api/doc/description/{id}': 'operator',
  // The public messaging API: channel access tokens, no roles.
  'POST /v1/sms/messages': 'bearer',
  'POST /v1/verify': 'bearer',
  'POST /v1/verify/{id}/check': 'bearer',
  'POST /v1/verify/{id}/resend': 'bearer',
  'POST /v1/verify/{id}/cancel': 'bearer',
  'GET /v1/verify/{id}': 'bearer',
  'POST /v1/sms-otp/messages': 'bearer',
  'POST /v1/whatsapp/messages': 'bearer',
  'POST /v1/calls': 'bearer',
  'POST /v1/voice-otp': 'bearer',
  'POST /v1/email/messages': 'bearer',
  'POST /v1/sms/messages/batch': 'bearer',
  'POST /v1/sms-otp/messages/batch': 'bearer',
  'POST /v1/whatsapp/messages/batch': 'bearer',
  'POST /v1/calls/batch': 'bearer',
  'POST /v1/voice-otp/batch': 'bearer',
  'POST /v1/email/messages/batch': 'bearer',
  'POST /v1/whatsapp/templates': 'bearer',
  'GET /v1/whatsapp/templates': 'bearer',
  'DELETE /v1/whatsapp/templates': 'bearer',
  'GET /v1/messages/{id}': 'bearer',
};

/** Roles from least to most powerful. */
const RANK: Role[] = ['viewer', 'developer', 'admin', 'owner'];
const ALL_ROLES: Role[] = ['owner', 'admin', 'developer', 'viewer'];

/** The roles `least` refuses, and the ones it lets in. */
function split(least: Least): { refused: Role[]; allowed: Role[] } {
  if (least === 'self') return { refused: [], allowed: RANK };
  if (least === 'operator') return { refused: ALL_ROLES, allowed: [] };
  const at = RANK.indexOf(least as Role);
  return { refused: RANK.slice(0, at), allowed: RANK.slice(at) };
}

const t = await createTestApp({ workers: false, env: { AUTH_RATE_LIMIT: '100000', V1_RATE_LIMIT: '100000', TOKEN_RATE_LIMIT: '100000' } });
const ops = listOperations(await fetchOpenApi(t));
afterAll(async () => t.close());

interface Member {
  role: Role;
  userId: string;
  email: string;
  cookie: string;
  /** Another session of the member (for DELETE /api/user/sessions/{id}), when the sessions list exists. */
  otherSessionId?: string;
}

let A: Tenant;
const members = {} as Record<Role, Member>;
/** A viewer the member calls (PUT / DELETE /api/organization/members/{userId}) act on. */
let target: Member;
let fp: Fingerprinter;

const exec = (sql: string, params: unknown[] = []) => t.ctx.database.executor.executeSql(sql, params);

async function signIn(email: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: sameOrigin, payload: { email, password: TEST_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`login of ${email}: ${res.statusCode} ${res.body}`);
  return cookieFrom(res);
}

/** A verified user joined to A's organization with `role` (as an accepted invitation leaves them). */
async function join(role: Role): Promise<Member> {
  const person = await signUpVerifiedUser(t);
  await exec(`update users set organization_id = $1, role = $2, joined_at = now() where id = $3`, [A.organizationId, role, person.user.id]);
  return { role, userId: person.user.id, email: person.user.email, cookie: person.cookie };
}

/** A session of `m` other than its cookie's (signs in once more), or undefined without the sessions list. */
async function otherSession(m: Member): Promise<string | undefined> {
  const headers = { ...sameOrigin, cookie: m.cookie };
  if ((await t.app.inject({ method: 'GET', url: '/api/user/sessions', headers })).statusCode === 404) return undefined;
  await signIn(m.email);
  const list = await t.app.inject({ method: 'GET', url: '/api/user/sessions', headers });
  return (list.json().data as { id: string; current: boolean }[]).find((s) => !s.current)?.id;
}

beforeAll(async () => {
  A = await createTenant(t);
  members.owner = { role: 'owner', userId: A.userId, email: A.email, cookie: A.cookie, otherSessionId: A.sessionId };
  for (const role of ['admin', 'developer', 'viewer'] as const) members[role] = await join(role);
  for (const role of ['admin', 'developer', 'viewer'] as const) members[role].otherSessionId = await otherSession(members[role]);
  target = await join('viewer');
  fp = await createFingerprinter(t);
}, 120_000);

/** Signs `m` in again when a call (a password change, logging out every session) ended its session. */
async function alive(m: Member): Promise<Member> {
  const s = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: m.cookie } });
  if (s.statusCode !== 200 || s.json().data === null) {
    m.cookie = await signIn(m.email);
    dirty = true;
  }
  return m;
}

/** The request of `op` as `m`: A's fixtures, `m`'s own user id and session, the target member, a role any admin may give. */
function requestAs(op: Operation, m: Member): SentRequest {
  const fixtures: Fixtures = { ...tenantFixtures(A), user: m.userId, session: m.otherSessionId ?? randomUUID() };
  if (op.path.startsWith('/api/organization/members/')) fixtures.user = target.userId;
  const body = validBody(op, fixtures);
  // An admin may not make owners (§5.1): give the role every admin may give.
  const json = body && typeof body === 'object' && 'role' in body ? { ...body, role: 'viewer' } : undefined;
  return buildRequest(op, { fixtures, headers: { ...sameOrigin, cookie: m.cookie }, ...(json ? { json } : {}) });
}

/** Whether the last call may have changed something whose after-answer work is still to land. */
let dirty = true;

async function call(req: SentRequest, compare: boolean): Promise<{ res: Reply; changed: string[] }> {
  const before = compare ? (dirty ? await fp.settle() : await fp.take()) : undefined;
  const res = await send(t, req);
  dirty = res.statusCode < 300 && req.method !== 'GET';
  const changed = before ? await fp.diff(before, await fp.take()) : [];
  return { res, changed };
}

const codeOf = (res: Reply) => {
  try {
    return (JSON.parse(res.body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
};

const documented = new Set(ops.map((op) => op.name));
const leastOf = (op: Operation) => EXPECTED[op.name];
/** Console operations under a role rule, in the order their allowed calls run: reads, writes, removals. */
const stage = (op: Operation) => (op.method === 'GET' ? 0 : op.method === 'DELETE' || /delete|remove/i.test(op.path) ? 2 : 1);
const roleOps = ops.filter((op) => leastOf(op) && leastOf(op) !== 'public' && leastOf(op) !== 'bearer').sort((a, b) => stage(a) - stage(b));

// Before the walk: its allowed calls may remove A's application (DELETE /api/application/{id}).
describe('role rules in the database', () => {
  const count = async (sql: string, params: unknown[]) => Number(((await exec(sql, params)).rows[0] as { n: number | string }).n);
  const as = async (role: Role, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { ...sameOrigin, cookie: (await alive(members[role])).cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });

  it('a developer creates and edits an application; a viewer cannot; only an admin deletes one', async () => {
    const refused = await as('viewer', 'POST', '/api/application', { applicationName: 'Viewer App', channels: [{ channel: 'sms' }] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
    expect(await count(`select count(*) as n from applications where name = 'Viewer App'`, [])).toBe(0);

    const created = await as('developer', 'POST', '/api/application', { applicationName: 'Developer App', channels: [{ channel: 'sms' }] });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json().id ?? created.json().data?.id) as string;
    expect(await count(`select count(*) as n from applications where id = $1 and organization_id = $2`, [id, A.organizationId])).toBe(1);

    for (const role of ['viewer', 'developer'] as const) {
      const del = await as(role, 'DELETE', `/api/application/${id}`);
      expect(del.statusCode, `${role}: ${del.body}`).toBe(403);
      expect(await count(`select count(*) as n from applications where id = $1 and deleted_at is null`, [id])).toBe(1);
    }
    const del = await as('admin', 'DELETE', `/api/application/${id}`);
    expect(del.statusCode, del.body).toBeLessThan(300);
    expect(await count(`select count(*) as n from applications where id = $1 and deleted_at is null`, [id])).toBe(0);
  });

  it('a viewer generates a report but cannot generate a token or change the organization', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const before = await count(`select count(*) as n from reports where organization_id = $1`, [A.organizationId]);
    const report = await as('viewer', 'POST', '/api/report/generate-report', {
      application_id: A.applicationId,
      title: 'viewer report',
      channel: 'sms',
      status: [],
      start_date: day,
      end_date: day,
      type: 'csv',
    });
    expect(report.statusCode, report.body).toBe(201);
    expect(await count(`select count(*) as n from reports where organization_id = $1`, [A.organizationId])).toBe(before + 1);

    const token = await as('viewer', 'POST', `/api/channel/generate/access-token/${A.applicationId}`, { channel: 'sms' });
    expect(token.statusCode).toBe(403);
    const org = await as('developer', 'PUT', `/api/organization/${A.organizationId}`, {
      business_name: 'Renamed by a developer',
      business_phone: '0215550100',
      business_address: 'Jl. Test No. 1, Jakarta',
      website_url: 'https://example.com',
    });
    expect(org.statusCode).toBe(403);
    expect(await count(`select count(*) as n from organizations where business_name = 'Renamed by a developer'`, [])).toBe(0);
  });

  it('an admin manages members but never owners; an owner changes any role', async () => {
    const roleOf = async (id: string) => ((await exec(`select role from users where id = $1`, [id])).rows[0] as { role: string | null }).role;
    // A second owner, so the last-owner rule (409) is not what refuses the admin.
    const second = await as('owner', 'PUT', `/api/organization/members/${target.userId}`, { role: 'owner' });
    expect(second.statusCode, second.body).toBe(200);
    expect(await roleOf(target.userId)).toBe('owner');
    const demote = await as('admin', 'PUT', `/api/organization/members/${target.userId}`, { role: 'viewer' });
    expect(demote.statusCode, demote.body).toBe(403);
    expect(demote.json().error.code).toBe('forbidden');
    const remove = await as('admin', 'DELETE', `/api/organization/members/${target.userId}`);
    expect(remove.statusCode, remove.body).toBe(403);
    expect(await roleOf(target.userId)).toBe('owner');
    const invitations = () => count(`select count(*) as n from invitations where organization_id = $1 and email = 'new.owner@example.com'`, [A.organizationId]);
    const inviteOwner = await as('admin', 'POST', '/api/organization/invitations', { email: 'new.owner@example.com', role: 'owner' });
    expect(inviteOwner.statusCode, inviteOwner.body).toBe(403);
    expect(await invitations()).toBe(0);
    // The owner demotes the second owner; an admin then manages them.
    const back = await as('owner', 'PUT', `/api/organization/members/${target.userId}`, { role: 'viewer' });
    expect(back.statusCode, back.body).toBe(200);
    const promote = await as('admin', 'PUT', `/api/organization/members/${target.userId}`, { role: 'developer' });
    expect(promote.statusCode, promote.body).toBe(200);
    expect(await roleOf(target.userId)).toBe('developer');
    // A developer manages nobody.
    const byDeveloper = await as('developer', 'PUT', `/api/organization/members/${target.userId}`, { role: 'admin' });
    expect(byDeveloper.statusCode).toBe(403);
    expect(await roleOf(target.userId)).toBe('developer');
    expect((await as('admin', 'PUT', `/api/organization/members/${target.userId}`, { role: 'viewer' })).statusCode).toBe(200);
  });

  it('a viewer uploads an avatar but no template media; a developer uploads template media', async () => {
    const upload = async (role: Role, purpose: string, field: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/upload?purpose=${purpose}`,
        headers: { ...sameOrigin, cookie: (await alive(members[role])).cookie, 'content-type': 'multipart/form-data; boundary=rolecheck' },
        payload: multipartBody('rolecheck', [{ name: field, filename: 'a.png', type: 'image/png', data: TINY_PNG }]),
      });
    const files = () => count(`select count(*) as n from uploads`, []);
    const before = await files();
    const refused = await upload('viewer', 'template_media', 'file');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
    expect(await files()).toBe(before);
    expect((await upload('viewer', 'avatar', 'image')).statusCode).toBe(201);
    expect((await upload('developer', 'template_media', 'file')).statusCode).toBe(201);
    expect(await files()).toBe(before + 2);
  });

  it("shows a viewer the message detail with the request body's values hidden, and a developer the body", async () => {
    const url = `/api/records/${A.messageId}`;
    const viewer = await as('viewer', 'GET', url);
    expect(viewer.statusCode, viewer.body).toBe(200);
    const hidden = viewer.json().data.body as Record<string, unknown>;
    expect(hidden['text']).toBe(HIDDEN_VALUE);
    expect(hidden['to']).toBe(HIDDEN_VALUE);
    expect(viewer.body).not.toContain('Tenant fixture');
    // The record itself (status, timeline) is the same.
    const developer = await as('developer', 'GET', url);
    expect(developer.statusCode).toBe(200);
    expect(developer.json().data.body['text']).toBe('Tenant fixture');
    const { body: _viewerBody, ...viewerRest } = viewer.json().data as Record<string, unknown>;
    const { body: _developerBody, ...developerRest } = developer.json().data as Record<string, unknown>;
    expect(viewerRest).toEqual(developerRest);
    for (const role of ['owner', 'admin'] as const) expect((await as(role, 'GET', url)).json().data.body['text']).toBe('Tenant fixture');
  });
});

describe('every documented operation as each role (§5.1)', () => {
  it('has a least role in EXPECTED for every documented operation, and documents every EXPECTED call', () => {
    const missing = ops.filter((op) => !EXPECTED[op.name]).map((op) => `${op.name} (tag ${op.tag}, ${op.security}): give it its least role in EXPECTED`);
    const undocumented = Object.keys(EXPECTED)
      .filter((name) => !documented.has(name))
      .map((name) => `${name}: in EXPECTED (§5.1) but not in the OpenAPI documents`);
    expect([...missing, ...undocumented]).toEqual([]);
  });

  it('documents the credentials each least role implies', () => {
    const wrong: string[] = [];
    for (const op of ops) {
      const least = leastOf(op);
      if (!least) continue;
      const want = least === 'public' ? 'none' : least === 'bearer' ? 'bearerAuth' : 'sessionCookie';
      if (op.security !== want) wrong.push(`${op.name}: ${least} but documented with ${op.security}`);
    }
    expect(wrong).toEqual([]);
  });

  describe('a role below the least one gets 403 forbidden and changes nothing', () => {
    for (const op of roleOps) {
      const { refused } = split(leastOf(op)!);
      if (refused.length === 0) continue;
      it(`${op.name} (${refused.join(', ')})`, async () => {
        for (const role of refused) {
          const req = requestAs(op, await alive(members[role]));
          const { res, changed } = await call(req, true);
          const problems: string[] = [];
          if (res.statusCode !== 403) problems.push(`as ${role}: expected 403, got ${res.statusCode}`);
          else if (envelopeProblem(res)) problems.push(`as ${role}: error envelope: ${envelopeProblem(res)}`);
          else if (codeOf(res) !== 'forbidden') problems.push(`as ${role}: expected code forbidden, got ${codeOf(res)}`);
          if (changed.length) problems.push(`as ${role}: changed by a refused request: ${changed.join('; ')}`);
          expect(problems, describeExchange(req, res)).toEqual([]);
        }
      });
    }
  });

  describe('the least role (every allowed role on a GET) is let in', () => {
    for (const op of roleOps) {
      const { allowed } = split(leastOf(op)!);
      if (allowed.length === 0) continue;
      // A state-changing call runs once, as the least role: the boundary of the table.
      const roles = op.method === 'GET' ? allowed : allowed.slice(0, 1);
      it(`${op.name} (${roles.join(', ')})`, async () => {
        for (const role of roles) {
          const req = requestAs(op, await alive(members[role]));
          const { res } = await call(req, false);
          const problems: string[] = [];
          if (res.statusCode === 401 || res.statusCode === 403) problems.push(`as ${role}: refused with ${res.statusCode} ${codeOf(res)}`);
          if (res.statusCode >= 500) problems.push(`as ${role}: ${res.statusCode}`);
          expect(problems, describeExchange(req, res)).toEqual([]);
        }
      });
    }
  });
});
