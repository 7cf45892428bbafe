/**
 * Tenant isolation (ARCHITECTURE.md §3, §5, §8): walks EVERY operation of the OpenAPI documents (the
 * console's and the public /v1 one, merged by openapi-walk.ts), so a route added later is covered by
 * being documented. Two tenants A and B are built through the
 * API (user, organization, application with every channel, channel tokens, a sent message, an
 * organization-private upload); what each route must answer:
 *
 * - anonymous (no cookie / no bearer, or a garbage one) on a sessionCookie or bearerAuth route:
 *   401 envelope `unauthorized`, nothing changed; on a public route naming an organization's
 *   resource (organization media by file name): 404;
 * - a signed-in user WITHOUT an organization, on a sessionCookie route. The rule (decided from the
 *   behaviour of the console, console.md §2: a new user must be able to finish their profile,
 *   accept the terms and create the organization):
 *     (a) self-service routes — tag `auth`, `user`, `terms`, `organization` (but not the
 *         organization's areas /api/organization/members, /invitations, /security, /audit-log…)
 *         or `upload`, and every path parameter names the caller themself — answer for oneself
 *         (never 401/403, never 5xx);
 *         another person's user id there is a 404;
 *     (b) a path naming another organization's resource (application, organization, message,
 *         upload): 403 `forbidden` or 404 `not_found`, identical to the answer for an id that does
 *         not exist (so nothing is confirmed), nothing changed;
 *     (c) every other route needs an organization: 403 `forbidden`, nothing changed; a GET may
 *         answer 200 only with exactly what a member of an organization gets (organization-free
 *         data such as the channel catalogue);
 * - A's credentials with B's id in any path parameter or body id field (one at a time, and all at
 *   once): 404 `not_found` — never 403 or 200 — with the same code and message as a non-existent
 *   id, nothing changed;
 * - every state-changing /api call with `Origin: https://evil.example` or `Sec-Fetch-Site:
 *   cross-site`: 403 `forbidden`, nothing changed.
 * "Nothing changed" = the fingerprint of every public table (minus login_failures, rate_limits,
 * used_signatures) and of the files under DATA_DIR is the same before and after. A path parameter
 * or id-like body field the test cannot map to a fixture fails loudly (extend openapi-walk.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerifiedUser } from './accounts-helper.ts';
import { createTestApp, sameOrigin } from './harness.ts';
import {
  BODY_ID_FIELDS,
  buildRequest,
  createFingerprinter,
  createTenant,
  describeExchange,
  envelopeProblem,
  fetchOpenApi,
  fixturePathValues,
  listOperations,
  paramKind,
  send,
  TENANT_KINDS,
  tenantFixtures,
  tokenFor,
  validBody,
  type Fingerprinter,
  type FixtureKind,
  type Fixtures,
  type Operation,
  type Reply,
  type SentRequest,
  type Tenant,
} from './openapi-walk.ts';

const t = await createTestApp({ workers: false, env: { AUTH_RATE_LIMIT: '100000', V1_RATE_LIMIT: '100000', TOKEN_RATE_LIMIT: '100000' } });
const ops = listOperations(await fetchOpenApi(t));
afterAll(async () => t.close());

/** Tags of the routes a person without an organization uses for themself (rule (a) above). */
const SELF_SERVICE_TAGS = new Set(['auth', 'user', 'terms', 'organization', 'upload']);
/**
 * The organization's own areas (members, invitations, security, audit log: §5.1) are tagged
 * `organization` but need one (rule (c)): a literal segment after /api/organization/.
 */
