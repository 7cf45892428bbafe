/**
 * Review of submitted WhatsApp templates (issue 13 "Review and status"; ARCHITECTURE.md §1 jobs,
 * §4 REVIEW_DELAY_MS, §6.1 whatsapp-cloud, §6.2 `template.status`): a submitted template (status
 * PENDING, 'In Review') gets a `template-review` job. With WHATSAPP_DRIVER=cloud and a WhatsApp
 * sender on the template's application, the job submits it to Meta
 * (`POST /{waba_id}/message_templates`, or Meta's edit call when Meta already knows it) and Meta's
 * decision arrives later through the webhook (applyMetaStatusUpdate); otherwise the sandbox
 * reviewer (sandbox-reviewer.ts) decides after REVIEW_DELAY_MS. Every decision stamps
 * `decided_at` and raises the `template.status` webhook event. A job lost on the way (the server
 * stopped before pg-boss stored it, a job that failed all its retries) is queued again by the
 * review sweep (sweepReviews, every minute), so no template stays In Review forever.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { templateMediaName } from '@pesan/contracts/upload';
import { WA_TEMPLATE_MESSAGES as M } from '@pesan/contracts/wa-template-messages';
import { toMetaCreateBody, type WaTemplate } from '@pesan/contracts/wa-template-model';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { GraphError, graphCreateTemplate, graphDeleteTemplate, graphEditTemplate, graphUploadFile, type GraphOptions } from '../../messaging/whatsapp/graph-client.ts';
import { applicationSender } from '../../messaging/whatsapp/sender.service.ts';
import type { TemplateDecision } from '../../messaging/whatsapp/template-status.ts';
import { rejectionNotes, sandboxReview, type ReviewDecision } from './sandbox-reviewer.ts';
import { storedTemplate } from './template-rows.ts';
import * as repo from './wa-templates.repo.ts';
import { errorText } from '../../lib/log-safety.ts';

/** The payload of a `template-review` job: the template and the submission it reviews. */
export interface ReviewJob {
  templateId: string;
  /** ISO time of the submission; a job for an older submission (edited and submitted again) does nothing. */
  submittedAt: string;
}

/** The Cloud API settings of review: Graph URL and token, and the Meta app id when WHATSAPP_APP_ID is set. */
export type CloudGraph = GraphOptions & { appId: string | undefined };

/** What review needs: the database, the clock, the job queue, the Cloud API settings and the customer webhook. */
export interface ReviewDeps {
  db: Db;
  now: () => Date;
  /** Queues a review job, due at `startAfter` (now when absent). */
  enqueueReview: (job: ReviewJob, startAfter?: Date) => Promise<void>;
  /** The sandbox reviewer's delay (REVIEW_DELAY_MS), in ms. */
  reviewDelayMs: number;
  /**
   * The Graph API settings and the Meta app id (WHATSAPP_APP_ID, optional: only media header
   * samples need it) when WHATSAPP_DRIVER=cloud, else null (the sandbox reviewer decides).
   */
  graph: CloudGraph | null;
  /** The organization's stored template media file of that name, or null (upload.service.ts findTemplateMedia). */
  findTemplateMedia: (organizationId: string, name: string) => Promise<{ name: string; path: string; mime: string; size: number } | null>;
  /** Tells the application's status webhook endpoint of a decision (webhook-delivery.ts emitTemplateDecision). */
  emitDecision: (d: TemplateDecision) => Promise<void>;
  /** Whether a review job for this submission is still queued, waiting for a retry or running (jobs/registry.ts). */
  reviewJobPending: (job: ReviewJob) => Promise<boolean>;
}

/**
 * How long past its due time (the submission, plus REVIEW_DELAY_MS for the sandbox reviewer) a
 * review may go unfinished before the sweep queues it again (2 minutes: well past a busy queue).
 */
export const REVIEW_SWEEP_GRACE_MS = 2 * 60_000;

/** The Graph settings and WABA a template of `applicationId` is submitted with, or null (sandbox). */
async function cloudTarget(deps: Pick<ReviewDeps, 'db' | 'graph'>, organizationId: string, applicationId: string): Promise<{ graph: CloudGraph; wabaId: string } | null> {
  if (!deps.graph) return null;
  const sender = await applicationSender(deps.db, organizationId, applicationId);
  return sender ? { graph: deps.graph, wabaId: sender.wabaId } : null;
}

/**
 * Queues the review of template `t` just submitted (status PENDING, `submittedAt` set): due now
 * for Meta, after REVIEW_DELAY_MS for the sandbox reviewer. A failure to queue is logged, never
 * thrown (the template stays In Review; submitting it again queues it again).
 */
