/**
 * Meta's template events on the WABA webhook (ARCHITECTURE.md §6.1): review decisions
 * (`message_template_status_update`) and quality ratings (`message_template_quality_update`),
 * read from Meta's payload and applied to the templates by the template service
 * (modules/wa-templates/template-review.service.ts). The caller tells customers
 * (`template.status` webhook of §6.2) about each decision returned.
 */
import type { Db } from '../../db/client.ts';
import { applyMetaQualityUpdate, applyMetaStatusUpdate } from '../../modules/wa-templates/template-review.service.ts';

/** A template's new review status, as customers are told it (`template.status` webhook data). */
export interface TemplateDecision {
  /** The WABA Meta decided for; null for the sandbox reviewer. */
  wabaId: string | null;
  templateId: string;
  organizationId: string;
  /** The application the template belongs to: its status webhook endpoint hears of the decision. */
  applicationId: string;
  name: string;
  language: string;
  category: string;
  status: string;
  /** Meta's rejection reason (absent or NONE = null). */
  reason: string | null;
  /** How to fix a rejected template (Meta's `rejection_info.recommendation`, or the sandbox reviewer's). */
  recommendation: string | null;
  at: Date;
}

/** Meta's `event` values that name a template status, mapped to the status stored (REINSTATED = APPROVED again). */
const EVENT_STATUS: Record<string, string> = {
  APPROVED: 'APPROVED',
  REJECTED: 'REJECTED',
  PENDING: 'PENDING',
  PAUSED: 'PAUSED',
  DISABLED: 'DISABLED',
  FLAGGED: 'FLAGGED',
  IN_APPEAL: 'IN_APPEAL',
  REINSTATED: 'APPROVED',
  UNPAUSED: 'APPROVED',
  UNARCHIVED: 'APPROVED',
  PENDING_DELETION: 'PENDING_DELETION',
  DELETED: 'DELETED',
  LIMIT_EXCEEDED: 'LIMIT_EXCEEDED',
  ARCHIVED: 'ARCHIVED',
};

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const idOf = (v: unknown): string | null => (typeof v === 'number' || (typeof v === 'string' && v !== '') ? String(v) : null);
const objectOf = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/**
 * Applies one `message_template_status_update` value of WABA `wabaId` at `at` (Meta's payload:
 * `{event, message_template_id, message_template_name, message_template_language, reason,
 * message_template_category?, rejection_info?: {reason, recommendation}, other_info?: {title,
 * description}, disable_info?}`): the matching templates of the applications whose sender uses
 * that WABA (by Meta's template id, else by name and language) take the new status, Meta's reason
 * (NONE = none), its recommendation, and notes (rejection_info.reason or other_info.description).
 * Unknown events and values without name or language change nothing. Returns the decisions
 * applied, one per template changed.
 */
export async function applyTemplateStatusUpdate(db: Db, wabaId: string, value: Record<string, unknown>, at: Date): Promise<TemplateDecision[]> {
  const status = EVENT_STATUS[String(value['event'] ?? '').toUpperCase()];
  const name = text(value['message_template_name']);
  const language = text(value['message_template_language']);
  if (!status || !name || !language) return [];
  const reason = text(value['reason']);
  const rejection = objectOf(value['rejection_info']);
  const other = objectOf(value['other_info']);
  return applyMetaStatusUpdate(db, {
    wabaId,
    metaTemplateId: idOf(value['message_template_id']),
    name,
    language,
    status,
    reason: reason && reason.toUpperCase() !== 'NONE' ? reason : null,
    recommendation: text(rejection['recommendation']),
    notes: text(rejection['reason']) ?? text(other['description']),
    at,
  });
}

/**
 * Applies one `message_template_quality_update` value of WABA `wabaId` (`{previous_quality_score,
 * new_quality_score, message_template_id, message_template_name, message_template_language}`):
 * the matching templates take the new quality (GREEN, YELLOW, RED, UNKNOWN). Returns how many.
 */
export async function applyTemplateQualityUpdate(db: Db, wabaId: string, value: Record<string, unknown>, at: Date): Promise<number> {
  const quality = text(value['new_quality_score']);
  const name = text(value['message_template_name']);
  const language = text(value['message_template_language']);
  if (!quality || !name || !language) return 0;
  return applyMetaQualityUpdate(db, { wabaId, metaTemplateId: idOf(value['message_template_id']), name, language, quality: quality.toUpperCase(), at });
}
