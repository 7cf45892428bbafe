/**
 * WhatsApp templates as the console sees them (templates-dashboard-reports.md §2.2–§2.5, §3, §4,
 * §5, §7.1, §8; ARCHITECTURE.md §5; contracts/wa-template-api.ts is the contract): list with the
 * §3 filters, name availability, create and update as Draft or submitted for review, one template,
 * delete (soft), duplicate as a Draft copy, bulk delete. Another organization's template or
 * application is a 404. Review itself is template-review.service.ts.
 */
import { resolveRecordsRange } from '@pesan/contracts/records';
import { organizationTimeZone } from '../organization/organization.service.ts';
import { normaliseReportSearch } from '@pesan/contracts/reports';
import {
  WA_TEMPLATE_API_MESSAGES as API,
  type TemplateListQuery,
  type TemplateListResponse,
  type TemplateRow,
} from '@pesan/contracts/wa-template-api';
import { consoleTemplatePayloadSchema, consoleToMeta, type ConsoleTemplatePayload } from '@pesan/contracts/wa-template-console';
import { WA_TEMPLATE_MESSAGES as M } from '@pesan/contracts/wa-template-messages';
import { WA_TEMPLATE_LIMITS, sanitizeTemplateName, type WaTemplate } from '@pesan/contracts/wa-template-model';
import { formBlockers, validateTemplate, type TemplateIssue } from '@pesan/contracts/wa-template-rules';
import { isTemplateEditable } from '@pesan/contracts/wa-template-status';
import { templateMediaName } from '@pesan/contracts/upload';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { deleteAtMeta, queueReview, refuseMediaWithoutAppId, type ReviewDeps } from './template-review.service.ts';
import { contentColumns, newTemplateCode, storedTemplate, toTemplateRow } from './template-rows.ts';
import * as repo from './wa-templates.repo.ts';

/** What the template services use: the review's dependencies (database, clock, job queue, Graph, webhook). */
export type WaTemplatesDeps = ReviewDeps;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const templateNotFound = () => new AppError('not_found', API.notFound);

/** A 400 listing a template's broken rules: the first one's message, every one as `details` `{path, message}`. */
export function issuesError(issues: TemplateIssue[]): AppError {
  return new AppError(
    'invalid_request',
    issues[0]!.message,
    issues.map((i) => ({ path: i.path, message: i.message })),
  );
}

/** Whether an error is a unique violation (PostgreSQL 23505), on the error or its causes. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) if (e.code === '23505') return true;
  return false;
}

/** Live application `id` of the organization, or 404 'Application not found'. */
async function ownApplication(deps: Pick<WaTemplatesDeps, 'db'>, organizationId: string, id: string): Promise<{ id: string; name: string }> {
  const app = UUID_RE.test(id) ? await repo.findLiveApplication(deps.db, organizationId, id) : null;
  if (!app) throw notFound('application');
  return app;
}

/** Live template `id` of the organization, or 404 'Template not found'. */
async function ownTemplate(deps: Pick<WaTemplatesDeps, 'db'>, organizationId: string, id: string): Promise<repo.TemplateWithApplication> {
  const t = UUID_RE.test(id) ? await repo.findTemplate(deps.db, organizationId, id) : null;
  if (!t) throw templateNotFound();
  return t;
}

/**
 * Stores a new template, with a fresh template code; a code collision is retried. A name already
 * taken (a concurrent create) is the §8 400 on `nameField`.
 */
export async function insertWithCode(deps: Pick<WaTemplatesDeps, 'db'>, row: Omit<repo.NewTemplate, 'templateCode'>, nameField: string, nameTakenMessage: string = API.nameTaken): Promise<repo.TemplateRecord> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await repo.insertTemplate(deps.db, { ...row, templateCode: newTemplateCode() });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (await repo.isNameTaken(deps.db, row.applicationId, row.name, { language: row.language })) throw fieldError(nameField, nameTakenMessage);
      if (attempt >= 3) throw err;
    }
  }
}

/**
 * `POST /api/wa/template/list` (§2.2, §3 filters, §7.1): one page of the organization's templates
 * (live ones of live applications) of the listed applications (404 when one is not the
 * organization's), created within `start_date`..`end_date` (whole days in the organization's time zone), whose
 * name contains `search` (case-insensitive; a leading 0 is read as 62), in the listed statuses
 * ('all' or none = every status), newest first.
 */