export async function queueReview(deps: ReviewDeps, t: Pick<repo.TemplateRecord, 'id' | 'organizationId' | 'applicationId' | 'submittedAt'>): Promise<void> {
  if (!t.submittedAt) return;
  try {
    const cloud = await cloudTarget(deps, t.organizationId, t.applicationId);
    const startAfter = cloud || deps.reviewDelayMs === 0 ? undefined : new Date(deps.now().getTime() + deps.reviewDelayMs);
    await deps.enqueueReview({ templateId: t.id, submittedAt: t.submittedAt.toISOString() }, startAfter);
  } catch (err) {
    console.error(`[wa-templates] could not queue the review of template ${t.id}: ${errorText(err)}`);
  }
}

/** Index and media name of each header of `template` whose sample is one of our uploads (a templateMediaHandle). */
function uploadedMediaHeaders(template: WaTemplate): { index: number; name: string; format: string }[] {
  return template.components.flatMap((c, index) => {
    const handles = c.type === 'HEADER' && 'example' in c ? (c.example as { header_handle?: string[] } | undefined)?.header_handle : undefined;
    const name = handles?.[0] ? templateMediaName(handles[0]) : null;
    return name ? [{ index, name, format: 'format' in c ? String(c.format) : 'file' }] : [];
  });
}

/**
 * Refuses to submit `template` of application `applicationId` for Meta's review when its media
 * header sample is one of our uploads and WHATSAPP_APP_ID is not set (issue 23): Meta takes the
 * sample only through the Meta app's Resumable Upload API. Templates without media, Meta's own
 * handles, and applications the sandbox reviewer decides (no Cloud API, no sender) pass.
 * @throws AppError 400 on `components.{i}.example.header_handle` with M.headerMediaNoAppId (names the setting).
 */
export async function refuseMediaWithoutAppId(deps: Pick<ReviewDeps, 'db' | 'graph'>, organizationId: string, applicationId: string, template: WaTemplate): Promise<void> {
  if (!deps.graph || deps.graph.appId) return;
  const [media] = uploadedMediaHeaders(template);
  if (!media || !(await cloudTarget(deps, organizationId, applicationId))) return;
  const message = M.headerMediaNoAppId(media.format);
  throw new AppError('invalid_request', message, [{ path: `components.${media.index}.example.header_handle`, message }]);
}

/** The decision to tell customers of, from a template as changed. */
function decisionOf(t: repo.TemplateRecord, d: { reason: string | null; recommendation: string | null }, at: Date, wabaId: string | null): TemplateDecision {
  return {
    wabaId,
    templateId: t.id,
    organizationId: t.organizationId,
    applicationId: t.applicationId,
    name: t.name,
    language: t.language,
    category: t.category,
    status: t.status,
    reason: d.reason,
    recommendation: d.recommendation,
    at,
  };
}

/**
 * Stores `decision` on template `id` when it is still In Review for submission `submittedAt`
 * (status, reason, recommendation, notes, decided_at = now) and raises `template.status`. Returns
 * whether it applied (false: edited, submitted again or deleted meanwhile).
 */
async function decide(deps: Pick<ReviewDeps, 'db' | 'now' | 'emitDecision'>, id: string, submittedAt: Date, decision: ReviewDecision, wabaId: string | null): Promise<boolean> {
  const now = deps.now();
  const changed = await repo.updateTemplate(
    deps.db,
    id,
    { status: decision.status, rejectionReason: decision.reason, recommendation: decision.recommendation, notes: decision.notes, decidedAt: now, updatedAt: now },
    { statuses: ['PENDING'], submittedAt },
  );
  if (!changed) return false;
  await deps.emitDecision(decisionOf(changed, decision, now, wabaId));
  return true;
}

/** The recommendation of a template whose media header sample is no longer stored. */
const MEDIA_GONE = "The header's sample file is no longer stored. Upload it again and submit the template.";

/** The recommendation of a template with a media header sample reviewed while WHATSAPP_APP_ID is not set. */
const MEDIA_NO_APP_ID = "The header's sample file cannot be sent to Meta: this server's WHATSAPP_APP_ID (the Meta app id) is not set. Ask its operator to set it, then submit the template again.";

/**
 * `template` as Meta takes it: each media header sample that is one of our uploads (a
 * templateMediaHandle) is uploaded to Meta with the Resumable Upload API (graphUploadFile) and
 * replaced by Meta's handle; other handles (Meta's own, moved from WhatsApp Manager) stay.
 * Returns `{missing: name}` when an upload's file or row is gone, `{noAppId: true}` when an upload
 * is needed and WHATSAPP_APP_ID is not set.
 * @throws GraphError from the upload (retryable ones retry the job).
 */