const ORGANIZATION_AREA = /^\/api\/organization\/[^{]/;
const EVIL = 'https://evil.example';

let A: Tenant;
let B: Tenant;
let fp: Fingerprinter;
/** Whether B's upload is organization media (an avatar is public by design: anyone may fetch it). */
let privateUploads: boolean;

beforeAll(async () => {
  A = await createTenant(t);
  B = await createTenant(t);
  fp = await createFingerprinter(t);
  const rows = (await t.ctx.database.executor.executeSql(`select visibility from uploads where name = $1`, [B.upload])).rows as { visibility: string }[];
  privateUploads = rows[0]?.visibility === 'organization';
}, 120_000);

/** Kinds of the path parameters of `op` (throws UnknownPathParameterError for an unknown name). */
const kindsOf = (op: Operation) => op.pathParams.map((p) => ({ name: p.name, kind: paramKind(op, p.name) }));

/** JSON body fields (top level) holding an id of a tenant resource. */
function bodyIdFields(op: Operation): { name: string; kind: FixtureKind }[] {
  if (op.body?.contentType !== 'application/json') return [];
  return Object.keys(op.body.schema.properties ?? {})
    .filter((name) => BODY_ID_FIELDS[name] && TENANT_KINDS.includes(BODY_ID_FIELDS[name]!))
    .map((name) => ({ name, kind: BODY_ID_FIELDS[name]! }));
}

/** A value of `kind` that names nothing. */
const missingId = (kind: FixtureKind) => (kind === 'upload' ? `${randomBytes(16).toString('hex')}.png` : randomUUID());

interface Expectation {
  statuses: number[];
  codes?: string[];
  /** Compare the database and DATA_DIR before and after (default true). */
  unchanged?: boolean;
}

/** Whether the last call succeeded in changing something, whose after-answer work may still land. */
let dirty = true;

/** Sends `req`; returns the problems with the answer (status, envelope, anything stored). */
async function check(req: SentRequest, want: Expectation): Promise<{ res: Reply; problems: string[] }> {
  const before = want.unchanged === false ? undefined : dirty ? await fp.settle() : await fp.take();
  const res = await send(t, req);
  dirty = res.statusCode < 300 && req.method !== 'GET';
  const problems: string[] = [];
  if (!want.statuses.includes(res.statusCode)) problems.push(`expected status ${want.statuses.join(' or ')}, got ${res.statusCode}`);
  if (res.statusCode >= 400) {
    const envelope = envelopeProblem(res);
    if (envelope) problems.push(`error envelope: ${envelope}`);
    else if (want.codes && !want.codes.includes(JSON.parse(res.body).error.code)) problems.push(`expected code ${want.codes.join(' or ')}, got ${JSON.parse(res.body).error.code}`);
  }
  if (before) {
    const changed = await fp.diff(before, await fp.take());
    if (changed.length) problems.push(`changed by a refused request: ${changed.join('; ')}`);
  }
  return { res, problems };
}

async function expectAnswer(req: SentRequest, want: Expectation): Promise<Reply> {
  const { res, problems } = await check(req, want);
  expect(problems, describeExchange(req, res)).toEqual([]);
  return res;
}

const errorOf = (res: Reply) => {
  const e = (JSON.parse(res.body) as { error?: { code?: string; message?: string } }).error;
  return { status: res.statusCode, code: e?.code, message: e?.message };
};

/** Credentials of `tenant` for `op`: the session cookie and same origin, or the route's bearer token. */
async function credentials(op: Operation, tenant: Tenant): Promise<Record<string, string>> {
  if (op.security === 'bearerAuth') return { authorization: `Bearer ${await tokenFor(t, op, tenant)}` };
  return { ...tenant.headers };
}

describe('tenant isolation over every documented operation', () => {
  it('documents operations of every kind, and maps every path parameter and id field to a fixture', () => {
    expect(ops.length).toBeGreaterThan(10);
    for (const security of ['none', 'sessionCookie', 'bearerAuth']) expect(ops.some((op) => op.security === security), security).toBe(true);
    const unknown: string[] = [];
    for (const op of ops) {
      try {
        fixturePathValues(op, tenantFixtures(A));
        validBody(op, tenantFixtures(A));
      } catch (err) {
        unknown.push((err as Error).message);
      }
    }
    expect(unknown).toEqual([]);
  });

  describe('anonymous callers get 401 and change nothing', () => {
    for (const op of ops.filter((o) => o.security !== 'none')) {
      it(op.name, async () => {
        const fixtures = tenantFixtures(A);
        const origin = op.path.startsWith('/api/') ? { ...sameOrigin } : {};
        const garbage = op.security === 'bearerAuth' ? { authorization: 'Bearer not.a.token' } : { cookie: 'pesan_session=forged.session-id' };
        for (const headers of [origin, { ...origin, ...garbage }]) {
          await expectAnswer(buildRequest(op, { fixtures, headers }), { statuses: [401], codes: ['unauthorized'] });
        }
      });
    }
    // A public route that names an organization's resource (e.g. organization media by file name)
    // shows it to nobody outside the organization: 404, like a name that does not exist.
    for (const op of ops.filter((o) => o.security === 'none')) {
      let kinds: { name: string; kind: FixtureKind }[];
      try {
        kinds = kindsOf(op).filter((k) => TENANT_KINDS.includes(k.kind));
      } catch {
        continue; // reported by the mapping test above
      }
      if (kinds.length === 0) continue;
      it(`${op.name} (public route naming an organization's resource)`, async () => {
        if (kinds.some((k) => k.kind === 'upload') && !privateUploads) return; // an avatar is public by design
        const origin = op.path.startsWith('/api/') ? { ...sameOrigin } : {};
        await expectAnswer(buildRequest(op, { fixtures: tenantFixtures(A), headers: origin }), { statuses: [404], codes: ['not_found'] });
      });
    }
  });

  describe('a signed-in user without an organization', () => {
    let person: Awaited<ReturnType<typeof signUpVerifiedUser>> | undefined;
    /** The no-organization user; a new one after a call that may have changed them (e.g. created their organization). */
    const noOrgUser = async () => {
      if (!person) {
        person = await signUpVerifiedUser(t);
        dirty = true;
      }
      return person;
    };

    for (const op of ops.filter((o) => o.security === 'sessionCookie')) {
      it(op.name, async () => {
        const kinds = kindsOf(op);
        const selfService = SELF_SERVICE_TAGS.has(op.tag ?? '') && !ORGANIZATION_AREA.test(op.path) && kinds.every((k) => k.kind === 'user');
        const foreign = kinds.filter((k) => k.kind !== 'user' && TENANT_KINDS.includes(k.kind));
        const n = await noOrgUser();
        const headers = { ...sameOrigin, cookie: n.cookie };
        const fixtures: Fixtures = { ...tenantFixtures(A), user: n.user.id };

        if (selfService) {
          // (a) Answers for oneself, and a 404 for somebody else's user id.
          const req = buildRequest(op, { fixtures, headers });
          const { res, problems } = await check(req, { statuses: [200, 201, 202, 204, 400, 404, 409, 422], unchanged: false });
          if (res.statusCode === 404 && kinds.length) problems.push('a route about oneself answered 404 for one’s own id');
          expect(problems, describeExchange(req, res)).toEqual([]);
          if (op.stateChanging && res.statusCode < 300) person = undefined;
          if (kinds.length) {
            const other = buildRequest(op, { fixtures: { ...fixtures, user: A.userId }, headers: { ...sameOrigin, cookie: (await noOrgUser()).cookie } });
            await expectAnswer(other, { statuses: [404], codes: ['not_found'] });
          }
          return;
        }

        if (foreign.length) {
          // (b) 403 or 404, the same as for an id that does not exist.
          const real = await expectAnswer(buildRequest(op, { fixtures, headers }), { statuses: [403, 404], codes: ['forbidden', 'not_found'] });
          const missing = Object.fromEntries(foreign.map((k) => [k.name, missingId(k.kind)]));
          const none = await expectAnswer(buildRequest(op, { fixtures, pathValues: missing, headers }), { statuses: [403, 404], codes: ['forbidden', 'not_found'] });
          expect(errorOf(real), 'an existing id of another organization must answer like an id that does not exist').toEqual(errorOf(none));
          return;
        }

        // (c) Needs an organization.
        const req = buildRequest(op, { fixtures, headers });
        const { res, problems } = await check(req, { statuses: op.stateChanging ? [403] : [403, 200], codes: ['forbidden'] });
        expect(problems, describeExchange(req, res)).toEqual([]);
        if (res.statusCode === 200) {
          const member = await send(t, buildRequest(op, { fixtures: tenantFixtures(A), headers: A.headers }));
          expect(res.body, `${op.name} answered 200 without an organization: only organization-free data (the same as a member gets) may be shown`).toBe(member.body);
        }
      });
    }
  });

  describe("another organization's ids answer 404 and change nothing", () => {
    for (const op of ops) {
      let kinds: { name: string; kind: FixtureKind }[];
      try {
        kinds = kindsOf(op).filter((k) => TENANT_KINDS.includes(k.kind));
      } catch {
        kinds = [];
        it(op.name, () => kindsOf(op)); // fails loudly with UnknownPathParameterError
        continue;
      }
      const fields = bodyIdFields(op);
      if (kinds.length === 0 && fields.length === 0) continue;
      it(op.name, async () => {
        const headers = await credentials(op, A);
        const own = tenantFixtures(A);
        const theirs = tenantFixtures(B);
        const bPath = fixturePathValues(op, theirs);
        /** One foreign id (or all foreign path ids at once), and the same places filled with ids that name nothing. */
        interface Variant {
          what: string;
          kinds: FixtureKind[];
          foreign: { pathValues?: Record<string, string>; body?: Record<string, unknown> };
          missing: { pathValues?: Record<string, string>; body?: Record<string, unknown> };
        }
        const variants: Variant[] = [];
        const pathVariant = (what: string, ks: typeof kinds): Variant => ({
          what,
          kinds: ks.map((k) => k.kind),
          foreign: { pathValues: Object.fromEntries(ks.map((k) => [k.name, bPath[k.name]!])) },
          missing: { pathValues: Object.fromEntries(ks.map((k) => [k.name, missingId(k.kind)])) },
        });
        for (const k of kinds) variants.push(pathVariant(`B's ${k.kind} in {${k.name}}`, [k]));
        if (kinds.length > 1) variants.push(pathVariant("B's ids in every path parameter", kinds));
        for (const f of fields) {
          const valid = validBody(op, own) as Record<string, unknown>;
          // A list of ids (`template_ids`) gets the foreign id as its one item.
          const list = op.body?.schema.properties?.[f.name]?.type === 'array';
          const value = (id: string | undefined) => (list ? [id] : id);
          variants.push({
            what: `B's ${f.kind} in body field ${f.name}`,
            kinds: [f.kind],
            foreign: { body: { ...valid, [f.name]: value(theirs[f.kind]) } },
            missing: { body: { ...valid, [f.name]: value(missingId(f.kind)) } },
          });
        }
        for (const v of variants) {
          if (v.kinds.includes('upload') && !privateUploads) continue; // an avatar is public by design
          const parts = (x: Variant['foreign']) => ({ fixtures: own, headers, ...(x.pathValues ? { pathValues: x.pathValues } : {}), ...(x.body ? { json: x.body } : {}) });
          const req = buildRequest(op, parts(v.foreign));
          const { res, problems } = await check(req, { statuses: [404], codes: ['not_found'] });
          expect(problems, `${v.what}\n${describeExchange(req, res)}`).toEqual([]);
          // The same answer as for an id that names nothing: B's resource is not even confirmed.
          const none = await send(t, buildRequest(op, parts(v.missing)));
          expect(errorOf(res), `${v.what}: must answer like an id that does not exist`).toEqual(errorOf(none));
        }
      });
    }
  });

  describe('cross-site state changes on /api answer 403 and change nothing', () => {
    for (const op of ops.filter((o) => o.stateChanging && o.path.startsWith('/api/'))) {
      it(op.name, async () => {
        const fixtures = tenantFixtures(A);
        const foreignHeaders: Record<string, string>[] = [{ origin: EVIL }, { 'sec-fetch-site': 'cross-site' }, { origin: EVIL, 'sec-fetch-site': 'cross-site' }];
        for (const foreign of foreignHeaders) {
          const req = buildRequest(op, { fixtures, headers: { cookie: A.cookie, ...foreign } });
          await expectAnswer(req, { statuses: [403], codes: ['forbidden'] });
        }
        // A's session survived (a cross-site logout did not end it).
        const session = await send(t, { method: 'GET', url: '/api/auth/session', headers: { cookie: A.cookie } });
        expect(session.statusCode).toBe(200);
        expect(JSON.parse(session.body).data).not.toBeNull();
      });
    }
  });
});