export async function listTemplates(deps: Pick<WaTemplatesDeps, 'db'>, organizationId: string, q: TemplateListQuery): Promise<TemplateListResponse> {
  const applicationIds = [...new Set(q.application_id)];
  const valid = applicationIds.filter((id) => UUID_RE.test(id));
  if (valid.length < applicationIds.length || (await repo.findLiveApplicationIds(deps.db, organizationId, valid)).length < valid.length) throw notFound('application');
  const statuses = q.status.includes('all') ? [] : [...new Set(q.status.filter((s) => s !== 'all'))];
  const range = q.start_date && q.end_date ? resolveRecordsRange(q.start_date, q.end_date, await organizationTimeZone(deps.db, organizationId)) : undefined;
  const search = q.search ? normaliseReportSearch(q.search) : '';
  const { rows, total } = await repo.listTemplates(
    deps.db,
    { organizationId, applicationIds, statuses, from: range?.from, to: range?.to, toInclusive: range ? !range.toExclusive : false, search: search || undefined },
    { limit: q.limit, offset: (q.page - 1) * q.limit },
  );
  return { data: { docs: rows.map(toTemplateRow), page: q.page, limit: q.limit, pages: Math.ceil(total / q.limit), total } };
}

/**
 * `GET /api/wa/template/check` (§2.3, §5.1): the name sanitised (sanitizeTemplateName) and whether
 * it is free in the application: taken when a live template of the application has it, in any
 * language (template `exclude_id` aside, when editing). 404 for another organization's
 * application; 400 'Template Name is required' when nothing is left after sanitising.
 */
export async function checkTemplateName(deps: Pick<WaTemplatesDeps, 'db'>, organizationId: string, q: { name: string; application_id: string; exclude_id?: string }): Promise<{ data: { available: boolean; name: string } }> {
  const app = await ownApplication(deps, organizationId, q.application_id);
  const name = sanitizeTemplateName(q.name);
  if (!name) throw fieldError('name', M.nameRequired);
  const excludeId = q.exclude_id && UUID_RE.test(q.exclude_id) ? q.exclude_id : undefined;
  return { data: { available: !(await repo.isNameTaken(deps.db, app.id, name, { excludeId })), name } };
}

/**
 * The stored content of a console payload, refused as the editor refuses it: formBlockers always
 * (§5.3: Save as Draft and Submit are disabled), and validateTemplate when submitting.
 * @throws AppError 400 with the issues as `details`.
 */
function contentOf(payload: ConsoleTemplatePayload, submit: boolean): WaTemplate {
  const template = consoleToMeta(payload);
  const blockers = formBlockers(template);
  if (blockers.length) throw issuesError(blockers);
  if (submit) {
    const issues = validateTemplate(template);
    if (issues.length) throw issuesError(issues);
  }
  return template;
}

/**
 * Refuses a template whose media header sample is an upload handle (templateMediaHandle) that does
 * not name a stored template media file of organization `organizationId` (another organization's,
 * an avatar, a made-up or deleted one). Meta's own handles and sample URLs are not checked here.
 * @throws AppError 400 on `components.{i}.example.header_handle` with M.headerMediaNotFound.
 */
export async function refuseForeignMedia(deps: Pick<WaTemplatesDeps, 'findTemplateMedia'>, organizationId: string, template: WaTemplate): Promise<void> {
  for (const [i, c] of template.components.entries()) {
    if (c.type !== 'HEADER' || !('example' in c)) continue;
    const handle = (c.example as { header_handle?: string[] } | undefined)?.header_handle?.[0];
    const name = handle ? templateMediaName(handle) : null;
    if (name && !(await deps.findTemplateMedia(organizationId, name))) {
      const message = M.headerMediaNotFound('format' in c ? String(c.format) : 'file');
      throw new AppError('invalid_request', message, [{ path: `components.${i}.example.header_handle`, message }]);
    }
  }
}

/**
 * `POST /api/wa/template?draft=…` (§2.3, §2.4, §3, §4, §5): creates a template of application
 * `payload.application_id` (400 when absent, 404 when not the organization's) with the sanitised
 * name (§5.1), refused with 400 and the issues when formBlockers (always) or validateTemplate
 * (`draft=false`) fail, or with the §8 400 on `template_name` when a live template of the
 * application has the name. `draft=true` stores a Draft; `draft=false` stores it In Review
 * (PENDING, submitted now) and queues its review. Returns the row (201).
 */