async function withMetaMediaHandles(
  deps: Pick<ReviewDeps, 'findTemplateMedia'>,
  graph: CloudGraph,
  organizationId: string,
  template: WaTemplate,
): Promise<{ template: WaTemplate } | { missing: string } | { noAppId: true }> {
  const uploads = new Map(uploadedMediaHeaders(template).map((m) => [m.index, m.name]));
  if (uploads.size && !graph.appId) return { noAppId: true };
  const components: WaTemplate['components'] = [];
  for (const [index, c] of template.components.entries()) {
    const name = uploads.get(index);
    if (!name || !graph.appId) {
      components.push(c);
      continue;
    }
    const file = await deps.findTemplateMedia(organizationId, name);
    if (!file) return { missing: name };
    const { handle } = await graphUploadFile(graph, graph.appId, {
      name: file.name,
      mime: file.mime,
      size: file.size,
      open: () => Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>,
    });
    components.push({ ...c, example: { ...(c as { example: object }).example, header_handle: [handle] } } as typeof c);
  }
  return { template: { ...template, components } };
}

/** Graph failures worth retrying (the job is retried by pg-boss): no answer, 429, 5xx, Meta's transient codes. */
function retryable(err: GraphError): boolean {
  return err.httpStatus === 0 || err.httpStatus === 429 || err.httpStatus >= 500 || (err.code !== null && [1, 2, 4, 17, 32, 80007, 80008, 613].includes(err.code));
}

/**
 * Runs the `template-review` job `job` (jobs/registry.ts): nothing when the template is gone, no
 * longer In Review or was submitted again since; else submits it to Meta (Cloud API with a sender:
 * stores Meta's template id; a decision Meta gives at once is applied; Meta's refusal of the body
 * is a rejection with Meta's message as the recommendation) or lets the sandbox reviewer decide.
 * @throws GraphError when Meta could not be reached or answered a transient error (the job is retried).
 */
export async function reviewTemplate(deps: ReviewDeps, job: ReviewJob): Promise<void> {
  const t = await repo.findTemplateById(deps.db, job.templateId);
  const submittedAt = new Date(job.submittedAt);
  if (!t || t.deletedAt || t.status !== 'PENDING' || t.submittedAt?.getTime() !== submittedAt.getTime()) return;
  const template = storedTemplate(t);
  const cloud = await cloudTarget(deps, t.organizationId, t.applicationId);
  if (!cloud) {
    const others = (await repo.submittedContents(deps.db, t.applicationId, t.id)).map((o) => ({ name: o.name, language: o.language, template: storedTemplate({ ...t, ...o }) }));
    await decide(deps, t.id, submittedAt, sandboxReview(template, others), null);
    return;
  }
  try {
    const withHandles = await withMetaMediaHandles(deps, cloud.graph, t.organizationId, template);
    if (!('template' in withHandles)) {
      const why = 'missing' in withHandles ? MEDIA_GONE : MEDIA_NO_APP_ID;
      await decide(deps, t.id, submittedAt, { status: 'REJECTED', reason: 'INVALID_FORMAT', recommendation: why, notes: rejectionNotes('INVALID_FORMAT', why) }, cloud.wabaId);
      return;
    }
    const body = toMetaCreateBody(withHandles.template) as unknown as Record<string, unknown>;
    if (t.metaTemplateId) {
      const { name: _name, language: _language, ...edit } = body;
      await graphEditTemplate(cloud.graph, t.metaTemplateId, edit);
      // Stamped so the sweep knows Meta has this submission (its decision comes by webhook).
      await repo.updateTemplate(deps.db, t.id, { updatedAt: deps.now() }, { statuses: ['PENDING'], submittedAt });
      return;
    }
    const created = await graphCreateTemplate(cloud.graph, cloud.wabaId, body);
    await repo.updateTemplate(deps.db, t.id, { metaTemplateId: created.id, updatedAt: deps.now() }, { statuses: ['PENDING'], submittedAt });
    const status = created.status?.toUpperCase();
    if (status === 'APPROVED' || status === 'REJECTED') {
      await decide(deps, t.id, submittedAt, { status, reason: null, recommendation: null, notes: null }, cloud.wabaId);
    }
  } catch (err) {
    if (!(err instanceof GraphError) || retryable(err)) throw err;
    const recommendation = err.details && !err.title.includes(err.details) ? `${err.title}: ${err.details}` : err.title;
    await decide(deps, t.id, submittedAt, { status: 'REJECTED', reason: 'INVALID_FORMAT', recommendation, notes: rejectionNotes('INVALID_FORMAT', recommendation) }, cloud.wabaId);
  }
}

