/**
 * Test fixtures for the application, token and records tests: a signed-in user with an
 * organization (through accounts-helper.ts), and message rows inserted directly.
 */
import { messages } from '../src/db/schema/messages.ts';
import { ensurePartitionsBetween } from '../src/db/partitions.ts';
import { hourOf } from '../src/messaging/engine/status-recorder.ts';
import { moveStatsCounter } from '../src/messaging/engine/status.repo.ts';
import { signUpVerifiedUser, signUpWithOrganization } from './accounts-helper.ts';
import { sameOrigin, type TestApp } from './harness.ts';

export interface Account {
  userId: string;
  organizationId: string;
  /** Cookie header value for inject calls. */
  cookie: string;
  /** Headers of a same-origin signed-in call. */
  headers: { origin: string; cookie: string };
}

/**
 * A verified user signed up the way a person does (accounts-helper), in a new organization unless
 * `withOrganization` is false.
 */
export async function createAccount(t: TestApp, opts: { withOrganization?: boolean } = {}): Promise<Account> {
  const account = opts.withOrganization === false ? { ...(await signUpVerifiedUser(t)), organizationId: '' } : await signUpWithOrganization(t);
  return {
    userId: account.user.id,
    organizationId: account.organizationId,
    cookie: account.cookie,
    headers: { ...sameOrigin, cookie: account.cookie },
  };
}

export type MessageValues = Partial<typeof messages.$inferInsert> & { organizationId: string; applicationId: string; channel: string; recipient: string };

/**
 * Inserts one messages row (status 'delivered' and body {} unless given) and counts it in the
 * hourly rollup message_stats_hourly as the accept path does; returns its id.
 */
export async function insertMessage(t: TestApp, values: MessageValues): Promise<string> {
  const db = t.ctx.database.db;
  if (values.createdAt) await ensurePartitionsBetween(db, values.createdAt, values.createdAt);
  const [row] = await db
    .insert(messages)
    .values({ status: 'delivered', body: {}, ...values })
    .returning({ id: messages.id, status: messages.status, createdAt: messages.createdAt });
  await moveStatsCounter(db, { organizationId: values.organizationId, applicationId: values.applicationId, channel: values.channel, hour: hourOf(row!.createdAt), from: null, to: row!.status });
  return row!.id;
}
