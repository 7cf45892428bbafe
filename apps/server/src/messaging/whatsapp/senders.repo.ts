/**
 * SQL of WhatsApp senders (ARCHITECTURE.md §4 `whatsapp:sender`): the WABA and Cloud API phone
 * number of an application.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applications } from '../../db/schema/applications.ts';
import { whatsappSenders } from '../../db/schema/carriers.ts';

/** An application's WhatsApp sender. `messagesPerSecond` null = the configured default rate. */
export interface WhatsappSender {
  applicationId: string;
  organizationId: string;
  wabaId: string;
  phoneNumberId: string;
  displayName: string;
  messagesPerSecond: number | null;
  updatedAt: Date;
}

const columns = {
  applicationId: whatsappSenders.applicationId,
  organizationId: whatsappSenders.organizationId,
  wabaId: whatsappSenders.wabaId,
  phoneNumberId: whatsappSenders.phoneNumberId,
  displayName: whatsappSenders.displayName,
  messagesPerSecond: whatsappSenders.messagesPerSecond,
  updatedAt: whatsappSenders.updatedAt,
};

/** The sender of application `applicationId`, or null. */
export async function findSenderByApplication(db: Db, applicationId: string): Promise<WhatsappSender | null> {
  const [row] = await db.select(columns).from(whatsappSenders).where(eq(whatsappSenders.applicationId, applicationId)).limit(1);
  return row ?? null;
}

/** The sender using Cloud API phone number `phoneNumberId` (webhooks name it in `metadata`), or null. */
export async function findSenderByPhoneNumberId(db: Db, phoneNumberId: string): Promise<WhatsappSender | null> {
  const [row] = await db.select(columns).from(whatsappSenders).where(eq(whatsappSenders.phoneNumberId, phoneNumberId)).limit(1);
  return row ?? null;
}

/**
 * Sets (insert or replace) the sender of an application. Returns the stored sender.
 * @throws the unique violation of whatsapp_senders_phone_number_idx when another application uses the number.
 */
export async function upsertSender(db: Db, s: Omit<WhatsappSender, 'updatedAt'>, now: Date): Promise<WhatsappSender> {
  const [row] = await db
    .insert(whatsappSenders)
    .values({ ...s, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: whatsappSenders.applicationId,
      set: { wabaId: s.wabaId, phoneNumberId: s.phoneNumberId, displayName: s.displayName, messagesPerSecond: s.messagesPerSecond, updatedAt: now },
    })
    .returning(columns);
  return row!;
}

/** The live (not deleted) application `id` with its name and organization, or null. */
export async function findLiveApplication(db: Db, id: string): Promise<{ id: string; name: string; organizationId: string } | null> {
  const [row] = await db
    .select({ id: applications.id, name: applications.name, organizationId: applications.organizationId })
    .from(applications)
    .where(and(eq(applications.id, id), isNull(applications.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The senders using WABA `wabaId` in organization `organizationId`. */
export async function findSendersByWaba(db: Db, organizationId: string, wabaId: string): Promise<WhatsappSender[]> {
  return db.select(columns).from(whatsappSenders).where(and(eq(whatsappSenders.organizationId, organizationId), eq(whatsappSenders.wabaId, wabaId)));
}
