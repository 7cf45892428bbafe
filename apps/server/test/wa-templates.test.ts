/**
 * WhatsApp templates, console and /v1 (issue 13; ARCHITECTURE.md §5, §6; templates-dashboard-reports.md
 * §2.2–§2.5, §3, §4, §5, §7.1, §8): create / update / draft / submit / duplicate / delete / bulk
 * delete with the database state, name availability, edit only when Draft or Rejected, the list
 * filters, /v1 template management in Meta's format (upper- and lower-case bodies), sends whose
 * parameters match or not (the exact 400s), and tenant isolation of every call. The review itself
 * (sandbox reviewer, Meta) is wa-templates-review.test.ts: here REVIEW_DELAY_MS is long, so a
 * submitted template stays In Review.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WA_TEMPLATE_API_MESSAGES as API } from '@pesan/contracts/wa-template-api';
import { consoleTemplatePayloadSchema, consoleToMeta } from '@pesan/contracts/wa-template-console';
import { META_TEMPLATE_FIXTURES } from '@pesan/contracts/wa-template-fixtures';
import { WA_TEMPLATE_MESSAGES as M } from '@pesan/contracts/wa-template-messages';
import { waTemplateSchema, type WaTemplate } from '@pesan/contracts/wa-template-model';
import { waTemplates } from '../src/db/schema/templates.ts';
import { createAccount, type Account } from './application-fixtures.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { issueToken, v1Post, type TokenPair } from './v1-helper.ts';

let t: TestApp;
let A: Account;
let B: Account;
/** A's two applications and B's one. */
let a1: string;
let a2: string;
let b1: string;
let tokenA1: TokenPair;
let tokenA2: TokenPair;
let smsA1: TokenPair;
let tokenB1: TokenPair;

const db = () => t.ctx.database.db;

