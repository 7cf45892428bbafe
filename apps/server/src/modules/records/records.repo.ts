/**
 * Monitoring records (SQL only): messages of one application and channel, scoped by organization.
 */
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messageEvents, messages } from '../../db/schema/messages.ts';
import { waTemplates } from '../../db/schema/templates.ts';

export interface RecordsFilter {
  organizationId: string;
  applicationId: string;
  channel: string;
  /** Inclusive bounds on created_at. */
  from?: Date;
  to?: Date;
  status?: string;
  /** Lower-case message id prefix (exact id included). */
  idPrefix?: string;
  /** Substring the recipient must contain, case-insensitive. */
  recipientContains?: string;
  offset: number;
  limit: number;
}

export interface MessageRow {
  id: string;
  channel: string;
  recipient: string;
  country: string | null;
  totalSms: number | null;
  status: string;
  reason: string | null;
  templateName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The columns of a Monitoring record (MessageRow). */
const recordColumns = {
  id: messages.id,
  channel: messages.channel,
  recipient: messages.recipient,
  country: messages.country,
  totalSms: messages.totalSms,
  status: messages.status,
  reason: messages.reason,
  templateName: messages.templateName,
  createdAt: messages.createdAt,
  updatedAt: messages.updatedAt,
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A page of matching messages, newest first, with the total count and the most recent updated_at
 * among all matching rows (null when none).
 */
export async function findRecords(db: Db, f: RecordsFilter): Promise<{ rows: MessageRow[]; total: number; lastUpdate: Date | null }> {
  const conds: (SQL | undefined)[] = [
    eq(messages.organizationId, f.organizationId),
    eq(messages.applicationId, f.applicationId),
    eq(messages.channel, f.channel),
  ];
  if (f.from) conds.push(gte(messages.createdAt, f.from));
  if (f.to) conds.push(lte(messages.createdAt, f.to));
  if (f.status) conds.push(eq(messages.status, f.status));
  if (f.idPrefix) conds.push(sql`${messages.id}::text like ${`${escapeLike(f.idPrefix)}%`}`);
  if (f.recipientContains) conds.push(sql`${messages.recipient} ilike ${`%${escapeLike(f.recipientContains)}%`}`);
  const where = and(...conds);
  const [agg] = await db
    .select({ total: sql<number>`count(*)::int`, lastUpdate: sql<Date | null>`max(${messages.updatedAt})`.mapWith(messages.updatedAt) })
    .from(messages)
    .where(where);
  const rows = await db
    .select(recordColumns)
    .from(messages)
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .offset(f.offset)
    .limit(f.limit);
  const total = Number(agg?.total ?? 0);
  return { rows, total, lastUpdate: total > 0 && agg?.lastUpdate ? new Date(agg.lastUpdate) : null };
}

/** A message with what the detail view shows beyond a record. */
export interface MessageDetailRow extends MessageRow {
  applicationId: string;
  providerCode: string | null;
  body: unknown;
}

/**
 * Message `id` of organization `organizationId` with its events (oldest first) and whether its
 * template is an authentication one, or null.
 */
export async function findMessageDetail(
  db: Db,
  organizationId: string,
  id: string,
): Promise<{ message: MessageDetailRow; events: { status: string; at: Date; reason: string | null; providerCode: string | null }[]; authenticationTemplate: boolean } | null> {
  const [message] = await db
    .select({ ...recordColumns, applicationId: messages.applicationId, providerCode: messages.providerCode, body: messages.body })
    .from(messages)
    .where(and(eq(messages.organizationId, organizationId), eq(messages.id, id)))
    .limit(1);
  if (!message) return null;
  const events = await db
    .select({ status: messageEvents.status, at: messageEvents.at, reason: messageEvents.reason, providerCode: messageEvents.providerCode })
    .from(messageEvents)
    .where(eq(messageEvents.messageId, id))
    .orderBy(asc(messageEvents.id));
  let authenticationTemplate = false;
  if (message.templateName) {
    const [t] = await db
      .select({ category: waTemplates.category })
      .from(waTemplates)
      .where(and(eq(waTemplates.organizationId, organizationId), eq(waTemplates.name, message.templateName)))
      .limit(1);
    authenticationTemplate = t?.category?.toUpperCase() === 'AUTHENTICATION';
  }
  return { message, events, authenticationTemplate };
}
