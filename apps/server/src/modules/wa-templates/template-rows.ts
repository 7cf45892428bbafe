/**
 * Shapes of a stored template (wa_templates row): Meta's model (contracts/wa-template-model.ts),
 * the console's row (contracts/wa-template-api.ts templateRowSchema, §3) and Meta's template
 * object of the /v1 list (ARCHITECTURE.md §6). Pure.
 */
import { randomBytes } from 'node:crypto';
import type { TemplateRow } from '@pesan/contracts/wa-template-api';
import { metaToConsole } from '@pesan/contracts/wa-template-console';
import { waTemplateSchema, type ParameterFormat, type TemplateCategory, type WaTemplate } from '@pesan/contracts/wa-template-model';
import { templateStatusLabel, type TemplateStatus } from '@pesan/contracts/wa-template-status';
import type { TemplateRecord, TemplateWithApplication } from './wa-templates.repo.ts';

/** Crockford's base32 alphabet (no I, L, O, U): codes read aloud or typed without confusion. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new template code (§2.2 Template Code column): 'TPL-' + 8 random Crockford base32 characters (40 bits). */
export function newTemplateCode(): string {
  const bytes = randomBytes(8);
  let out = '';
  for (const b of bytes) out += CROCKFORD[b & 31];
  return `TPL-${out}`;
}

/**
 * The stored template in Meta's model: name, language, category, parameter_format, TTL and
 * components as stored. Rows written before the components were validated (or by hand) are read
 * as they are when they do not parse.
 */
export function storedTemplate(r: Pick<TemplateRecord, 'name' | 'language' | 'category' | 'parameterFormat' | 'messageSendTtlSeconds' | 'components'>): WaTemplate {
  const raw = {
    name: r.name,
    language: r.language,
    category: r.category,
    ...(r.parameterFormat ? { parameter_format: r.parameterFormat } : {}),
    ...(r.messageSendTtlSeconds !== null ? { message_send_ttl_seconds: r.messageSendTtlSeconds } : {}),
    components: r.components,
  };
  const parsed = waTemplateSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  return {
    name: r.name,
    language: r.language as WaTemplate['language'],
    category: r.category as TemplateCategory,
    ...(r.parameterFormat ? { parameter_format: r.parameterFormat as ParameterFormat } : {}),
    components: (Array.isArray(r.components) ? r.components : []) as WaTemplate['components'],
  };
}

/** The columns of a template's content (Meta's model) to store. */
export function contentColumns(t: WaTemplate): Pick<TemplateRecord, 'components' | 'parameterFormat' | 'messageSendTtlSeconds'> {
  return { components: t.components, parameterFormat: t.parameter_format ?? null, messageSendTtlSeconds: t.message_send_ttl_seconds ?? null };
}

/** The console's row of a template (contracts/wa-template-api.ts templateRowSchema). */
export function toTemplateRow(r: TemplateWithApplication): TemplateRow {
  return {
    _id: r.id,
    template_code_id: r.templateCode,
    application_id: r.applicationId,
    application_name: r.applicationName,
    template_name: r.name,
    language: r.language,
    template_category: r.category as TemplateCategory,
    status: r.status as TemplateStatus,
    status_label: templateStatusLabel(r.status),
    notes: r.notes,
    rejection_reason: r.rejectionReason,
    recommendation: r.recommendation,
    quality: r.quality,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    payload: metaToConsole(storedTemplate(r), { application_id: r.applicationId, template_code_id: r.templateCode }),
  };
}

/**
 * A template as Meta's `GET /{waba_id}/message_templates` lists it: `{id, name, language, status,
 * category, parameter_format, components}`, plus `rejected_reason` when rejected and
 * `quality_score` when Meta rated it. `id` is Pesan's template id.
 */
export interface MetaTemplateObject {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  parameter_format?: string;
  message_send_ttl_seconds?: number;
  components: Record<string, unknown>[];
  rejected_reason?: string;
  quality_score?: { score: string };
}

export function toMetaTemplateObject(r: TemplateRecord): MetaTemplateObject {
  const t = storedTemplate(r);
  return {
    id: r.id,
    name: t.name,
    language: t.language,
    status: r.status,
    category: t.category,
    ...(t.parameter_format ? { parameter_format: t.parameter_format } : {}),
    ...(t.message_send_ttl_seconds !== undefined ? { message_send_ttl_seconds: t.message_send_ttl_seconds } : {}),
    components: t.components as Record<string, unknown>[],
    ...(r.status === 'REJECTED' ? { rejected_reason: r.rejectionReason ?? 'NONE' } : {}),
    ...(r.quality ? { quality_score: { score: r.quality } } : {}),
  };
}
