/**
 * Review of submitted WhatsApp templates (issue 13 "Review and status"; ARCHITECTURE.md §4
 * REVIEW_DELAY_MS, §6.1, §6.2): the sandbox reviewer's every decision (format rules, URL
 * shorteners, duplicate content, test names, approval), stale jobs, a rejected template edited and
 * approved; each decision stamped and raised as the `template.status` webhook event. And with
 * WHATSAPP_DRIVER=cloud, against the fake Graph API: the submission (`POST
 * /{waba_id}/message_templates` with Meta's create body), Meta's published
 * `message_template_status_update` and `message_template_quality_update` webhooks (signed),
 * the edit of a rejected template, Meta's refusal, an immediate decision, and the delete.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WA_TEMPLATE_MESSAGES as M } from '@pesan/contracts/wa-template-messages';
import { toMetaCreateBody, type WaTemplate } from '@pesan/contracts/wa-template-model';
import { waTemplates } from '../src/db/schema/templates.ts';
import { uploads } from '../src/db/schema/uploads.ts';
import { templateMediaName } from '@pesan/contracts/upload';
import { upsertSender } from '../src/messaging/whatsapp/senders.repo.ts';
import { JOBS, QUEUES } from '../src/jobs/registry.ts';
import { REVIEW_SWEEP_GRACE_MS } from '../src/modules/wa-templates/template-review.service.ts';
import { storedTemplate } from '../src/modules/wa-templates/template-rows.ts';
import { createAccount, type Account } from './application-fixtures.ts';
import { startFakeGraph, type FakeGraph } from './fake-graph.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { issueToken, v1Post, type TokenPair } from './v1-helper.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

const fixture = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/whatsapp', `${name}.json`), 'utf8')) as Record<string, any>;

/** A valid marketing payload (§3) of application `applicationId` with body `body`. */
const payload = (applicationId: string, name: string, body = 'Hi {{1}}, your order {{2}} ships today.', over: Record<string, unknown> = {}) => ({
  application_id: applicationId,
  template_name: name,
  template_category: 'MARKETING',
  language: 'en',
  body: { text: body, variable: [{ name: '1', value: 'Budi' }, { name: '2', value: 'A-17' }].slice(0, (body.match(/\{\{/g) ?? []).length) },
  footer: { type: 'text', text: { body: 'Thanks for shopping' } },
  ...over,
});

async function createApplication(t: TestApp, account: Account, name: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/application', headers: account.headers, payload: { applicationName: name, channels: [{ channel: 'whatsapp' }] } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function submit(t: TestApp, account: Account, body: unknown): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/wa/template?draft=false', headers: account.headers, payload: body as object });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

const rowOf = async (t: TestApp, id: string) => (await t.ctx.database.db.select().from(waTemplates).where(eq(waTemplates.id, id)))[0]!;

/** The `template-review` jobs of template `id` not yet finished (queued, waiting for a retry, running). */
async function reviewJobsOf(t: TestApp, id: string): Promise<{ state: string; data: { templateId: string; submittedAt: string } }[]> {
  const res = await t.ctx.database.executor.executeSql(`select state::text as state, data from pgboss.job where name = $1 and data->>'templateId' = $2 and state < 'completed'`, [QUEUES.templateReview, id]);
  return res.rows as { state: string; data: { templateId: string; submittedAt: string } }[];
}

/** Drops the queued review jobs of template `id`, as a restart that lost them would. */
async function loseReviewJobs(t: TestApp, id: string): Promise<void> {
  await t.ctx.database.executor.executeSql(`delete from pgboss.job where name = $1 and data->>'templateId' = $2`, [QUEUES.templateReview, id]);
}

/** Runs `fn` with ctx.now() fixed at `when`, then restores the clock. */
async function at<T>(t: TestApp, when: number, fn: () => Promise<T>): Promise<T> {
  const real = t.ctx.now;
  t.ctx.now = () => new Date(when);
  try {
    return await fn();
  } finally {
    t.ctx.now = real;
  }
}

/**
 * Marks template `id` (stored In Review by storeReviewedTemplate, which records no submission) as
 * submitted here now, as the console does, without queuing its job; returns the submission time.
 */
async function submitStored(t: TestApp, id: string): Promise<Date> {
  const submittedAt = new Date();
  await t.ctx.database.db.update(waTemplates).set({ submittedAt, updatedAt: submittedAt }).where(eq(waTemplates.id, id));
  return submittedAt;
}

/** Waits until template `id` leaves `from` (bounded). */
async function waitForStatus(t: TestApp, id: string, from = 'PENDING', timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await rowOf(t, id);
    if (row.status !== from) return row;
    if (Date.now() > until) throw new Error(`template ${id} stayed ${from}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The `template.status` events the receiver got, by template id. */
async function eventFor(receiver: WebhookReceiver, templateId: string, status: string, timeoutMs = 10_000): Promise<{ type: string; data: Record<string, unknown> }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> }).find((e) => e.type === 'template.status' && e.data['template_id'] === templateId && e.data['status'] === status);
    if (found) return found;
    if (Date.now() > until) throw new Error(`no template.status ${status} event for ${templateId}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('sandbox reviewer', () => {
  let t: TestApp;
  let A: Account;
  let app: string;
  let token: TokenPair;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp();
    A = await createAccount(t);
    app = await createApplication(t, A, 'Review App');
    token = await issueToken(t, { applicationId: app, organizationId: A.organizationId }, 'whatsapp');
    receiver = await startWebhookReceiver();
    await t.ctx.services.webhooks.putWebhook(A.organizationId, app, { url: receiver.url, enabled: true });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('approves a template that follows the rules, stamps decided_at and raises template.status', async () => {
    const id = await submit(t, A, payload(app, 'order_ready'));
    const row = await waitForStatus(t, id);
    expect(row).toMatchObject({ status: 'APPROVED', rejectionReason: null, recommendation: null, notes: null });
    expect(row.decidedAt!.getTime()).toBeGreaterThanOrEqual(row.submittedAt!.getTime());
    const event = await eventFor(receiver, id, 'APPROVED');
    expect(event.data).toMatchObject({ template_id: id, name: 'order_ready', language: 'en', category: 'MARKETING', status: 'APPROVED', reason: null, recommendation: null });
  });

  it('rejects a link shortener in the body or a URL button (INVALID_FORMAT, use the full domain)', async () => {
    const body = await submit(t, A, payload(app, 'short_link', 'Grab the deal at https://bit.ly/abc today, dear customer.'));
    const row = await waitForStatus(t, body);
    expect(row).toMatchObject({ status: 'REJECTED', rejectionReason: 'INVALID_FORMAT', recommendation: 'Use the full domain of your website instead of the link shortener bit.ly' });
    expect(row.notes).toBe('The template does not follow the format rules. Use the full domain of your website instead of the link shortener bit.ly');
    const event = await eventFor(receiver, body, 'REJECTED');
    expect(event.data).toMatchObject({ reason: 'INVALID_FORMAT', recommendation: 'Use the full domain of your website instead of the link shortener bit.ly' });

    const button = await submit(t, A, payload(app, 'short_button', 'Your parcel is on its way to you now.', { button: [{ type: 'URL', text: 'Track', button_info: { url: 'https://tinyurl.com/track' } }] }));
    expect(await waitForStatus(t, button)).toMatchObject({ status: 'REJECTED', rejectionReason: 'INVALID_FORMAT', recommendation: expect.stringContaining('tinyurl.com') });
  });

  it('rejects the same body and footer as another template of the application (DUPLICATE_CONTENT)', async () => {
    const first = await submit(t, A, payload(app, 'original_text', 'Thank you for your purchase, see you again soon.'));
    expect((await waitForStatus(t, first)).status).toBe('APPROVED');
    const copy = await submit(t, A, payload(app, 'copied_text', 'Thank you for your purchase,  see you again SOON.'));
    const row = await waitForStatus(t, copy);
    expect(row).toMatchObject({ status: 'REJECTED', rejectionReason: 'DUPLICATE_CONTENT', recommendation: 'Change the body or footer: template original_text (en) already has the same content' });
    expect((await eventFor(receiver, copy, 'REJECTED')).data['reason']).toBe('DUPLICATE_CONTENT');
  });

  it('rejects a test template (TAG_CONTENT_MISMATCH) with a recommendation', async () => {
    for (const name of ['test', 'test_1', 'testing']) {
      const id = await submit(t, A, payload(app, name, `This is a ${name.length} letter message for everyone here.`));
      const row = await waitForStatus(t, id);
      expect(row, name).toMatchObject({ status: 'REJECTED', rejectionReason: 'TAG_CONTENT_MISMATCH', recommendation: expect.stringContaining('not a test') });
    }
  });

  it('rejects a template that breaks a format rule (INVALID_FORMAT, the first issue as recommendation)', async () => {
    // A template stored without the console's checks (an import), then reviewed.
    const stored = await t.ctx.services.waTemplates.storeReviewedTemplate({
      organizationId: A.organizationId,
      applicationId: app,
      createdBy: null,
      template: { name: 'ends_with_var', language: 'en', category: 'UTILITY', components: [{ type: 'BODY', text: 'Your code is ready for {{1}}', example: { body_text: [['you']] } }] },
      status: 'PENDING',
      createdAt: new Date(),
    });
    const submittedAt = await submitStored(t, stored.id);
    await t.ctx.services.waTemplates.reviewTemplate({ templateId: stored.id, submittedAt: submittedAt.toISOString() });
    expect(await rowOf(t, stored.id)).toMatchObject({ status: 'REJECTED', rejectionReason: 'INVALID_FORMAT', recommendation: M.bodyEndsWithVariable });
    expect((await eventFor(receiver, stored.id, 'REJECTED')).data['recommendation']).toBe(M.bodyEndsWithVariable);
  });

  it('ignores a review job of an older submission', async () => {
    const stored = await t.ctx.services.waTemplates.storeReviewedTemplate({
      organizationId: A.organizationId,
      applicationId: app,
      createdBy: null,
      template: { name: 'stale_job', language: 'en', category: 'UTILITY', components: [{ type: 'BODY', text: 'Your parcel arrives tomorrow morning.' }] },
      status: 'PENDING',
      createdAt: new Date(),
    });
    const submittedAt = await submitStored(t, stored.id);
    await t.ctx.services.waTemplates.reviewTemplate({ templateId: stored.id, submittedAt: new Date(submittedAt.getTime() - 1000).toISOString() });
    expect(await rowOf(t, stored.id)).toMatchObject({ status: 'PENDING', decidedAt: null });
  });

  it('takes a rejected template edited and submitted again to approval', async () => {
    const id = await submit(t, A, payload(app, 'fix_me', 'Visit https://bit.ly/xyz to see your new offers today.'));
    expect((await waitForStatus(t, id)).status).toBe('REJECTED');
    const res = await t.app.inject({ method: 'PUT', url: `/api/wa/template/${id}?draft=false`, headers: A.headers, payload: payload(app, 'fix_me', 'Visit https://shop.example.com/offers to see your new offers today.') });
    expect(res.statusCode, res.body).toBe(200);
    const row = await waitForStatus(t, id);
    expect(row).toMatchObject({ status: 'APPROVED', rejectionReason: null, recommendation: null, notes: null });
    await eventFor(receiver, id, 'APPROVED');
  });

  it('reviews a template created through /v1, which can then be sent', async () => {
    const created = await v1Post(t, '/whatsapp/templates', token.accessToken, {
      name: 'v1_welcome',
      language: 'en',
      category: 'utility',
      components: [{ type: 'body', text: 'Welcome {{1}}, your account is ready to use.', example: { body_text: [['Budi']] } }],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await waitForStatus(t, created.json().id)).status).toBe('APPROVED');
    const sent = await v1Post(t, '/whatsapp/messages', token.accessToken, { to: '081234567890', template: { name: 'v1_welcome', language: 'en', parameters: ['Budi'] } });
    expect(sent.statusCode, sent.body).toBe(202);
  });
});

describe('review sweep: a review job lost on the way is queued again', () => {
  let t: TestApp;
  let A: Account;
  let app: string;
  const DELAY = 5000;

  beforeAll(async () => {
    // No workers: queued jobs stay queued, so the test decides when a job runs or is lost.
    t = await createTestApp({ workers: false, env: { REVIEW_DELAY_MS: String(DELAY) } });
    A = await createAccount(t);
    app = await createApplication(t, A, 'Sweep App');
  });
  afterAll(async () => t?.close());

  const sweep = (when: number) => at(t, when, () => t.ctx.services.waTemplates.sweepReviews());

  it('leaves a pending job alone, queues the review again once its job is lost and the review overdue, and the review then decides', async () => {
    const id = await submit(t, A, payload(app, 'lost_review'));
    const submittedAt = (await rowOf(t, id)).submittedAt!.getTime();
    expect(await reviewJobsOf(t, id)).toEqual([{ state: 'created', data: { templateId: id, submittedAt: new Date(submittedAt).toISOString() } }]);
    // Its job is still queued: nothing to do, however late.
    expect(await sweep(submittedAt + 3_600_000)).toEqual({ requeued: 0 });

    // The server restarts and the job is gone: the template would stay In Review forever.
    await loseReviewJobs(t, id);
    expect(await sweep(submittedAt + DELAY + REVIEW_SWEEP_GRACE_MS - 1000)).toEqual({ requeued: 0 });
    expect(await reviewJobsOf(t, id)).toEqual([]);
    expect(await sweep(submittedAt + DELAY + REVIEW_SWEEP_GRACE_MS + 1000)).toEqual({ requeued: 1 });
    const [job] = await reviewJobsOf(t, id);
    expect(job).toEqual({ state: 'created', data: { templateId: id, submittedAt: new Date(submittedAt).toISOString() } });
    // Queued once: the next sweep finds its job pending.
    expect(await sweep(submittedAt + DELAY + REVIEW_SWEEP_GRACE_MS + 61_000)).toEqual({ requeued: 0 });
    expect(await reviewJobsOf(t, id)).toHaveLength(1);

    // The worker runs it: the sandbox reviewer decides, and the sweep has nothing left.
    await t.ctx.services.waTemplates.reviewTemplate(job!.data);
    expect(await rowOf(t, id)).toMatchObject({ status: 'APPROVED', decidedAt: expect.any(Date) });
    await loseReviewJobs(t, id);
    expect(await sweep(submittedAt + 3_600_000)).toEqual({ requeued: 0 });
  });

  it('queues the review of a resubmitted template for its new submission', async () => {
    const id = await submit(t, A, payload(app, 'resubmitted_review', 'Visit https://bit.ly/xyz to see your new offers today.'));
    const first = (await reviewJobsOf(t, id))[0]!.data;
    await t.ctx.services.waTemplates.reviewTemplate(first);
    expect((await rowOf(t, id)).status).toBe('REJECTED');
    const res = await t.app.inject({ method: 'PUT', url: `/api/wa/template/${id}?draft=false`, headers: A.headers, payload: payload(app, 'resubmitted_review', 'Visit https://shop.example.com/offers to see your new offers today.') });
    expect(res.statusCode, res.body).toBe(200);
    const submittedAt = (await rowOf(t, id)).submittedAt!;
    await loseReviewJobs(t, id);
    expect(await sweep(submittedAt.getTime() + DELAY + REVIEW_SWEEP_GRACE_MS + 1000)).toEqual({ requeued: 1 });
    const [job] = await reviewJobsOf(t, id);
    expect(job!.data).toEqual({ templateId: id, submittedAt: submittedAt.toISOString() });
    await t.ctx.services.waTemplates.reviewTemplate(job!.data);
    expect((await rowOf(t, id)).status).toBe('APPROVED');
  });

  it('leaves alone templates in review elsewhere (demo data, imports), drafts, decided and deleted templates', async () => {
    const long = Date.now() - 3_600_000;
    const imported = await t.ctx.services.waTemplates.storeReviewedTemplate({
      organizationId: A.organizationId,
      applicationId: app,
      createdBy: null,
      template: { name: 'imported_pending', language: 'en', category: 'UTILITY', components: [{ type: 'BODY', text: 'Your parcel arrives tomorrow morning.' }] },
      status: 'PENDING',
      createdAt: new Date(long),
    });
    expect(imported.submittedAt).toBeNull();
    const draft = await t.app.inject({ method: 'POST', url: '/api/wa/template?draft=true', headers: A.headers, payload: payload(app, 'draft_only') });
    expect(draft.statusCode).toBe(201);
    const deleted = await submit(t, A, payload(app, 'deleted_in_review', 'Your order has left our warehouse this morning.'));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/wa/template/${deleted}`, headers: A.headers })).statusCode).toBe(200);
    for (const id of [imported.id, draft.json().data._id as string, deleted]) await loseReviewJobs(t, id);
    expect(await sweep(Date.now() + 3_600_000)).toEqual({ requeued: 0 });
    for (const id of [imported.id, draft.json().data._id as string, deleted]) expect(await reviewJobsOf(t, id)).toEqual([]);
    expect((await rowOf(t, imported.id)).status).toBe('PENDING');
  });

  it('runs every minute from the job registry (template-review-sweep)', async () => {
    const def = JOBS.find((j) => j.name === QUEUES.templateReviewSweep);
    expect(def).toMatchObject({ schedule: '* * * * *', queue: { retryLimit: 0 } });
    const id = await submit(t, A, payload(app, 'registry_sweep', 'Your invoice for this month is ready to view.'));
    const submittedAt = (await rowOf(t, id)).submittedAt!.getTime();
    await loseReviewJobs(t, id);
    await at(t, submittedAt + DELAY + REVIEW_SWEEP_GRACE_MS + 1000, () => def!.handler(t.ctx, {}));
    expect(await reviewJobsOf(t, id)).toHaveLength(1);
  });
});

describe('Cloud API review (fake Graph API, Meta’s webhooks)', () => {
  const SECRET = 'test-app-secret-0123456789';
  const TOKEN = 'EAAG-test-system-user-token';
  const WABA_ID = '102290129340398';
  let graph: FakeGraph;
  let t: TestApp;
  let A: Account;
  let app: string;
  let receiver: WebhookReceiver;

  const sign = (raw: string) => `sha256=${createHmac('sha256', SECRET).update(raw).digest('hex')}`;
  const postHook = (body: unknown) => {
    const raw = JSON.stringify(body, null, 2);
    return t.app.inject({ method: 'POST', url: '/hooks/whatsapp', headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(raw) }, payload: raw });
  };
  /** Meta's status update fixture `name` about our template. */
  const statusHook = (name: string, tpl: { metaId: string; name: string; language: string }, event?: string) => {
    const body = fixture(name);
    const v = body.entry[0].changes[0].value;
    v.message_template_id = Number(tpl.metaId);
    v.message_template_name = tpl.name;
    v.message_template_language = tpl.language;
    if (event) v.event = event;
    return body;
  };
  async function waitForGraph(n: number, timeoutMs = 10_000) {
    const until = Date.now() + timeoutMs;
    while (graph.templateRequests.length < n) {
      if (Date.now() > until) throw new Error(`the Graph API got ${graph.templateRequests.length} template requests, expected ${n}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return graph.templateRequests[n - 1]!;
  }

  beforeAll(async () => {
    graph = await startFakeGraph();
    t = await createTestApp({ env: { WHATSAPP_DRIVER: 'cloud', WHATSAPP_GRAPH_URL: graph.url, WHATSAPP_TOKEN: TOKEN, WHATSAPP_APP_ID: '1234567890', WHATSAPP_APP_SECRET: SECRET, WHATSAPP_VERIFY_TOKEN: 'verify-me' } });
    A = await createAccount(t);
    app = await createApplication(t, A, 'Cloud App');
    await upsertSender(t.ctx.database.db, { applicationId: app, organizationId: A.organizationId, wabaId: WABA_ID, phoneNumberId: '106540352242922', displayName: 'Toko', messagesPerSecond: null }, new Date());
    receiver = await startWebhookReceiver();
    await t.ctx.services.webhooks.putWebhook(A.organizationId, app, { url: receiver.url, enabled: true });
  });
  afterAll(async () => {
    await t?.close();
    await graph?.close();
    await receiver?.close();
  });

  it('submits to the WABA with Meta’s create body, then takes Meta’s rejection and approval from the webhook', async () => {
    const optOut = { type: 'MARKETING_OPT_OUT', text: 'Stop promotions', button_info: { term_condition: true } };
    const id = await submit(t, A, payload(app, 'order_confirmation', undefined, { button: [{ type: 'QUICK_REPLY', text: 'Thanks' }, optOut] }));
    const request = await waitForGraph(1);
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/v23.0/${WABA_ID}/message_templates`);
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    let row = await rowOf(t, id);
    const sent = toMetaCreateBody(storedTemplate(row));
    expect(request.body).toEqual(JSON.parse(JSON.stringify(sent)));
    expect(request.body).toMatchObject({ name: 'order_confirmation', language: 'en', category: 'MARKETING', parameter_format: 'POSITIONAL' });
    expect(JSON.stringify(request.body)).not.toContain('marketing_opt_out');
    // Meta's answer {id, status: PENDING, category}: the id is kept, the template stays In Review.
    const until = Date.now() + 5000;
    while (!(row = await rowOf(t, id)).metaTemplateId && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(row).toMatchObject({ status: 'PENDING', metaTemplateId: graph.templateIds[0] });
    const tpl = { metaId: row.metaTemplateId!, name: 'order_confirmation', language: 'en' };

    // Meta's published rejection (with rejection_info), signed.
    expect((await postHook(statusHook('template-status-rejected', tpl))).statusCode).toBe(200);
    row = await rowOf(t, id);
    expect(row).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'INVALID_FORMAT',
      recommendation: 'You need to change the content of your template.',
      notes: 'The content is the same as the content in another rejected template.',
    });
    expect(row.decidedAt).toBeInstanceOf(Date);
    const rejected = await eventFor(receiver, id, 'REJECTED');
    expect(rejected.data).toMatchObject({ name: 'order_confirmation', language: 'en', category: 'MARKETING', reason: 'INVALID_FORMAT', recommendation: 'You need to change the content of your template.' });
    const shown = (await t.app.inject({ method: 'GET', url: `/api/wa/template/${id}`, headers: A.headers })).json().data;
    expect(shown).toMatchObject({ status: 'REJECTED', status_label: 'Rejected', rejection_reason: 'INVALID_FORMAT', recommendation: 'You need to change the content of your template.' });

    // Edited and submitted again: Meta's edit call on its template id (no name or language).
    const edit = await t.app.inject({ method: 'PUT', url: `/api/wa/template/${id}?draft=false`, headers: A.headers, payload: payload(app, 'order_confirmation', 'Hello {{1}}, order {{2}} is confirmed and packed.') });
    expect(edit.statusCode, edit.body).toBe(200);
    const editRequest = await waitForGraph(2);
    expect(editRequest.path).toBe(`/v23.0/${tpl.metaId}`);
    expect(editRequest.body).toMatchObject({ category: 'MARKETING', components: expect.any(Array) });
    expect(editRequest.body['name']).toBeUndefined();
    expect((await rowOf(t, id)).status).toBe('PENDING');

    // Meta's published approval.
    expect((await postHook(statusHook('template-status-update', tpl, 'APPROVED'))).statusCode).toBe(200);
    expect(await rowOf(t, id)).toMatchObject({ status: 'APPROVED', rejectionReason: null, recommendation: null, notes: null });
    expect((await eventFor(receiver, id, 'APPROVED')).data).toMatchObject({ reason: null });

    // Meta's quality rating.
    const quality = fixture('template-quality-update');
    Object.assign(quality.entry[0].changes[0].value, { message_template_id: Number(tpl.metaId), message_template_name: tpl.name, message_template_language: tpl.language });
    expect((await postHook(quality)).statusCode).toBe(200);
    expect((await rowOf(t, id)).quality).toBe('YELLOW');

    // Deleting it deletes it at Meta too, by name and id.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/wa/template/${id}`, headers: A.headers })).statusCode).toBe(200);
    const del = await waitForGraph(3);
    expect(del.method).toBe('DELETE');
    expect(del.path).toBe(`/v23.0/${WABA_ID}/message_templates?name=order_confirmation&hsm_id=${tpl.metaId}`);
  });

  it('rejects with Meta’s message when Meta refuses the body, and applies a decision Meta gives at once', async () => {
    graph.templateScript.set('refused_one', { code: 100, http: 400, message: '(#100) Invalid parameter', details: 'Body text contains an invalid character.' });
    const refused = await submit(t, A, payload(app, 'refused_one', 'Your parcel for you is packed and ready.'));
    const row = await waitForStatus(t, refused);
    expect(row).toMatchObject({ status: 'REJECTED', rejectionReason: 'INVALID_FORMAT', recommendation: 'Invalid parameter: Body text contains an invalid character.', metaTemplateId: null });
    await eventFor(receiver, refused, 'REJECTED');

    graph.templateScript.set('approved_now', { status: 'APPROVED' });
    const now = await submit(t, A, payload(app, 'approved_now', 'Your parcel for you is on the way now.'));
    expect(await waitForStatus(t, now)).toMatchObject({ status: 'APPROVED', metaTemplateId: expect.any(String) });
    await eventFor(receiver, now, 'APPROVED');
  });

  /** Uploads `bytes` as template media for `account`; returns the header handle answered. */
  async function uploadMedia(account: Account, bytes: Buffer, type: string): Promise<string> {
    const boundary = 'x-pesan-test-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="sample"\r\ncontent-type: ${type}\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/upload?purpose=template_media', headers: { ...account.headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.handle as string;
  }
  const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'), randomBytes(5000), Buffer.from([0xff, 0xd9])]);
  const imagePayload = (name: string, handle: string) => payload(app, name, undefined, { header: { type: 'image', example: { header_handle: [handle] } } });

  it('uploads a media header sample to Meta with the Resumable Upload API and submits Meta’s handle', async () => {
    const handle = await uploadMedia(A, JPEG, 'image/jpeg');
    const before = graph.templateRequests.length;
    const id = await submit(t, A, imagePayload('summer_sale_banner', handle));
    const request = await waitForGraph(before + 1);
    expect(graph.uploads).toHaveLength(1);
    const up = graph.uploads[0]!;
    // The session names the app, the file's length and type; the bytes go at offset 0 with the OAuth header.
    expect(up).toMatchObject({ appId: '1234567890', fileLength: JPEG.length, fileType: 'image/jpeg', fileName: expect.stringMatching(/^[a-f0-9]{32}\.jpg$/) });
    expect(up.headers.authorization).toBe(`OAuth ${TOKEN}`);
    expect(up.headers['file_offset']).toBe('0');
    expect(up.bytes.equals(JPEG)).toBe(true);
    // Meta's create body carries Meta's handle, never ours; the stored template keeps ours (the console shows it).
    const header = (request.body['components'] as { type: string; format?: string; example?: { header_handle: string[] } }[]).find((c) => c.type === 'HEADER');
    expect(header).toEqual({ type: 'HEADER', format: 'IMAGE', example: { header_handle: [up.handle] } });
    expect(JSON.stringify(request.body)).not.toContain(handle);
    const stored = (await rowOf(t, id)).components as { type: string; example?: { header_handle: string[] } }[];
    expect(stored.find((c) => c.type === 'HEADER')?.example?.header_handle).toEqual([handle]);
  });

  it('refuses a media header sample that is not the organization’s own upload, and changes nothing', async () => {
    const B = await createAccount(t);
    const appB = await createApplication(t, B, 'Other Shop');
    const handleOfA = await uploadMedia(A, JPEG, 'image/jpeg');
    const count = async () => (await t.ctx.database.db.select().from(waTemplates).where(eq(waTemplates.organizationId, B.organizationId))).length;
    const message = M.headerMediaNotFound('IMAGE');
    for (const draft of [true, false]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/wa/template?draft=${draft}`, headers: B.headers, payload: { ...imagePayload('borrowed_banner', handleOfA), application_id: appB } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ message, details: [{ path: 'components.0.example.header_handle', message }] });
    }
    // A handle naming no upload at all, through /v1 in Meta's format.
    const token = await issueToken(t, { applicationId: appB, organizationId: B.organizationId }, 'whatsapp');
    const madeUp = handleOfA.replace(/:[^:]+$/, ':' + Buffer.from(`${'0'.repeat(32)}.jpg`).toString('base64url'));
    const v1 = await v1Post(t, '/whatsapp/templates', token.accessToken, {
      name: 'made_up_banner',
      language: 'en_US',
      category: 'MARKETING',
      components: [{ type: 'HEADER', format: 'IMAGE', example: { header_handle: [madeUp] } }, { type: 'BODY', text: 'Our summer sale starts today for everyone.' }],
    });
    expect(v1.statusCode, v1.body).toBe(400);
    expect(v1.json().error.message).toBe(message);
    expect(await count()).toBe(0);
  });

  it('deletes template media no live template uses a week after its upload; drafts keep theirs', async () => {
    const draftHandle = await uploadMedia(A, JPEG, 'image/jpeg');
    const deletedHandle = await uploadMedia(A, JPEG, 'image/jpeg');
    const unusedHandle = await uploadMedia(A, JPEG, 'image/jpeg');
    const save = async (name: string, handle: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/wa/template?draft=true', headers: A.headers, payload: imagePayload(name, handle) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data._id as string;
    };
    await save('kept_banner_draft', draftHandle);
    const gone = await save('gone_banner_draft', deletedHandle);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/wa/template/${gone}`, headers: A.headers })).statusCode).toBe(200);
    const nameOf = (h: string) => templateMediaName(h)!;
    const stored = async (h: string) => ({ row: (await t.ctx.database.db.select().from(uploads).where(eq(uploads.name, nameOf(h)))).length, file: existsSync(join(t.dataDir, 'uploads', nameOf(h))) });
    const prune = (days: number) => t.ctx.services.upload.pruneUnusedTemplateMedia(new Date(Date.now() + days * 86_400_000));
    // Within the week nothing goes.
    await prune(6);
    for (const h of [draftHandle, deletedHandle, unusedHandle]) expect(await stored(h)).toEqual({ row: 1, file: true });
    expect(await prune(8)).toBeGreaterThanOrEqual(2);
    expect(await stored(draftHandle)).toEqual({ row: 1, file: true });
    expect(await stored(deletedHandle)).toEqual({ row: 0, file: false });
    expect(await stored(unusedHandle)).toEqual({ row: 0, file: false });
  });

  it('submits a template created through /v1 to Meta as well', async () => {
    const token = await issueToken(t, { applicationId: app, organizationId: A.organizationId }, 'whatsapp');
    const before = graph.templateRequests.length;
    const body: WaTemplate = { name: 'v1_cloud', language: 'en_US', category: 'UTILITY', components: [{ type: 'BODY', text: 'Your appointment is confirmed for tomorrow.' }] };
    const res = await v1Post(t, '/whatsapp/templates', token.accessToken, body);
    expect(res.statusCode, res.body).toBe(201);
    const request = await waitForGraph(before + 1);
    expect(request.body).toEqual({ ...body, parameter_format: 'POSITIONAL' });
  });
  it('review sweep: leaves a template Meta already has (its decision comes by webhook), submits one whose job never reached Meta', async () => {
    const before = graph.templateRequests.length;
    const known = await submit(t, A, payload(app, 'meta_has_it', 'Your loyalty points were added to your account.'));
    await waitForGraph(before + 1);
    const until = Date.now() + 5000;
    while (!(await rowOf(t, known)).metaTemplateId && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect((await rowOf(t, known)).metaTemplateId).toEqual(expect.any(String));
    // Submitted here, but its job was lost before the Graph call.
    const lost = await t.ctx.services.waTemplates.storeReviewedTemplate({
      organizationId: A.organizationId,
      applicationId: app,
      createdBy: null,
      template: { name: 'never_reached_meta', language: 'en', category: 'UTILITY', components: [{ type: 'BODY', text: 'Your booking for the weekend is confirmed.' }] },
      status: 'PENDING',
      createdAt: new Date(),
    });
    await submitStored(t, lost.id);
    expect(await at(t, Date.now() + REVIEW_SWEEP_GRACE_MS + 5000, () => t.ctx.services.waTemplates.sweepReviews())).toEqual({ requeued: 1 });
    const request = await waitForGraph(before + 2);
    expect(request.body).toMatchObject({ name: 'never_reached_meta' });
    expect(graph.templateRequests.filter((r) => (r.body as { name?: string } | undefined)?.name === 'meta_has_it')).toHaveLength(1);
    const untilMeta = Date.now() + 5000;
    while (!(await rowOf(t, lost.id)).metaTemplateId && Date.now() < untilMeta) await new Promise((r) => setTimeout(r, 50));
    // Now Meta has both: a later sweep sends nothing more.
    expect(await at(t, Date.now() + REVIEW_SWEEP_GRACE_MS + 5000, () => t.ctx.services.waTemplates.sweepReviews())).toEqual({ requeued: 0 });
  });
});