/**
 * The review sweep (every minute; jobs/registry.ts `template-review-sweep`): queues again, due now,
 * the review of every template still In Review REVIEW_SWEEP_GRACE_MS after its review was due
 * (submission + REVIEW_DELAY_MS for the sandbox reviewer, the submission for Meta) whose job is no
 * longer pending (deps.reviewJobPending) — lost with a restart, or failed all its retries. Skips
 * templates Meta already has for this submission (Meta's id, stamped after the submission: its
 * decision arrives by webhook) and templates stored In Review without a submission here (demo data,
 * imports). The review job itself ignores a stale or repeated job, so queuing twice is harmless.
 * Returns how many it queued again, for tests and logs.
 */
export async function sweepReviews(deps: ReviewDeps): Promise<{ requeued: number }> {
  const now = deps.now();
  let requeued = 0;
  for (const t of await repo.findTemplatesInReview(deps.db, new Date(now.getTime() - REVIEW_SWEEP_GRACE_MS))) {
    if (!t.submittedAt) continue;
    const cloud = await cloudTarget(deps, t.organizationId, t.applicationId);
    const due = t.submittedAt.getTime() + (cloud ? 0 : deps.reviewDelayMs);
    if (due + REVIEW_SWEEP_GRACE_MS > now.getTime()) continue;
    if (cloud && t.metaTemplateId && t.updatedAt.getTime() > t.submittedAt.getTime()) continue;
    const job = { templateId: t.id, submittedAt: t.submittedAt.toISOString() };
    if (await deps.reviewJobPending(job)) continue;
    try {
      await deps.enqueueReview(job);
      requeued++;
    } catch (err) {
      console.error(`[wa-templates] could not queue the review of template ${t.id} again: ${errorText(err)}`);
    }
  }
  if (requeued) console.warn(`[wa-templates] review sweep: queued ${requeued} lost template review(s) again`);
  return { requeued };
}

/**
 * Deletes templates at Meta too (Cloud API, ARCHITECTURE.md §6.1): for each template Meta knows
 * (it has Meta's id) whose application has a sender, `DELETE /{waba_id}/message_templates` by name
 * and id. Best effort: a failure is logged and the template stays deleted here.
 */
export async function deleteAtMeta(deps: Pick<ReviewDeps, 'db' | 'graph'>, templates: Pick<repo.TemplateRecord, 'id' | 'organizationId' | 'applicationId' | 'name' | 'metaTemplateId'>[]): Promise<void> {
  if (!deps.graph) return;
  for (const t of templates) {
    if (!t.metaTemplateId) continue;
    const cloud = await cloudTarget(deps, t.organizationId, t.applicationId);
    if (!cloud) continue;
    await graphDeleteTemplate(cloud.graph, cloud.wabaId, { name: t.name, hsmId: t.metaTemplateId }).catch((err: unknown) =>
      console.warn(`[wa-templates] Meta did not delete template ${t.id}: ${errorText(err)}`),
    );
  }
}

/** One Meta review event, read from the webhook (messaging/whatsapp/template-status.ts). */
export interface MetaStatusUpdate {
  wabaId: string;
  metaTemplateId: string | null;
  name: string;
  language: string;
  status: string;
  reason: string | null;
  recommendation: string | null;
  notes: string | null;
  at: Date;
}

/**
 * Applies Meta's review event `u` (webhook `message_template_status_update`) to the templates it is
 * about (findTemplatesOfWaba: by Meta's id, else name and language, among the applications whose
 * sender uses the WABA): status, reason, recommendation and notes (a rejection without notes gets
 * the reason's text), decided_at = `u.at`. Returns one decision per template changed (the caller
 * raises `template.status`).
 */
export async function applyMetaStatusUpdate(db: Db, u: MetaStatusUpdate): Promise<TemplateDecision[]> {
  const out: TemplateDecision[] = [];
  const rejected = u.status === 'REJECTED';
  const notes = u.notes ?? (rejected && u.reason ? rejectionNotes(u.reason, u.recommendation) : null);
  for (const t of await repo.findTemplatesOfWaba(db, u)) {
    const changed = await repo.updateTemplate(db, t.id, {
      status: u.status,
      rejectionReason: rejected ? u.reason : null,
      recommendation: rejected ? u.recommendation : null,
      notes,
      decidedAt: u.at,
      updatedAt: u.at,
    });
    if (changed) out.push(decisionOf(changed, { reason: u.reason, recommendation: u.recommendation }, u.at, u.wabaId));
  }
  return out;
}

/**
 * Applies Meta's quality rating (webhook `message_template_quality_update`) to the templates it is
 * about (as applyMetaStatusUpdate finds them). Returns how many changed.
 */
export async function applyMetaQualityUpdate(db: Db, u: { wabaId: string; metaTemplateId: string | null; name: string; language: string; quality: string; at: Date }): Promise<number> {
  const found = await repo.findTemplatesOfWaba(db, u);
  await repo.setQuality(
    db,
    found.map((t) => t.id),
    u.quality,
    u.at,
  );
  return found.length;
}