export async function createTemplate(
  deps: WaTemplatesDeps,
  caller: { organizationId: string; userId: string | null },
  payload: ConsoleTemplatePayload,
  draft: boolean,
): Promise<TemplateRow> {
  if (!payload.application_id) throw fieldError('application_id', API.applicationRequired);
  const app = await ownApplication(deps, caller.organizationId, payload.application_id);
  const name = sanitizeTemplateName(payload.template_name);
  const template = contentOf({ ...payload, template_name: name }, !draft);
  await refuseForeignMedia(deps, caller.organizationId, template);
  if (!draft) await refuseMediaWithoutAppId(deps, caller.organizationId, app.id, template);
  if (await repo.isNameTaken(deps.db, app.id, name)) throw fieldError('template_name', API.nameTaken);
  const now = deps.now();
  const created = await insertWithCode(
    deps,
    {
      organizationId: caller.organizationId,
      applicationId: app.id,
      name,
      language: template.language,
      category: template.category,
      ...contentColumns(template),
      status: draft ? 'DRAFT' : 'PENDING',
      createdBy: caller.userId,
      submittedAt: draft ? null : now,
      createdAt: now,
    },
    'template_name',
  );
  if (!draft) await queueReview(deps, created);
  return toTemplateRow({ ...created, applicationName: app.name });
}

/**
 * `PUT /api/wa/template/{id}?draft=…` (§2.1, §2.4, §4): saves new content for a Draft or Rejected
 * template of the organization (404 otherwise, and for an `application_id` that is not the
 * organization's; 409 notEditable in any other status). Name, category, language and application
 * stay the template's (locked in edit mode, §3, §5.1).
 * Refused like createTemplate; `draft=true` leaves it a Draft, `draft=false` submits it (In
 * Review, previous rejection notes cleared) and queues its review.
 */
