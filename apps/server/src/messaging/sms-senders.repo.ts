/**
 * SQL of SMS senders (ARCHITECTURE.md §6.1 smpp): the sender name and number configured on an
 * application's SMS or SMS OTP channel (table application_channels), the SMPP `source_addr`.
 */
import { and, eq } from 'drizzle-orm';
import type { ChannelId } from '@pesan/contracts/channels';
import type { Db } from '../db/client.ts';
import { applicationChannels } from '../db/schema/applications.ts';

/** The `sender_name` and `sender_number` of application `applicationId`'s `channel`, or null when the channel is not enabled. */
export async function findChannelSender(db: Db, applicationId: string, channel: ChannelId): Promise<{ senderName: string | null; senderNumber: string | null } | null> {
  const [row] = await db
    .select({ senderName: applicationChannels.senderName, senderNumber: applicationChannels.senderNumber })
    .from(applicationChannels)
    .where(and(eq(applicationChannels.applicationId, applicationId), eq(applicationChannels.channel, channel)))
    .limit(1);
  return row ?? null;
}
