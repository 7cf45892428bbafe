/**
 * Meta's template review decisions (`message_template_status_update` webhook, ARCHITECTURE.md §6.1)
 * applied to wa_templates. A small function on its own so the template service can take it over
 * The caller tells customers (`template.status` webhook of §6.2) about each template changed.
 */
import type { Db } from '../../db/client.ts';
import { setTemplateStatusForWaba } from './template-status.repo.ts';

/** A template's new review status, as customers are told it (`template.status` webhook data). */
export interface TemplateDecision {
  wabaId: string;
  templateId: string;
  organizationId: string;
  name: string;
  language: string;
  category: string;
  status: string;
  /** Meta's rejection reason (absent or NONE = null). */
  reason: string | null;
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
  PENDING_DELETION: 'PENDING_DELETION',
  DELETED: 'DELETED',
  LIMIT_EXCEEDED: 'LIMIT_EXCEEDED',
  ARCHIVED: 'ARCHIVED',
};

/**
 * Applies one `message_template_status_update` value (`{event, message_template_name,
 * message_template_language, reason?, …}`) of WABA `wabaId` at `at`: the matching template of the
 * organizations whose sender uses that WABA takes the new status. Unknown events and values
 * without name or language change nothing. Returns the decisions applied, one per template changed.
 */
export async function applyTemplateStatusUpdate(db: Db, wabaId: string, value: Record<string, unknown>, at: Date): Promise<TemplateDecision[]> {
  const status = EVENT_STATUS[String(value['event'] ?? '').toUpperCase()];
  const name = value['message_template_name'];
  const language = value['message_template_language'];
  if (!status || typeof name !== 'string' || typeof language !== 'string') return [];
  const changed = await setTemplateStatusForWaba(db, { wabaId, name, language, status, at });
  const reason = typeof value['reason'] === 'string' && value['reason'] !== 'NONE' ? (value['reason'] as string) : null;
  return changed.map((t) => ({ wabaId, templateId: t.id, organizationId: t.organizationId, name, language, category: t.category, status, reason, at }));
}
