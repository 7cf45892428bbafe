/**
 * The maintenance job (issue 6): expired security records are deleted on a schedule, live ones kept.
 */
import { eq } from 'drizzle-orm';
import { statusOutbox } from '../src/db/schema/messages.ts';
import { insertTenant } from './v1-helper.ts';
import { insertMessage } from './application-fixtures.ts';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_CRON, pruneExpiredRecords } from '../src/jobs/maintenance.ts';
import { QUEUES, registerWorkers } from '../src/jobs/registry.ts';
import { rateLimits, usedSignatures } from '../src/db/schema/security.ts';
import { emailTokens, loginFailures, sessions } from '../src/db/schema/users.ts';
import { loginChallenges } from '../src/db/schema/teams.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { signUpVerifiedUser } from './accounts-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ workers: false, env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(async () => t.close());

const db = () => t.ctx.database.db;
const minutes = (n: number) => new Date(Date.now() + n * 60_000);
const id = () => randomBytes(16).toString('hex');

/** One expired and one live row in every table the job prunes; returns the live keys. */
async function seed(userId: string, email: string) {
  const live = { session: id(), token: id(), challenge: id(), signature: id(), rate: `live-${id()}`, oldRate: `old-${id()}` };
  await db().insert(loginFailures).values([
    { email, client: '203.0.113.1', at: minutes(-20) },
    { email, client: '203.0.113.1', at: minutes(-5) },
  ]);
  await db().insert(emailTokens).values([
    { tokenHash: id(), userId, kind: 'reset', expiresAt: minutes(-1) },
    { tokenHash: id(), userId, kind: 'verify', expiresAt: minutes(60), usedAt: minutes(-1) },
    { tokenHash: live.token, userId, kind: 'reset', expiresAt: minutes(30) },
  ]);
  await db().insert(sessions).values([
    { idHash: id(), userId, expiresAt: minutes(-1) },
    { idHash: id(), userId, expiresAt: minutes(60), revokedAt: minutes(-1) },
    { idHash: live.session, userId, expiresAt: minutes(60) },
  ]);
  await db().insert(loginChallenges).values([
    { idHash: id(), userId, expiresAt: minutes(-1) },
    { idHash: live.challenge, userId, expiresAt: minutes(9) },
  ]);
  await db().insert(usedSignatures).values([
    { signatureHash: id(), expiresAt: minutes(-1) },
    { signatureHash: live.signature, expiresAt: minutes(4) },
  ]);
  await db().insert(rateLimits).values([
    { key: live.oldRate, count: 3, resetAt: minutes(-1) },
    { key: live.rate, count: 3, resetAt: minutes(1) },
  ]);
  return live;
}

describe('maintenance job', () => {
  it('deletes expired failed sign-ins, e-mail tokens, sessions, signatures and rate-limit windows, keeping live ones', async () => {
    const { user } = await signUpVerifiedUser(t);
    const before = {
      sessions: (await db().select().from(sessions)).length,
      tokens: (await db().select().from(emailTokens)).length,
    };
    const live = await seed(user.id, user.email);
    // Status outbox rows: taken by the webhook fan-out 8 days ago (pruned), 1 day ago, not yet (kept).
    const tenant = await insertTenant(db());
    const messageId = await insertMessage(t, { ...tenant, channel: 'sms', recipient: '+6281234567890' });
    const outbox = (webhookedAt: Date | null) => ({ messageId, ...tenant, channel: 'sms', status: 'delivered', at: new Date(), webhookedAt });
    await db().insert(statusOutbox).values([outbox(minutes(-8 * 24 * 60)), outbox(minutes(-24 * 60)), outbox(null)]);
    const deleted = await pruneExpiredRecords(t.ctx, new Date());
    // The sign-up's own verification token was used, so it goes too; its live session stays.
    expect(deleted).toEqual({ login_failures: 1, email_tokens: 2 + before.tokens, sessions: 2, login_challenges: 1, used_signatures: 1, rate_limits: 1, dispatch_pacing: 0, status_outbox: 1, template_media: 0, idempotency_keys: 0, message_batches: 0 });
    expect((await db().select().from(loginFailures)).map((r) => r.at.getTime())).toHaveLength(1);
    expect(await db().select().from(statusOutbox).where(eq(statusOutbox.messageId, messageId))).toHaveLength(2);
    expect((await db().select().from(emailTokens)).map((r) => r.tokenHash)).toEqual([live.token]);
    const sessionKeys = (await db().select().from(sessions)).map((r) => r.idHash);
    expect(sessionKeys).toContain(live.session);
    expect(sessionKeys).toHaveLength(before.sessions + 1);
    expect((await db().select().from(usedSignatures)).map((r) => r.signatureHash)).toEqual([live.signature]);
    expect((await db().select().from(loginChallenges)).map((r) => r.idHash)).toEqual([live.challenge]);
    const rateKeys = (await db().select().from(rateLimits)).map((r) => r.key);
    expect(rateKeys).toContain(live.rate);
    expect(rateKeys).not.toContain(live.oldRate);
    expect(await pruneExpiredRecords(t.ctx, new Date())).toEqual({ login_failures: 0, email_tokens: 0, sessions: 0, login_challenges: 0, used_signatures: 0, rate_limits: 0, dispatch_pacing: 0, status_outbox: 0, template_media: 0, idempotency_keys: 0, message_batches: 0 });
  });

  it('is scheduled every 15 minutes with pg-boss and its worker prunes when the job runs', async () => {
    const { user } = await signUpVerifiedUser(t);
    const live = await seed(user.id, user.email);
    const rateKeys = async () => (await db().select().from(rateLimits)).map((r) => r.key);
    expect(await rateKeys()).toContain(live.oldRate);
    await t.ctx.boss.send(QUEUES.maintenance, {});
    await registerWorkers(t.ctx);
    const schedules = await t.ctx.boss.getSchedules();
    expect(schedules).toContainEqual(expect.objectContaining({ name: QUEUES.maintenance, cron: MAINTENANCE_CRON }));
    for (let i = 0; i < 100 && (await rateKeys()).includes(live.oldRate); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await rateKeys()).not.toContain(live.oldRate);
    expect(await rateKeys()).toContain(live.rate);
    expect((await db().select().from(usedSignatures)).map((r) => r.signatureHash)).toContain(live.signature);
    expect((await db().select().from(emailTokens)).map((r) => r.tokenHash)).toEqual(expect.arrayContaining([live.token]));
  });
});
