/**
 * Console API of WhatsApp templates (ARCHITECTURE.md §5; templates-dashboard-reports.md §2.2–§2.5,
 * §3, §7.1, §8). THE CONTRACT THE SERVER (modules/wa-templates) AND THE WEB (features/wa-templates)
 * SHARE: add fields if needed, never rename or remove one.
 *
 * Calls (session with an organization; another organization's template or application is a 404):
 * - `POST /api/wa/template/list`          templateListQuerySchema   -> templateListResponseSchema
 * - `GET  /api/wa/template/check`         templateCheckQuerySchema  -> templateCheckResponseSchema
 * - `POST /api/wa/template?draft=true|false`   consoleTemplatePayloadSchema (with application_id) -> 201 {data: TemplateRow}
 * - `PUT  /api/wa/template/{id}?draft=true|false` consoleTemplatePayloadSchema -> {data: TemplateRow}
 *   (only a Draft or Rejected template: else 409 WA_TEMPLATE_API_MESSAGES.notEditable)
 * - `GET  /api/wa/template/{id}`          -> {data: TemplateRow}
 * - `DELETE /api/wa/template/{id}`        -> {data: {status: true}}
 * - `PUT  /api/wa/template/duplicate/{id}` -> 201 {data: TemplateRow} (a Draft copy)
 * - `POST /api/wa/delete/template/bulk`   templateBulkDeleteSchema  -> {data: {status: true, deleted: n}}
 * `draft=true` stores a Draft (only formBlockers of wa-template-rules.ts refuse it); `draft=false`
 * also runs validateTemplate and, when it passes, submits the template for review (status PENDING,
 * 'In Review'); a failing rule is a 400 whose `details` are the issues `{path, message}`.
 */
import { z } from './zod.ts';
import { listOf, MAX_APPLICATION_FILTER } from './list-field.ts';
import { singleLine } from './text-fields.ts';
import { MAX_PAGE } from './application-messages.ts';
import { isConsoleDay, RECORDS_MESSAGES } from './records.ts';
import { consoleTemplatePayloadSchema } from './wa-template-console.ts';
import { TEMPLATE_CATEGORIES } from './wa-template-model.ts';
import { TEMPLATE_STATUSES } from './wa-template-status.ts';
import { tooLongMessage } from './zod-messages.ts';
import { VALIDATION_MESSAGES } from './server-messages.ts';

/** Template list page size (§9). */
export const TEMPLATE_PAGE_SIZE = 10;

export const WA_TEMPLATE_API_MESSAGES = {
  notFound: 'Template not found',
  notEditable: 'Only a Draft or Rejected template can be edited',
  /** §8 */
  nameTaken: 'Template name is already used. Please use other template name!',
  drafted: 'WhatsApp template successfully drafted.',
  created: 'WhatsApp template successfully created.',
  deleted: 'Success! Template deleted',
  duplicated: 'Success! Template Duplicate',
  duplicateConfirm: 'Are you sure duplicate this template?',
  deleteConfirm: 'Delete templates cannot be restored. Are you sure you want to delete this template?',
  /** §2.2 */
  empty: "Sorry we couldn't find any result. Try adjusting your search or filter to find what you're looking for.",
  selectAtLeastOne: 'Select at least one template',
  applicationRequired: 'Application is required',
  invalidTemplate: 'Invalid template',
  badCursor: '`after` is not a cursor of this list',
  nameTakenInLanguage: (name: string, language: string) => `A template named ${name} already exists in language ${language}`,
} as const;

const day = (name: string) => z.string().refine(isConsoleDay, VALIDATION_MESSAGES.mustBeDate(`\`${name}\``));

/**
 * Body of `POST /api/wa/template/list` (§3 filters, §7.1): templates of the listed applications
 * (none = every application of the organization), created in `start_date`..`end_date` (whole days
 * in the organization's time zone, both or neither), whose name contains `search` (a leading 0 is
 * read as 62), in the listed statuses (none or 'all' = every status). Newest first.
 */
export const templateListQuerySchema = z
  .object({
    application_id: listOf(z.string().min(1).max(64), MAX_APPLICATION_FILTER).default([]),
    start_date: day('start_date').optional(),
    end_date: day('end_date').optional(),
    search: singleLine(z.string().max(512, tooLongMessage('Search', 512)), 'Search').optional(),
    status: listOf(z.union([z.literal('all'), z.enum(TEMPLATE_STATUSES)]), TEMPLATE_STATUSES.length + 1).default([]),
    page: z.coerce.number().int().min(1).max(MAX_PAGE, VALIDATION_MESSAGES.pageTooLarge(MAX_PAGE)).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(TEMPLATE_PAGE_SIZE),
  })
  .superRefine((v, ctx) => {
    if (!!v.start_date !== !!v.end_date) ctx.addIssue({ code: 'custom', path: [v.start_date ? 'end_date' : 'start_date'], message: VALIDATION_MESSAGES.pickBothDates });
    if (v.start_date && v.end_date && v.end_date < v.start_date) ctx.addIssue({ code: 'custom', path: ['end_date'], message: RECORDS_MESSAGES.rangeInvalid });
  });
export type TemplateListInput = z.input<typeof templateListQuerySchema>;
export type TemplateListQuery = z.output<typeof templateListQuerySchema>;

/**
 * One template as the console shows it: ids, the application, name, language, category, status
 * (stored value) with its label (§4), the template code (shown with a copy button in the preview),
 * Meta's rejection reason and our recommendation, quality, dates, and its content as the console
 * payload (§3) for the editor and the preview.
 */
export const templateRowSchema = z.object({
  _id: z.string(),
  template_code_id: z.string(),
  application_id: z.string(),
  application_name: z.string(),
  template_name: z.string(),
  language: z.string(),
  template_category: z.enum(TEMPLATE_CATEGORIES),
  status: z.enum(TEMPLATE_STATUSES),
  status_label: z.string(),
  /** Notes column of the list: the rejection notes (reason and recommendation) when rejected. */
  notes: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  recommendation: z.string().nullable(),
  quality: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  payload: consoleTemplatePayloadSchema,
});
export type TemplateRow = z.infer<typeof templateRowSchema>;

export const templateResponseSchema = z.object({ data: templateRowSchema });
export const templateListResponseSchema = z.object({
  data: z.object({ docs: z.array(templateRowSchema), page: z.number().int(), limit: z.number().int(), pages: z.number().int(), total: z.number().int() }),
});
export type TemplateListResponse = z.infer<typeof templateListResponseSchema>;

/** Query of `GET /api/wa/template/check` (§2.3 name availability): the name as typed (sanitised by the server) and the application. */
export const templateCheckQuerySchema = z.object({
  name: z.string().min(1).max(4096),
  application_id: z.string().min(1).max(64),
  /** When editing: the template itself does not make its own name unavailable. */
  exclude_id: z.string().max(64).optional(),
});
export const templateCheckResponseSchema = z.object({ data: z.object({ available: z.boolean(), name: z.string() }) });

/** Query of the create and update calls: `draft=true` saves a Draft, `draft=false` submits for review. */
export const templateDraftQuerySchema = z.object({ draft: z.enum(['true', 'false']).default('true') });

/** Body of `POST /api/wa/delete/template/bulk`. */
export const templateBulkDeleteSchema = z.object({ template_ids: z.array(z.string().min(1).max(64)).min(1, WA_TEMPLATE_API_MESSAGES.selectAtLeastOne).max(100) });
