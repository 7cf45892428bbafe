/**
 * Template management on the public API (ARCHITECTURE.md §6: `POST`, `GET`, `DELETE
 * /v1/whatsapp/templates`), in Meta's own shapes so a customer can move templates from Meta
 * unchanged: the create body of `POST /{waba_id}/message_templates` (waTemplateSchema, any case),
 * its `{id, status, category}` answer, the `{data, paging}` list and `{success: true}`. The
 * templates are the token's application's; a created template is submitted for review at once
 * (template-review.service.ts), as the console's Submit does.
 */
import { WA_TEMPLATE_API_MESSAGES as API } from '@pesan/contracts/wa-template-api';
import type { WaTemplate } from '@pesan/contracts/wa-template-model';
import { validateTemplate } from '@pesan/contracts/wa-template-rules';
import { normaliseTemplateStatus } from '@pesan/contracts/wa-template-status';
import { AppError, fieldError } from '../../lib/errors.ts';
import { deleteAtMeta, queueReview, refuseMediaWithoutAppId } from './template-review.service.ts';
import { contentColumns, toMetaTemplateObject, type MetaTemplateObject } from './template-rows.ts';
import * as repo from './wa-templates.repo.ts';
import { insertWithCode, issuesError, refuseForeignMedia, type WaTemplatesDeps } from './wa-templates.service.ts';
import { WA_TEMPLATE_MESSAGES } from '@pesan/contracts/wa-template-messages';

/** The caller of a /v1 template call: the token's application and organization. */
export interface V1TemplateCaller {
  applicationId: string;
  organizationId: string;
}

/** Largest page of `GET /v1/whatsapp/templates`; Meta's default is 25. */
export const V1_TEMPLATE_PAGE_MAX = 100;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const nameTakenInLanguage = API.nameTakenInLanguage;

/**
 * `POST /v1/whatsapp/templates`: stores Meta's create body `t` as a template of the caller's
 * application, In Review, and queues its review. Refused (400, issues as `details`, nothing
 * stored) when validateTemplate finds a broken rule, or when a live template of the application
 * has the name in that language (Meta's rule). Returns Meta's answer `{id, status: 'PENDING',
 * category}` (201).
 */
export async function createV1Template(deps: WaTemplatesDeps, caller: V1TemplateCaller, t: WaTemplate): Promise<{ id: string; status: string; category: string }> {
  const issues = validateTemplate(t);
  if (issues.length) throw issuesError(issues);
  await refuseForeignMedia(deps, caller.organizationId, t);
  await refuseMediaWithoutAppId(deps, caller.organizationId, caller.applicationId, t);
  if (await repo.isNameTaken(deps.db, caller.applicationId, t.name, { language: t.language })) throw fieldError('name', nameTakenInLanguage(t.name, t.language));
  const now = deps.now();
  const created = await insertWithCode(
    deps,
    {
      organizationId: caller.organizationId,
      applicationId: caller.applicationId,
      name: t.name,
      language: t.language,
      category: t.category,
      ...contentColumns(t),
      status: 'PENDING',
      createdBy: null,
      submittedAt: now,
      createdAt: now,
    },
    'name',
    nameTakenInLanguage(t.name, t.language),
  );
  await queueReview(deps, created);
  return { id: created.id, status: created.status, category: created.category };
}

/** An `after` cursor: base64url of `<created_at ISO>|<id>`. */
const encodeCursor = (r: Pick<repo.TemplateRecord, 'createdAt' | 'id'>) => Buffer.from(`${r.createdAt.toISOString()}|${r.id}`, 'utf8').toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !UUID_RE.test(id) || Number.isNaN(createdAt.getTime())) throw fieldError('after', API.badCursor);
  return { createdAt, id };
}

/**
 * `GET /v1/whatsapp/templates?name&status&limit&after`: the caller's application's live templates,
 * newest first, as Meta lists them (`{data: [{id, name, language, status, category,
 * parameter_format?, components, rejected_reason?, quality_score?}], paging: {cursors: {before,
 * after}, next?}}`). `name` is exact; `status` one or more comma-separated statuses (any of §4's
 * names, e.g. APPROVED,REJECTED); `limit` 1–100 (default 25); `after` the cursor of the previous
 * page. @throws AppError 400 on an unknown status or a bad cursor.
 */
export async function listV1Templates(
  deps: Pick<WaTemplatesDeps, 'db'>,
  caller: V1TemplateCaller,
  q: { name?: string; status?: string; limit: number; after?: string },
): Promise<{ data: MetaTemplateObject[]; paging: { cursors: { before?: string; after?: string }; next?: string } }> {
  const statuses: string[] = [];
  for (const raw of (q.status ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const s = normaliseTemplateStatus(raw);
    if (!s) throw fieldError('status', WA_TEMPLATE_MESSAGES.statusUnknown(raw));
    statuses.push(s);
  }
  const limit = Math.min(Math.max(q.limit, 1), V1_TEMPLATE_PAGE_MAX);
  const rows = await repo.listApplicationTemplates(
    deps.db,
    { applicationId: caller.applicationId, ...(q.name ? { name: q.name } : {}), statuses, ...(q.after ? { after: decodeCursor(q.after) } : {}) },
    limit + 1,
  );
  const page = rows.slice(0, limit);
  const more = rows.length > limit;
  const cursors = page.length ? { before: encodeCursor(page[0]!), after: encodeCursor(page[page.length - 1]!) } : {};
  const next = more && cursors.after ? `/v1/whatsapp/templates?${new URLSearchParams({ ...(q.name ? { name: q.name } : {}), ...(q.status ? { status: q.status } : {}), limit: String(limit), after: cursors.after }).toString()}` : undefined;
  return { data: page.map(toMetaTemplateObject), paging: { cursors, ...(next ? { next } : {}) } };
}

/**
 * `DELETE /v1/whatsapp/templates?name&hsm_id?`: deletes (soft) the caller's application's live
 * templates named `name`, in every language as Meta does, or only template `hsm_id` (Pesan's
 * template id) of that name. With the Cloud API, Meta deletes them too (best effort).
 * @throws AppError 404 'Template not found' when none matches.
 */
export async function deleteV1Templates(deps: WaTemplatesDeps, caller: V1TemplateCaller, q: { name: string; hsm_id?: string }): Promise<{ success: true }> {
  if (q.hsm_id && !UUID_RE.test(q.hsm_id)) throw new AppError('not_found', API.notFound);
  const found = await repo.findApplicationTemplatesByName(deps.db, caller.applicationId, q.name, q.hsm_id);
  if (!found.length) throw new AppError('not_found', API.notFound);
  await repo.softDeleteTemplates(
    deps.db,
    found.map((t) => t.id),
    deps.now(),
  );
  await deleteAtMeta(deps, found);
  return { success: true };
}
