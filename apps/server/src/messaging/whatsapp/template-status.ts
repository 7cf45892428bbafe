/**
 * Meta's template review decisions (`message_template_status_update` webhook, ARCHITECTURE.md §6.1)
 * applied to wa_templates. A small function on its own so the template service can take it over
 * (and add the `template.status` customer webhook of §6.2, not sent from here yet).
 */
import type { Db } from '../../db/client.ts';
import { setTemplateStatusForWaba } from './template-status.repo.ts';

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
 * without name or language change nothing. Returns how many templates changed.
 */
export async function applyTemplateStatusUpdate(db: Db, wabaId: string, value: Record<string, unknown>, at: Date): Promise<number> {
  const status = EVENT_STATUS[String(value['event'] ?? '').toUpperCase()];
  const name = value['message_template_name'];
  const language = value['message_template_language'];
  if (!status || typeof name !== 'string' || typeof language !== 'string') return 0;
  return setTemplateStatusForWaba(db, { wabaId, name, language, status, at });
}
