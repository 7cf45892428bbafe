/**
 * SQL of the WhatsApp 24-hour customer-service window (ARCHITECTURE.md §6: free text only inside
 * the recipient's window, opened by an inbound message). Rules live in v1.service.ts and
 * webhook.service.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappServiceWindows } from '../../db/schema/carriers.ts';

/** When the window of (`applicationId`, `recipient` E.164) ends, or null when none was ever opened. */
export async function findServiceWindowEnd(db: Db, applicationId: string, recipient: string): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: whatsappServiceWindows.expiresAt })
    .from(whatsappServiceWindows)
    .where(and(eq(whatsappServiceWindows.applicationId, applicationId), eq(whatsappServiceWindows.recipient, recipient)))
    .limit(1);
  return row?.expiresAt ?? null;
}

/**
 * Opens or extends the window of (`applicationId` of `organizationId`, `recipient` E.164) after an
 * inbound message at `at`, ending at `expiresAt`. Never moves either time backwards (webhooks
 * arrive in any order).
 */
export async function openServiceWindow(db: Db, w: { applicationId: string; organizationId: string; recipient: string; at: Date; expiresAt: Date }): Promise<void> {
  await db
    .insert(whatsappServiceWindows)
    .values({ applicationId: w.applicationId, organizationId: w.organizationId, recipient: w.recipient, lastInboundAt: w.at, expiresAt: w.expiresAt })
    .onConflictDoUpdate({
      target: [whatsappServiceWindows.applicationId, whatsappServiceWindows.recipient],
      set: {
        lastInboundAt: sql`greatest(${whatsappServiceWindows.lastInboundAt}, excluded.last_inbound_at)`,
        expiresAt: sql`greatest(${whatsappServiceWindows.expiresAt}, excluded.expires_at)`,
      },
    });
}