export async function updateTemplate(deps: WaTemplatesDeps, organizationId: string, id: string, payload: ConsoleTemplatePayload, draft: boolean): Promise<TemplateRow> {
  const t = await ownTemplate(deps, organizationId, id);
  // The application stays the template's; one named in the payload must still be the organization's.
  if (payload.application_id && payload.application_id !== t.applicationId) await ownApplication(deps, organizationId, payload.application_id);
  if (!isTemplateEditable(t.status)) throw new AppError('conflict', API.notEditable);
  const locked = consoleTemplatePayloadSchema.safeParse({ ...payload, template_name: t.name, template_category: t.category, language: t.language });
  if (!locked.success) throw new AppError('invalid_request', locked.error.issues[0]?.message ?? API.invalidTemplate, locked.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  const template = contentOf(locked.data, !draft);
  await refuseForeignMedia(deps, organizationId, template);
  if (!draft) await refuseMediaWithoutAppId(deps, organizationId, t.applicationId, template);
  const now = deps.now();
  const changed = await repo.updateTemplate(
    deps.db,
    t.id,
    {
      ...contentColumns(template),
      status: draft ? 'DRAFT' : 'PENDING',
      updatedAt: now,
      ...(draft ? {} : { submittedAt: now, rejectionReason: null, recommendation: null, notes: null, decidedAt: null }),
    },
    { statuses: ['DRAFT', 'REJECTED'] },
  );
  if (!changed) throw new AppError('conflict', API.notEditable);
  if (!draft) await queueReview(deps, changed);
  return toTemplateRow({ ...changed, applicationName: t.applicationName });
}

/** `GET /api/wa/template/{id}` (§7.1 template detail): the organization's template, or 404 'Template not found'. */
export async function getTemplate(deps: Pick<WaTemplatesDeps, 'db'>, organizationId: string, id: string): Promise<TemplateRow> {
  return toTemplateRow(await ownTemplate(deps, organizationId, id));
}

/** A deleted template as the audit log names it. */
export interface DeletedTemplate {
  id: string;
  name: string;
}

/**
 * `DELETE /api/wa/template/{id}` (§2.2): soft-deletes the organization's template (404 otherwise);
 * its name is free again. With the Cloud API, Meta deletes it too (best effort). `templates` (not
 * part of the answer) names what was deleted, for the audit log.
 */
export async function deleteTemplate(deps: WaTemplatesDeps, organizationId: string, id: string): Promise<{ data: { status: true }; templates: DeletedTemplate[] }> {
  const t = await ownTemplate(deps, organizationId, id);
  await repo.softDeleteTemplates(deps.db, [t.id], deps.now());
  await deleteAtMeta(deps, [t]);
  return { data: { status: true }, templates: [{ id: t.id, name: t.name }] };
}

/**
 * `POST /api/wa/delete/template/bulk` (§2.2 bulk delete): soft-deletes every listed template; all
 * must be live templates of the organization, else 404 and none is deleted. Duplicates count once.
 * `templates` (not part of the answer) names each one deleted, for the audit log.
 */
export async function bulkDeleteTemplates(deps: WaTemplatesDeps, organizationId: string, ids: string[]): Promise<{ data: { status: true; deleted: number }; templates: DeletedTemplate[] }> {
  const unique = [...new Set(ids)];
  if (!unique.every((id) => UUID_RE.test(id))) throw templateNotFound();
  const found = await repo.findTemplatesByIds(deps.db, organizationId, unique);
  if (found.length !== unique.length) throw templateNotFound();
  const deleted = await repo.softDeleteTemplates(deps.db, unique, deps.now());
  await deleteAtMeta(deps, found);
  return { data: { status: true, deleted }, templates: found.map((t) => ({ id: t.id, name: t.name })) };
}

/**
 * The first free copy name of `name` in an application: `<name>_copy`, then `<name>_copy_2`, …
 * (cut so it stays within 512 characters).
 */
function freeCopyName(name: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '_copy' : `_copy_${n}`;
    const candidate = `${name.slice(0, WA_TEMPLATE_LIMITS.name - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * `PUT /api/wa/template/duplicate/{id}` (§2.2 Duplicate): a Draft copy of the organization's
 * template (404 otherwise) in the same application, language and category, with the content
 * as stored and the first free name `<name>_copy`, `<name>_copy_2`…; created by the caller. 201.
 */
export async function duplicateTemplate(deps: WaTemplatesDeps, caller: { organizationId: string; userId: string | null }, id: string): Promise<TemplateRow> {
  const t = await ownTemplate(deps, caller.organizationId, id);
  const base = t.name.slice(0, WA_TEMPLATE_LIMITS.name - '_copy'.length);
  for (let attempt = 0; ; attempt++) {
    const taken = new Set(await repo.namesStartingWith(deps.db, t.applicationId, `${base}_copy`));
    const name = freeCopyName(t.name, taken);
    const now = deps.now();
    try {
      const copy = await insertWithCode(
        deps,
        {
          organizationId: t.organizationId,
          applicationId: t.applicationId,
          name,
          language: t.language,
          category: t.category,
          ...contentColumns({ ...storedTemplate(t), name }),
          status: 'DRAFT',
          createdBy: caller.userId,
          submittedAt: null,
          createdAt: now,
        },
        'template_name',
      );
      return toTemplateRow({ ...copy, applicationName: t.applicationName });
    } catch (err) {
      // A copy made at the same moment took the name: look again.
      if (!(err instanceof AppError) || err.code !== 'invalid_request' || attempt >= 3) throw err;
    }
  }
}

/**
 * Stores `template` (Meta's model, taken as valid) in application `applicationId` with the review
 * state given, as is: no review is queued and no webhook raised. For demo data and imports of
 * templates already reviewed elsewhere. One stored In Review (PENDING) is under review elsewhere:
 * it has no submission here (`submitted_at` null), so no review job and no review sweep touch it.
 * Returns the row.
 */
export async function storeReviewedTemplate(
  deps: Pick<WaTemplatesDeps, 'db'>,
  t: {
    organizationId: string;
    applicationId: string;
    createdBy: string | null;
    template: WaTemplate;
    status: string;
    rejectionReason?: string | null;
    recommendation?: string | null;
    notes?: string | null;
    quality?: string | null;
    createdAt: Date;
  },
): Promise<repo.TemplateRecord> {
  const decided = t.status !== 'DRAFT' && t.status !== 'PENDING';
  return insertWithCode(
    deps,
    {
      organizationId: t.organizationId,
      applicationId: t.applicationId,
      name: t.template.name,
      language: t.template.language,
      category: t.template.category,
      ...contentColumns(t.template),
      status: t.status,
      createdBy: t.createdBy,
      submittedAt: decided ? t.createdAt : null,
      decidedAt: decided ? t.createdAt : null,
      notes: t.notes ?? null,
      rejectionReason: t.rejectionReason ?? null,
      recommendation: t.recommendation ?? null,
      quality: t.quality ?? null,
      createdAt: t.createdAt,
    },
    'name',
  );
}

/**
 * The stored template media names the live templates of `organizationIds` use as their media
 * header samples (templateMediaName of each header handle); for the unused-media sweep.
 */
export async function usedTemplateMedia(deps: Pick<WaTemplatesDeps, 'db'>, organizationIds: string[]): Promise<Set<string>> {
  const names = new Set<string>();
  for (const handle of await repo.liveHeaderHandles(deps.db, organizationIds)) {
    const name = templateMediaName(handle);
    if (name) names.add(name);
  }
  return names;
}
