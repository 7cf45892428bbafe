/**
 * SQL of template review decisions arriving from Meta (`message_template_status_update` webhook).
 * Kept apart so the template service (modules/wa-templates, issue 8 templates part) can take it over.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappSenders } from '../../db/schema/carriers.ts';
import { waTemplates } from '../../db/schema/templates.ts';

/**
 * Sets `status` on the template `name` in `language` of every organization whose WhatsApp sender
 * uses WABA `wabaId`. Returns the templates changed.
 */
export async function setTemplateStatusForWaba(
  db: Db,
  u: { wabaId: string; name: string; language: string; status: string; at: Date },
): Promise<{ id: string; organizationId: string; category: string }[]> {
  const orgs = db.select({ id: whatsappSenders.organizationId }).from(whatsappSenders).where(eq(whatsappSenders.wabaId, u.wabaId));
  const rows = await db
    .update(waTemplates)
    .set({ status: u.status, updatedAt: u.at })
    .where(and(eq(waTemplates.name, u.name), eq(waTemplates.language, u.language), inArray(waTemplates.organizationId, orgs)))
    .returning({ id: waTemplates.id, organizationId: waTemplates.organizationId, category: waTemplates.category });
  return rows;
}
