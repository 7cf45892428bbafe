/**
 * Monitoring records (SQL only): messages of one application and channel, scoped by organization.
 */
import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messages } from '../../db/schema/messages.ts';

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
    .select({
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
    })
    .from(messages)
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .offset(f.offset)
    .limit(f.limit);
  const total = Number(agg?.total ?? 0);
  return { rows, total, lastUpdate: total > 0 && agg?.lastUpdate ? new Date(agg.lastUpdate) : null };
}