async function api(account: Account, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: account.headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

async function createApplication(account: Account, name: string): Promise<string> {
  const res = await api(account, 'POST', '/api/application', { applicationName: name, channels: [{ channel: 'whatsapp' }, { channel: 'sms' }] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** A valid marketing payload (§3) of application `applicationId`. */
const payload = (applicationId: string, name: string, over: Record<string, unknown> = {}) => ({
  application_id: applicationId,
  template_name: name,
  template_category: 'MARKETING',
  language: 'en',
  header: { type: 'text', text: { body: 'Hello {{1}}' }, variable: [{ name: '1', value: 'Budi' }] },
  body: { text: 'Hi {{1}}, your order {{2}} ships today.', variable: [{ name: '1', value: 'Budi' }, { name: '2', value: 'A-17' }] },
  footer: { type: 'text', text: { body: 'Thanks for shopping' } },
  button: [
    { type: 'QUICK_REPLY', text: 'Thanks' },
    { type: 'URL', text: 'Track', button_info: { url: 'https://shop.example.com/t/{{1}}', sampleUrl: 'https://shop.example.com/t/A-17' } },
  ],
  ...over,
});

/** Rows of the templates table for application `applicationId` (deleted ones too). */
const rowsOf = (applicationId: string) => db().select().from(waTemplates).where(eq(waTemplates.applicationId, applicationId));
const names = (res: { json(): { data: { docs: { template_name: string }[] } } }) => res.json().data.docs.map((d) => d.template_name);
const countAll = async () => Number((await db().select({ n: count() }).from(waTemplates))[0]!.n);
const rowById = async (id: string) => (await db().select().from(waTemplates).where(eq(waTemplates.id, id)))[0]!;

async function create(account: Account, body: unknown, draft = true) {
  return api(account, 'POST', `/api/wa/template?draft=${draft}`, body);
}

async function createOk(account: Account, body: unknown, draft = true): Promise<Record<string, any>> {
  const res = await create(account, body, draft);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

beforeAll(async () => {
  // Long review delay: a submitted template stays In Review for this file.
  t = await createTestApp({ env: { REVIEW_DELAY_MS: '600000', V1_RATE_LIMIT: '100000' } });
  A = await createAccount(t);
  B = await createAccount(t);
  a1 = await createApplication(A, 'Shop A1');
  a2 = await createApplication(A, 'Shop A2');
  b1 = await createApplication(B, 'Shop B1');
  tokenA1 = await issueToken(t, { applicationId: a1, organizationId: A.organizationId }, 'whatsapp');
  tokenA2 = await issueToken(t, { applicationId: a2, organizationId: A.organizationId }, 'whatsapp');
  smsA1 = await issueToken(t, { applicationId: a1, organizationId: A.organizationId }, 'sms');
  tokenB1 = await issueToken(t, { applicationId: b1, organizationId: B.organizationId }, 'whatsapp');
});
afterAll(async () => t?.close());

describe('create and update (console)', () => {
  it('saves a Draft with the sanitised name, a template code and Meta-model content', async () => {
    const body = payload(a1, 'Order Update!');
    const row = await createOk(A, body);
    expect(row).toMatchObject({
      template_name: 'order_update',
      application_id: a1,
      application_name: 'Shop A1',
      language: 'en',
      template_category: 'MARKETING',
      status: 'DRAFT',
      status_label: 'Draft',
      notes: null,
      rejection_reason: null,
    });
    expect(row.template_code_id).toMatch(/^TPL-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(row.payload).toMatchObject({ template_name: 'order_update', application_id: a1, template_code_id: row.template_code_id, body: { text: 'Hi {{1}}, your order {{2}} ships today.' } });
    const stored = await rowById(row._id);
    const expected = consoleToMeta(consoleTemplatePayloadSchema.parse({ ...body, template_name: 'order_update' }));
    expect(stored).toMatchObject({ organizationId: A.organizationId, applicationId: a1, createdBy: A.userId, status: 'DRAFT', submittedAt: null, deletedAt: null, templateCode: row.template_code_id });
    expect(stored.components).toEqual(expected.components);
  });

  it('refuses a Draft the editor would not save (formBlockers) with 400 and stores nothing', async () => {
    const before = await countAll();
    const res = await create(A, payload(a1, 'no_body', { body: { text: '' }, button: [] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_request', message: M.bodyRequired, details: [{ message: M.bodyRequired }] });
    const noUrl = await create(A, payload(a1, 'no_url', { button: [{ type: 'URL', text: 'Go', button_info: {} }] }));
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().error.details).toEqual([{ path: 'components.3.buttons.0.url', message: M.urlRequired('Button 1 (Visit website)') }]);
    expect(await countAll()).toBe(before);
  });

  it('refuses a submission that breaks a rule with every issue as details, and stores nothing', async () => {
    const before = await countAll();
    const res = await create(A, payload(a1, 'bad_submit', { body: { text: 'Your order ships on {{1}}', variable: [{ name: '1', value: 'Monday' }] } }), false);
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.message).toBe(M.bodyEndsWithVariable);
    expect(error.details).toContainEqual({ path: 'components.1.text', message: M.bodyEndsWithVariable });
    // The same content is fine as a Draft (only formBlockers refuse drafts).
    expect((await create(A, payload(a1, 'bad_submit', { body: { text: 'Your order ships on {{1}}', variable: [{ name: '1', value: 'Monday' }] } }))).statusCode).toBe(201);
    expect(await countAll()).toBe(before + 1);
  });

  it('submits for review: In Review (PENDING), submitted_at set, a template-review job queued', async () => {
    const row = await createOk(A, payload(a1, 'submitted_one'), false);
    expect(row).toMatchObject({ status: 'PENDING', status_label: 'In Review' });
    const stored = await rowById(row._id);
    expect(stored.submittedAt).toBeInstanceOf(Date);
    const jobs = (await t.ctx.database.executor.executeSql(`select data, start_after from pgboss.job where name = 'template-review'`)).rows as { data: { templateId: string; submittedAt: string }; start_after: string }[];
    const job = jobs.find((j) => j.data.templateId === row._id);
    expect(job?.data.submittedAt).toBe(stored.submittedAt!.toISOString());
    // REVIEW_DELAY_MS later (10 minutes here).
    expect(new Date(job!.start_after).getTime()).toBeGreaterThan(Date.now() + 500_000);
  });

  it('refuses a name already used in the application (any language) with the §8 message; another application may use it', async () => {
    await createOk(A, payload(a1, 'taken_name'));
    const before = await countAll();
    const res = await create(A, payload(a1, 'Taken Name', { language: 'id' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message: API.nameTaken, details: [{ path: 'template_name', message: API.nameTaken }] });
    expect(await countAll()).toBe(before);
    expect((await create(A, payload(a2, 'taken_name'))).statusCode).toBe(201);
  });

  it('needs an application of the organization: 400 without one, 404 for another organization or an unknown id', async () => {
    const { application_id: _drop, ...noApp } = payload(a1, 'x_app');
    const missing = await create(A, noApp);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toEqual([{ path: 'application_id', message: 'Application is required' }]);
    const foreign = await create(A, payload(b1, 'x_app'));
    const unknown = await create(A, payload('00000000-0000-4000-8000-000000000000', 'x_app'));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toMatchObject({ code: 'not_found', message: 'Application not found' });
    expect(unknown.json().error.message).toBe(foreign.json().error.message);
  });

  it('updates a Draft (name, category and language stay), and submits it; a template In Review is 409', async () => {
    const row = await createOk(A, payload(a1, 'edit_me'));
    const edited = await api(A, 'PUT', `/api/wa/template/${row._id}?draft=true`, payload(a1, 'renamed', { template_category: 'UTILITY', language: 'id', footer: { type: 'text', text: { body: 'New footer' } } }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ _id: row._id, template_name: 'edit_me', template_category: 'MARKETING', language: 'en', status: 'DRAFT', template_code_id: row.template_code_id });
    expect((await rowById(row._id)).components).toContainEqual({ type: 'FOOTER', text: 'New footer' });

    const submitted = await api(A, 'PUT', `/api/wa/template/${row._id}?draft=false`, payload(a1, 'edit_me'));
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().data.status).toBe('PENDING');
    const again = await api(A, 'PUT', `/api/wa/template/${row._id}?draft=true`, payload(a1, 'edit_me'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'conflict', message: API.notEditable });
  });

  it('edits a Rejected template and submits it again, clearing the rejection', async () => {
    const row = await createOk(A, payload(a1, 'was_rejected'));
    await db().update(waTemplates).set({ status: 'REJECTED', rejectionReason: 'INVALID_FORMAT', recommendation: 'Fix it', notes: 'Rejected' }).where(eq(waTemplates.id, row._id));
    const approvedRow = await createOk(A, payload(a1, 'was_approved'));
    await db().update(waTemplates).set({ status: 'APPROVED' }).where(eq(waTemplates.id, approvedRow._id));
    expect((await api(A, 'PUT', `/api/wa/template/${approvedRow._id}?draft=true`, payload(a1, 'was_approved'))).statusCode).toBe(409);

    const res = await api(A, 'PUT', `/api/wa/template/${row._id}?draft=false`, payload(a1, 'was_rejected'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'PENDING', rejection_reason: null, recommendation: null, notes: null });
    expect(await rowById(row._id)).toMatchObject({ status: 'PENDING', rejectionReason: null, decidedAt: null });
  });

  it('stores an authentication template (§2.5) in Meta’s model, and keeps it so through an edit', async () => {
    const auth = {
      application_id: a1,
      template_name: 'login_code',
      template_category: 'AUTHENTICATION',
      language: 'id',
      message_security: true,
      footer: { type: 'text', text: { body: '' }, footer_info: { code_expired: 15 } },
      button: [{ type: 'OTP', text: 'Salin kode', button_info: { otp_type: 'COPY_CODE' } }],
    };
    const row = await createOk(A, auth);
    const expected = [
      { type: 'BODY', add_security_recommendation: true },
      { type: 'FOOTER', code_expiration_minutes: 15 },
      { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Salin kode' }] },
    ];
    expect((await rowById(row._id)).components).toEqual(expected);
    expect(row.payload).toMatchObject({ message_security: true, footer: { footer_info: { code_expired: 15 } } });
    const edited = await api(A, 'PUT', `/api/wa/template/${row._id}?draft=false`, row.payload);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.status).toBe('PENDING');
    expect((await rowById(row._id)).components).toEqual(expected);
  });

  it('refuses an update that breaks a rule and changes nothing', async () => {
    const row = await createOk(A, payload(a1, 'keep_me'));
    const before = await rowById(row._id);
    const res = await api(A, 'PUT', `/api/wa/template/${row._id}?draft=false`, payload(a1, 'keep_me', { footer: { type: 'text', text: { body: 'x'.repeat(61) } } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toContainEqual({ path: 'components.2.text', message: M.footerTooLong });
    expect(await rowById(row._id)).toEqual(before);
  });
});

describe('name check, detail, duplicate, delete (console)', () => {
  it('checks a name as typed (sanitised) in the application', async () => {
    const row = await createOk(A, payload(a1, 'check_me'));
    const check = (q: string) => api(A, 'GET', `/api/wa/template/check?${q}`);
    expect((await check(`name=Check%20Me&application_id=${a1}`)).json()).toEqual({ data: { available: false, name: 'check_me' } });
    expect((await check(`name=check_me&application_id=${a2}`)).json()).toEqual({ data: { available: true, name: 'check_me' } });
    expect((await check(`name=check_me&application_id=${a1}&exclude_id=${row._id}`)).json().data.available).toBe(true);
    expect((await check(`name=Brand%20New&application_id=${a1}`)).json()).toEqual({ data: { available: true, name: 'brand_new' } });
    const blank = await check(`name=!!!&application_id=${a1}`);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(M.nameRequired);
    expect((await check(`name=x&application_id=${b1}`)).statusCode).toBe(404);
  });

  it('reads one template with its console payload', async () => {
    const row = await createOk(A, payload(a1, 'read_me'));
    const res = await api(A, 'GET', `/api/wa/template/${row._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(row);
    expect(res.json().data.payload.body.variable).toEqual([{ name: '1', value: 'Budi' }, { name: '2', value: 'A-17' }]);
    expect(res.json().data.payload.button.map((b: { type: string }) => b.type)).toEqual(['QUICK_REPLY', 'URL']);
  });

  it('duplicates as a Draft named <name>_copy, then <name>_copy_2, with the same content', async () => {
    const row = await createOk(A, payload(a1, 'dup_me'), false);
    const first = await api(A, 'PUT', `/api/wa/template/duplicate/${row._id}`);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ template_name: 'dup_me_copy', status: 'DRAFT', application_id: a1, language: 'en', template_category: 'MARKETING' });
    expect(first.json().data.template_code_id).not.toBe(row.template_code_id);
    const second = await api(A, 'PUT', `/api/wa/template/duplicate/${row._id}`);
    expect(second.json().data.template_name).toBe('dup_me_copy_2');
    const [orig, copy] = [await rowById(row._id), await rowById(first.json().data._id)];
    expect(copy.components).toEqual(orig.components);
    expect(copy).toMatchObject({ createdBy: A.userId, submittedAt: null });
  });

  it('deletes softly: gone from reads, the name free again; a second delete is 404', async () => {
    const row = await createOk(A, payload(a1, 'delete_me'));
    const res = await api(A, 'DELETE', `/api/wa/template/${row._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: true } });
    expect((await rowById(row._id)).deletedAt).toBeInstanceOf(Date);
    const gone = await api(A, 'GET', `/api/wa/template/${row._id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(API.notFound);
    expect((await api(A, 'GET', `/api/wa/template/check?name=delete_me&application_id=${a1}`)).json().data.available).toBe(true);
    expect((await api(A, 'DELETE', `/api/wa/template/${row._id}`)).statusCode).toBe(404);
    expect((await create(A, payload(a1, 'delete_me'))).statusCode).toBe(201);
  });

  it('bulk-deletes only when every template is the organization’s; otherwise none is deleted', async () => {
    const x = await createOk(A, payload(a1, 'bulk_x'));
    const y = await createOk(A, payload(a2, 'bulk_y'));
    const theirs = await createOk(B, payload(b1, 'bulk_theirs'));
    const refused = await api(A, 'POST', '/api/wa/delete/template/bulk', { template_ids: [x._id, theirs._id] });
    expect(refused.statusCode).toBe(404);
    expect((await rowById(x._id)).deletedAt).toBeNull();
    expect((await rowById(theirs._id)).deletedAt).toBeNull();
    const empty = await api(A, 'POST', '/api/wa/delete/template/bulk', { template_ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Select at least one template');
    const ok = await api(A, 'POST', '/api/wa/delete/template/bulk', { template_ids: [x._id, y._id, x._id] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { status: true, deleted: 2 } });
    expect((await rowById(y._id)).deletedAt).toBeInstanceOf(Date);
  });
});

describe('list (console)', () => {
  let L: Account;
  let l1: string;
  let l2: string;
  const list = (body: unknown, account = L) => api(account, 'POST', '/api/wa/template/list', body);

  beforeAll(async () => {
    L = await createAccount(t);
    l1 = await createApplication(L, 'List One');
    l2 = await createApplication(L, 'List Two');
    // Created at known instants: 10 March 2024 23:59:59 and 11 March 00:00:00 in Jakarta (UTC+7), then later ones.
    const at = ['2024-03-10T16:59:59.000Z', '2024-03-10T17:00:00.000Z', '2024-03-12T03:00:00.000Z', '2024-03-13T03:00:00.000Z', '2024-03-14T03:00:00.000Z'];
    const specs: [string, string, string][] = [
      ['alpha_promo', l1, 'DRAFT'],
      ['beta_notice', l1, 'APPROVED'],
      ['promo_62811', l2, 'REJECTED'],
      ['gamma_promo', l2, 'PENDING'],
      ['deleted_promo', l1, 'DRAFT'],
    ];
    for (const [i, [name, app, status]] of specs.entries()) {
      const row = await createOk(L, payload(app, name));
      await db().update(waTemplates).set({ status, createdAt: new Date(at[i]!), ...(name === 'deleted_promo' ? { deletedAt: new Date() } : {}) }).where(eq(waTemplates.id, row._id));
    }
  });

  it('lists the organization’s live templates newest first, paged', async () => {
    const all = await list({});
    expect(all.statusCode, all.body).toBe(200);
    expect(names(all)).toEqual(['gamma_promo', 'promo_62811', 'beta_notice', 'alpha_promo']);
    expect(all.json().data).toMatchObject({ page: 1, limit: 10, pages: 1, total: 4 });
    const page2 = await list({ page: 2, limit: 3 });
    expect(names(page2)).toEqual(['alpha_promo']);
    expect(page2.json().data).toMatchObject({ page: 2, limit: 3, pages: 2, total: 4 });
  });

  it('filters by application, status (all = every status), name search and creation days in Jakarta', async () => {
    expect(names(await list({ application_id: [l2] }))).toEqual(['gamma_promo', 'promo_62811']);
    expect(names(await list({ application_id: l1 }))).toEqual(['beta_notice', 'alpha_promo']);
    expect(names(await list({ status: ['DRAFT', 'PENDING'] }))).toEqual(['gamma_promo', 'alpha_promo']);
    expect(names(await list({ status: ['all'] }))).toHaveLength(4);
    expect(names(await list({ search: 'PROMO' }))).toEqual(['gamma_promo', 'promo_62811', 'alpha_promo']);
    // A leading 0 is read as 62 (§2.2).
    expect(names(await list({ search: '0811' }))).toEqual(['promo_62811']);
    expect(names(await list({ start_date: '2024-03-10', end_date: '2024-03-10' }))).toEqual(['alpha_promo']);
    expect(names(await list({ start_date: '2024-03-11', end_date: '2024-03-12' }))).toEqual(['promo_62811', 'beta_notice']);
    const empty = await list({ search: 'nothing_like_this' });
    expect(empty.json().data).toMatchObject({ docs: [], total: 0, pages: 0 });
  });

  it('refuses another organization’s application (404) and a bad filter (400)', async () => {
    const foreign = await list({ application_id: [a1] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Application not found');
    expect((await list({ application_id: ['not-an-id'] })).statusCode).toBe(404);
    const half = await list({ start_date: '2024-03-10' });
    expect(half.statusCode).toBe(400);
    expect((await list({ status: ['NOPE'] })).statusCode).toBe(400);
  });
});

describe('tenant isolation (console)', () => {
  it('answers another organization’s template like a missing one and changes nothing', async () => {
    const row = await createOk(A, payload(a1, 'private_one'));
    const before = await rowById(row._id);
    const missing = '00000000-0000-4000-8000-000000000000';
    const calls: [('GET' | 'PUT' | 'DELETE'), string, unknown?][] = [
      ['GET', '/api/wa/template/{id}'],
      ['PUT', '/api/wa/template/{id}?draft=true', payload(a1, 'private_one')],
      ['PUT', '/api/wa/template/{id}?draft=false', payload(a1, 'private_one')],
      ['DELETE', '/api/wa/template/{id}'],
      ['PUT', '/api/wa/template/duplicate/{id}'],
    ];
    for (const [method, url, body] of calls) {
      const theirs = await api(B, method, url.replace('{id}', row._id), body);
      const none = await api(B, method, url.replace('{id}', missing), body);
      expect(theirs.statusCode, `${method} ${url}`).toBe(404);
      expect(theirs.json().error.message).toBe(none.json().error.message);
    }
    expect((await api(B, 'POST', '/api/wa/delete/template/bulk', { template_ids: [row._id] })).statusCode).toBe(404);
    expect((await api(B, 'GET', `/api/wa/template/check?name=x&application_id=${a1}`)).statusCode).toBe(404);
    expect((await create(B, payload(a1, 'intruder'))).statusCode).toBe(404);
    expect((await api(B, 'POST', '/api/wa/template/list', { application_id: [a1] })).statusCode).toBe(404);
    expect(names(await api(B, 'POST', '/api/wa/template/list', { search: 'private_one' }))).toEqual([]);
    expect(await rowById(row._id)).toEqual(before);
    expect((await rowsOf(a1)).some((r) => r.name === 'private_one_copy' || r.name === 'intruder')).toBe(false);
  });
});

describe('/v1 template management in Meta’s format', () => {
  const v1 = (method: 'GET' | 'DELETE', url: string, token: TokenPair) => t.app.inject({ method, url: `/v1${url}`, headers: { authorization: `Bearer ${token.accessToken}` } });
  const seasonal = META_TEMPLATE_FIXTURES.find((f) => f.body['name'] === 'seasonal_promotion')!.body;
  const lowerCase = META_TEMPLATE_FIXTURES.find((f) => f.body['category'] === 'utility' && f.body['parameter_format'] === 'named')!.body;

  it('creates from Meta’s create body: 201 {id, status, category}, stored in Meta’s model, In Review', async () => {
    const res = await v1Post(t, '/whatsapp/templates', tokenA1.accessToken, seasonal);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String), status: 'PENDING', category: 'MARKETING' });
    const stored = await rowById(res.json().id);
    expect(stored).toMatchObject({ applicationId: a1, organizationId: A.organizationId, name: 'seasonal_promotion', language: 'en_US', status: 'PENDING', createdBy: null });
    expect(stored.components).toEqual(waTemplateSchema.parse(seasonal).components);
    // The console sees it like any other.
    const row = (await api(A, 'GET', `/api/wa/template/${res.json().id}`)).json().data;
    expect(row).toMatchObject({ template_name: 'seasonal_promotion', status_label: 'In Review' });
  });

  it('takes lower-case type names, category and parameter_format, stored upper case', async () => {
    const res = await v1Post(t, '/whatsapp/templates', tokenA1.accessToken, lowerCase);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().category).toBe('UTILITY');
    const stored = await rowById(res.json().id);
    expect(stored).toMatchObject({ category: 'UTILITY', parameterFormat: 'NAMED' });
    expect((stored.components as { type: string }[]).map((c) => c.type)).toEqual(['BODY']);
  });

  it('refuses a name taken in that language, a broken rule and a bad body, storing nothing', async () => {
    const before = await countAll();
    const dup = await v1Post(t, '/whatsapp/templates', tokenA1.accessToken, seasonal);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error).toMatchObject({ code: 'invalid_request', details: [{ path: 'name', message: 'A template named seasonal_promotion already exists in language en_US' }] });
    const bad = await v1Post(t, '/whatsapp/templates', tokenA1.accessToken, { name: 'Bad Name', language: 'en', category: 'UTILITY', components: [{ type: 'BODY', text: 'Hello' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toContainEqual({ path: 'name', message: M.nameFormat });
    const shape = await v1Post(t, '/whatsapp/templates', tokenA1.accessToken, { name: 'x', language: 'en', category: 'NEWS', components: [] });
    expect(shape.statusCode).toBe(400);
    expect(await countAll()).toBe(before);
    // Another language of the same name is another template (Meta's rule).
    expect((await v1Post(t, '/whatsapp/templates', tokenA1.accessToken, { ...seasonal, language: 'id' })).statusCode).toBe(201);
  });

  it('lists the token’s application’s templates as Meta does, filtered and paged with cursors', async () => {
    await v1Post(t, '/whatsapp/templates', tokenA2.accessToken, { ...seasonal, name: 'only_in_a2' });
    const all = await v1('GET', '/whatsapp/templates', tokenA1);
    expect(all.statusCode, all.body).toBe(200);
    const data = all.json().data as { id: string; name: string; status: string; language: string; components: unknown[] }[];
    expect(data.some((d) => d.name === 'only_in_a2')).toBe(false);
    const seasonalRow = data.find((d) => d.name === 'seasonal_promotion' && d.language === 'en_US')!;
    expect(seasonalRow).toMatchObject({ status: 'PENDING', category: 'MARKETING', components: waTemplateSchema.parse(seasonal).components });
    const byName = await v1('GET', '/whatsapp/templates?name=seasonal_promotion', tokenA1);
    expect((byName.json().data as { language: string }[]).map((d) => d.language).sort()).toEqual(['en_US', 'id']);
    const drafts = await v1('GET', '/whatsapp/templates?status=DRAFT', tokenA1);
    expect((drafts.json().data as { status: string }[]).every((d) => d.status === 'DRAFT')).toBe(true);
    expect((await v1('GET', '/whatsapp/templates?status=NOPE', tokenA1)).statusCode).toBe(400);
    // Paging: one at a time, through every template.
    const seen: string[] = [];
    let after: string | undefined;
    for (let i = 0; i < 100; i++) {
      const page = await v1('GET', `/whatsapp/templates?limit=1${after ? `&after=${after}` : ''}`, tokenA1);
      const body = page.json() as { data: { id: string }[]; paging: { cursors: { after?: string }; next?: string } };
      seen.push(...body.data.map((d) => d.id));
      if (!body.paging.next) break;
      after = body.paging.cursors.after;
    }
    expect(seen).toEqual(data.map((d) => d.id));
    expect((await v1('GET', '/whatsapp/templates?after=bogus', tokenA1)).statusCode).toBe(400);
  });

  it('deletes by name (every language) with {success: true}; another application’s name is 404', async () => {
    expect((await v1('DELETE', '/whatsapp/templates?name=only_in_a2', tokenA1)).statusCode).toBe(404);
    const res = await v1('DELETE', '/whatsapp/templates?name=seasonal_promotion', tokenA1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await rowsOf(a1)).filter((r) => r.name === 'seasonal_promotion').every((r) => r.deletedAt !== null)).toBe(true);
    expect((await v1('DELETE', '/whatsapp/templates?name=seasonal_promotion', tokenA1)).statusCode).toBe(404);
    const [a2row] = await db().select().from(waTemplates).where(and(eq(waTemplates.applicationId, a2), eq(waTemplates.name, 'only_in_a2')));
    expect(a2row!.deletedAt).toBeNull();
    expect((await v1('DELETE', `/whatsapp/templates?name=only_in_a2&hsm_id=${a2row!.id}`, tokenA2)).json()).toEqual({ success: true });
  });

  it('needs the WhatsApp token of the application', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/whatsapp/templates' })).statusCode).toBe(401);
    const sms = await v1('GET', '/whatsapp/templates', smsA1);
    expect(sms.statusCode).toBe(403);
    expect(sms.json().error.code).toBe('channel_not_enabled');
    expect((await v1('GET', '/whatsapp/templates?name=order_update', tokenB1)).json().data).toEqual([]);
  });
});

describe('sends check parameters against the APPROVED template', () => {
  const ORDER: WaTemplate = {
    name: 'order_status',
    language: 'id',
    category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['A-17'] } },
      { type: 'BODY', text: 'Hi {{1}}, order {{2}} is on its way.', example: { body_text: [['Budi', 'A-17']] } },
      { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Thanks' }, { type: 'URL', text: 'Track', url: 'https://shop.example.com/t/{{1}}', example: ['https://shop.example.com/t/A-17'] }] },
    ],
  };
  const NAMED: WaTemplate = {
    name: 'named_promo',
    language: 'en',
    category: 'MARKETING',
    parameter_format: 'NAMED',
    components: [{ type: 'BODY', text: 'Hello {{first_name}}, use {{code}} today.', example: { body_text_named_params: [{ param_name: 'first_name', example: 'Sari' }, { param_name: 'code', example: 'X1' }] } }],
  };
  const MEDIA: WaTemplate = {
    name: 'media_promo',
    language: 'en',
    category: 'MARKETING',
    components: [{ type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://example.com/a.png'] } }, { type: 'BODY', text: 'Our new collection is here.' }],
  };
  const send = (template: object, token = tokenA1) => v1Post(t, '/whatsapp/messages', token.accessToken, { to: '081234567890', template });
  const expect400 = async (res: Awaited<ReturnType<typeof send>>, path: string, message: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_request', message, details: [{ path, message }] });
  };

  beforeAll(async () => {
    for (const template of [ORDER, NAMED, MEDIA]) {
      await t.ctx.services.waTemplates.storeReviewedTemplate({ organizationId: A.organizationId, applicationId: a1, createdBy: null, template, status: 'APPROVED', createdAt: new Date() });
    }
    await t.ctx.services.waTemplates.storeReviewedTemplate({ organizationId: A.organizationId, applicationId: a1, createdBy: null, template: { ...ORDER, name: 'order_pending' }, status: 'PENDING', createdAt: new Date() });
    await t.ctx.services.waTemplates.storeReviewedTemplate({ organizationId: A.organizationId, applicationId: a2, createdBy: null, template: { ...ORDER, name: 'order_in_a2' }, status: 'APPROVED', createdAt: new Date() });
  });

  it('accepts the right Pesan parameters and Meta’s own components', async () => {
    expect((await send({ name: 'order_status', language: 'id', header_parameters: ['A-17'], parameters: ['Budi', 'A-17'], button_parameters: ['A-17'] })).statusCode).toBe(202);
    expect((await send({ name: 'named_promo', language: 'en', parameters: { first_name: 'Sari', code: 'X1' } })).statusCode).toBe(202);
    expect((await send({ name: 'media_promo', language: 'en', header_media: { link: 'https://example.com/p.png' } })).statusCode).toBe(202);
    const meta = await send({
      name: 'order_status',
      language: 'id',
      components: [
        { type: 'header', parameters: [{ type: 'text', text: 'A-17' }] },
        { type: 'body', parameters: [{ type: 'text', text: 'Budi' }, { type: 'text', text: 'A-17' }] },
        { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'A-17' }] },
      ],
    });
    expect(meta.statusCode, meta.body).toBe(202);
  });

  it('refuses missing and extra parameters with a 400 naming them', async () => {
    await expect400(await send({ name: 'order_status', language: 'id', header_parameters: ['A-17'], parameters: ['Budi'], button_parameters: ['A-17'] }), 'template.parameters', 'Missing body parameter {{2}}');
    await expect400(
      await send({ name: 'order_status', language: 'id', header_parameters: ['A-17'], parameters: ['Budi', 'A-17', 'extra'], button_parameters: ['A-17'] }),
      'template.parameters.2',
      'Unexpected body parameter {{3}}: the template body has 2 parameters',
    );
    await expect400(await send({ name: 'order_status', language: 'id', parameters: ['Budi', 'A-17'], button_parameters: ['A-17'] }), 'template.header_parameters', 'Missing header parameter {{1}}');
    await expect400(await send({ name: 'order_status', language: 'id', header_parameters: ['A-17'], parameters: ['Budi', 'A-17'] }), 'template.button_parameters', 'Missing button parameter for button 2 (URL)');
    await expect400(await send({ name: 'named_promo', language: 'en', parameters: { first_name: 'Sari' } }), 'template.parameters.code', 'Missing body parameter {{code}}');
    await expect400(
      await send({ name: 'named_promo', language: 'en', parameters: { first_name: 'Sari', code: 'X', coupon: 'Y' } }),
      'template.parameters.coupon',
      'Unexpected parameter `coupon`: the template body has {{first_name}}, {{code}}',
    );
    await expect400(await send({ name: 'media_promo', language: 'en' }), 'template.header_media', 'Missing `header_media`: the template has an image header; send {"link": "https://…"}');
  });

  it('checks Meta’s own components the same way', async () => {
    await expect400(
      await send({ name: 'order_status', language: 'id', components: [{ type: 'header', parameters: [{ type: 'text', text: 'A-17' }] }, { type: 'body', parameters: [{ type: 'text', text: 'Budi' }] }, { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'A' }] }] }),
      'template.components',
      'Missing body parameter {{2}}',
    );
    await expect400(
      await send({ name: 'order_status', language: 'id', components: [{ type: 'header', parameters: [{ type: 'text', text: 'A-17' }] }, { type: 'body', parameters: [{ type: 'text', text: 'Budi' }, { type: 'text', text: 'A' }] }, { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'A' }] }] }),
      'template.components.2',
      'Unexpected button parameter: button 1 of the template takes no parameter',
    );
    await expect400(
      await send({ name: 'named_promo', language: 'en', components: [{ type: 'body', parameters: [{ type: 'text', parameter_name: 'first_name', text: 'Sari' }, { type: 'text', parameter_name: 'promo', text: 'X' }] }] }),
      'template.components',
      'Missing body parameter {{code}}',
    );
  });

  it('needs a header parameter of the media header’s type (link or id): a wrong or missing one is a 400 naming the HEADER', async () => {
    const image = (type: string, value: object) => ({ type: 'header', parameters: [{ type, [type]: value }] });
    for (const value of [{ link: 'https://example.com/p.png' }, { id: '1234567890' }]) {
      const res = await send({ name: 'media_promo', language: 'en', components: [image('image', value)] });
      expect(res.statusCode, res.body).toBe(202);
    }
    const wrong = await send({ name: 'media_promo', language: 'en', components: [image('video', { link: 'https://example.com/p.mp4' })] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'invalid_request', details: [{ path: 'template.components.0.parameters.0.type' }] });
    expect(wrong.json().error.message).toMatch(/^Wrong HEADER parameter: the template's header is an IMAGE, so its parameter is of type "image", not "video"/);
    const missing = await send({ name: 'media_promo', language: 'en', components: [{ type: 'body', parameters: [] }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/^Missing the HEADER component: the template's header is an IMAGE/);
    const noLink = await send({ name: 'media_promo', language: 'en', components: [image('image', { caption: 'x' })] });
    expect(noLink.statusCode).toBe(400);
    expect(noLink.json().error.message).toMatch(/^The HEADER image needs a `link` \(https:\/\/…\) or a media `id`/);
    // A media parameter for a template with a text header.
    const extra = await send({ name: 'order_status', language: 'id', components: [image('image', { id: '1' }), { type: 'body', parameters: [{ type: 'text', text: 'Budi' }, { type: 'text', text: 'A-17' }] }] });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.message).toBe('Unexpected image HEADER parameter: the template has a TEXT header');
  });

  it('sends only an APPROVED template of the sending application', async () => {
    const params = { header_parameters: ['A'], parameters: ['B', 'C'], button_parameters: ['D'] };
    for (const name of ['order_pending', 'order_in_a2', 'no_such_template']) {
      const res = await send({ name, language: 'id', ...params });
      expect(res.statusCode, name).toBe(422);
      expect(res.json().error.code).toBe('template_not_approved');
    }
    expect((await send({ name: 'order_in_a2', language: 'id', ...params }, tokenA2)).statusCode).toBe(202);
    // Another organization's application does not see A's templates.
    expect((await send({ name: 'order_status', language: 'id', ...params }, tokenB1)).statusCode).toBe(422);
    // A deleted template cannot be sent.
    await db().update(waTemplates).set({ deletedAt: new Date() }).where(and(eq(waTemplates.applicationId, a2), eq(waTemplates.name, 'order_in_a2'), isNull(waTemplates.deletedAt)));
    expect((await send({ name: 'order_in_a2', language: 'id', ...params }, tokenA2)).statusCode).toBe(422);
  });
});
