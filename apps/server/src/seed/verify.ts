/**
 * Demo Verify history (ARCHITECTURE.md §4 DEMO_DATA, §6.4): about three hundred verifications of
 * the demo application over the last 3 weeks, on the Verify channels it has (sms through SMS OTP,
 * whatsapp with the AUTHENTICATION template `login_code`, call, email), with a daily pattern
 * (busier on weekdays and in Jakarta's daytime) and every state: approved (about 80 %, mostly
 * 10–90 s after the send, a tail of several minutes, some after a resend or a mistyped code),
 * expired (some whose SMS was undelivered), failed after 5 wrong codes, canceled, and a few
 * pending ones started minutes ago. Recipients are Indonesian and Singaporean numbers in E.164
 * (e-mail addresses for email). Each send is a real message of the code's channel, stored as the
 * service stores it once sent: the code masked by dots, its events final (traffic.ts demoRow,
 * insertFinishedMessages, so Monitoring and the Overview count them). `code_hmac` is random hex,
 * the HMAC of no code. Deterministic: the same data on every new database, relative to
 * ctx.now() (a fixed pseudo-random sequence). Ends with the hourly Verify rollup. Does nothing
 * without the demo application, or when it has verifications already.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { normalisePhone } from '@pesan/contracts/phone';
import { VERIFY_TEXTS, VERIFY_TOKEN_CHANNEL, type VerifyChannel, type VerifyLocale } from '@pesan/contracts/verify';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { verifications, type VerificationSend } from '../db/schema/verifications.ts';
import { insertFinishedMessages } from '../messaging/messages.repo.ts';
import { findChannels } from '../modules/application/application.repo.ts';
import { rollUpVerifyStats } from '../modules/verify/verify-stats.repo.ts';
import { DEMO_APPLICATION_NAME } from './applications.ts';
import type { DemoIds } from './seed.ts';
import { demoRow, type DemoRow } from './traffic.ts';

/** How far back the demo verifications go, in days (today included). */
export const DEMO_VERIFY_DAYS = 21;
/** The demo application's APPROVED AUTHENTICATION template (seed/templates.ts). */
export const DEMO_VERIFY_TEMPLATE = 'login_code';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Jakarta (UTC+7): the demo's users verify in its daytime. */
const LOCAL_OFFSET_HOURS = 7;
/** Relative share of verifications by local hour 0–23. */
const HOUR_WEIGHTS = [1, 0.6, 0.3, 0.2, 0.3, 0.8, 2, 4, 6, 7, 7, 6.5, 7.5, 6, 5.5, 5, 5.5, 6, 7, 8, 7.5, 5.5, 3.5, 2];
/** Share of each Verify channel (among those the application has). */
const CHANNEL_WEIGHTS: Record<VerifyChannel, number> = { sms: 0.55, whatsapp: 0.22, email: 0.13, call: 0.1 };
const ID_PREFIXES = ['811', '812', '813', '821', '822', '852', '856', '857', '877', '878', '895', '896'];
const EMAIL_NAMES = ['budi.santoso', 'sari.wulandari', 'andi.pratama', 'dewi.lestari', 'rizky.ramadhan', 'putri.anggraini', 'agus.setiawan', 'nur.aisyah', 'wei.ling.tan', 'jun.hao.lim', 'siti.rahma', 'fajar.nugroho', 'mei.chen', 'hendra.wijaya', 'ayu.kartika'];

type Status = (typeof verifications.$inferInsert)['status'] & string;
export type DemoVerificationRow = typeof verifications.$inferInsert & { id: string; sends: VerificationSend[] };

/** mulberry32: a small seeded generator, so the demo is the same on every database. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Inserts demo verifications in one multi-row statement. */
export async function insertDemoVerifications(db: Db, rows: DemoVerificationRow[]): Promise<void> {
  if (rows.length) await db.insert(verifications).values(rows);
}

/** Seeds the demo application's verifications and their code messages, then rolls up the Verify figures. */
export async function seedDemoVerify(ctx: AppContext, ids: DemoIds): Promise<void> {
  const { applicationId, organizationId } = ids;
  if (!applicationId || !organizationId) return;
  const db = ctx.database.db;
  const [existing] = await db.select({ n: count() }).from(verifications).where(eq(verifications.applicationId, applicationId));
  if (Number(existing?.n ?? 0) > 0) return;
  const enabled = new Set((await findChannels(db, organizationId, [applicationId])).map((c) => c.channel));
  const channels = (Object.keys(VERIFY_TOKEN_CHANNEL) as VerifyChannel[]).filter((c) => enabled.has(VERIFY_TOKEN_CHANNEL[c]));
  if (!channels.length) return;

  const now = ctx.now().getTime();
  const rand = generator(0x5e7f1);
  const between = (lo: number, hi: number) => lo + rand() * (hi - lo);
  const int = (lo: number, hi: number) => Math.floor(between(lo, hi + 1));
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  const weighted = <T extends string | number>(entries: [T, number][]): T => {
    let r = rand() * entries.reduce((s, [, w]) => s + w, 0);
    for (const [v, w] of entries) if ((r -= w) < 0) return v;
    return entries[entries.length - 1]![0];
  };
  const lastFour = () => String(int(1000, 9999));
  // Returning users: a pool of numbers and addresses, each verifying now and then.
  const phones = Array.from({ length: 140 }, (_, i) => (i % 5 === 4 ? `+65${pick(['8', '9'])}${int(100, 999)}${lastFour()}` : `+62${pick(ID_PREFIXES)}${int(100, 9999)}${lastFour()}`));
  const emails = EMAIL_NAMES.map((n, i) => `${n}${i % 3 === 0 ? int(1, 99) : ''}@example.com`);
  const channelWeights = channels.map((c): [VerifyChannel, number] => [c, CHANNEL_WEIGHTS[c]]);
  const hourWeights = HOUR_WEIGHTS.map((w, h): [number, number] => [h, w]);

  const rows: DemoVerificationRow[] = [];
  const messageRows: DemoRow[] = [];
  const owner = { applicationId, organizationId };
  const at = (ms: number) => new Date(Math.round(ms));

  /** One verification of `channel` started at `start`, ending as `status`. */
  const add = (channel: VerifyChannel, start: number, status: Status) => {
    const phone = channel === 'email' ? null : normalisePhone(status === 'expired' && channel === 'sms' && rand() < 0.3 ? `${pick(phones).slice(0, -4)}0003` : pick(phones));
    const recipient = phone?.e164 ?? pick(emails);
    const locale: VerifyLocale = phone?.country === 'ID' && rand() < 0.7 ? 'id' : 'en';
    const codeLength = channel === 'call' ? pick([4, 4, 6]) : channel === 'email' ? pick([6, 6, 8]) : pick([6, 6, 6, 4]);
    const expiresIn = status === 'pending' ? pick([600, 900]) : weighted<number>([[600, 8], [300, 1], [900, 1]]);
    const expiresAt = start + expiresIn * 1000;
    // Sends: the first at once; a resend 35 s to 2 min later for some (most of the expired ones).
    const sendTimes = [start + int(80, 400)];
    const resends = status === 'expired' ? weighted<number>([[0, 6], [1, 3], [2, 1]]) : status === 'approved' ? (rand() < 0.08 ? 1 : 0) : status === 'failed' ? (rand() < 0.2 ? 1 : 0) : 0;
    for (let k = 0; k < resends; k++) sendTimes.push(sendTimes[sendTimes.length - 1]! + between(35_000, 120_000));
    const lastSend = sendTimes[sendTimes.length - 1]!;
    let attempts = 0;
    let approvedAt: Date | null = null;
    let closedAt: Date | null = null;
    switch (status) {
      case 'approved': {
        // Most users type the code within 10–90 s; some come back minutes later.
        const delay = rand() < 0.85 ? 10_000 + 80_000 * rand() ** 1.4 : between(90_000, 420_000);
        approvedAt = at(Math.min(lastSend + delay, expiresAt - 5_000));
        closedAt = approvedAt;
        attempts = rand() < 0.1 ? 2 : 1;
        break;
      }
      case 'failed':
        attempts = 5;
        closedAt = at(lastSend + between(40_000, 200_000));
        break;
      case 'expired':
        attempts = weighted<number>([[0, 6], [1, 3], [2, 1]]);
        closedAt = at(expiresAt + between(1_000, 59_000)); // the every-minute sweep
        break;
      case 'canceled':
        attempts = rand() < 0.2 ? 1 : 0;
        closedAt = at(lastSend + between(20_000, 240_000));
        break;
      case 'pending':
        attempts = rand() < 0.25 ? 1 : 0;
        break;
    }
    const appName = DEMO_APPLICATION_NAME;
    const texts = VERIFY_TEXTS[locale];
    const mask = '•'.repeat(codeLength);
    const sends = sendTimes.map((t): VerificationSend => {
      const minutes = Math.max(1, Math.ceil((expiresAt - t) / MINUTE_MS));
      const rest: Record<string, unknown> =
        channel === 'sms'
          ? { text: texts.sms(appName, mask, minutes) }
          : channel === 'call'
            ? { text: texts.call(appName, mask) }
            : channel === 'email'
              ? { subject: texts.emailSubject(appName), text: texts.emailText(appName, mask, minutes) }
              : { template: { name: DEMO_VERIFY_TEMPLATE, language: 'en', parameters: [mask], button_parameters: [mask] } };
      const row = demoRow(owner, [VERIFY_TOKEN_CHANNEL[channel], recipient, rest], at(t), messageRows.length);
      // An AUTHENTICATION template opens an authentication conversation (drivers/sandbox.ts sandboxConversation).
      if (channel === 'whatsapp') row.message.conversationCategory = 'authentication';
      messageRows.push(row);
      return { channel, message_id: row.message.id, at: row.message.createdAt.toISOString() };
    });
    const updatedAt = closedAt ?? at(lastSend);
    rows.push({
      id: randomUUID(),
      organizationId,
      applicationId,
      recipient,
      country: phone?.country ?? null,
      channel,
      status,
      // Random hex in the HMAC's shape: the HMAC of no code, so no demo code can be recovered.
      codeHmac: randomBytes(32).toString('hex'),
      codeLength,
      locale,
      template: channel === 'whatsapp' ? DEMO_VERIFY_TEMPLATE : null,
      attempts,
      sendCount: sends.length,
      sends,
      lastSendAt: at(lastSend),
      expiresAt: at(expiresAt),
      createdAt: at(start),
      updatedAt,
      approvedAt,
      closedAt,
    });
  };

  // Closed verifications: every day of the last 3 weeks, more on weekdays, by Jakarta's hours;
  // none in the last 20 minutes (those are still pending).
  const today = Math.floor((now + LOCAL_OFFSET_HOURS * HOUR_MS) / DAY_MS) * DAY_MS - LOCAL_OFFSET_HOURS * HOUR_MS;
  for (let d = DEMO_VERIFY_DAYS - 1; d >= 0; d--) {
    const dayStart = today - d * DAY_MS;
    const weekday = new Date(dayStart + LOCAL_OFFSET_HOURS * HOUR_MS).getUTCDay();
    const n = (weekday === 0 || weekday === 6 ? 8 : 13) + int(0, 4);
    const starts: number[] = [];
    for (let k = 0; k < n; k++) {
      const start = dayStart + weighted(hourWeights) * HOUR_MS + between(0, HOUR_MS);
      if (start < now - 20 * MINUTE_MS) starts.push(start);
    }
    for (const start of starts.sort((a, b) => a - b)) {
      add(weighted(channelWeights), start, weighted<Status>([['approved', 80], ['expired', 10], ['failed', 5], ['canceled', 5]]));
    }
  }
  // A few pending ones, started minutes ago (their messages' lifecycles are over; the code is still valid).
  for (let k = 0; k < 4; k++) add(k === 0 ? channels[0]! : weighted(channelWeights), now - (9 - k) * MINUTE_MS, 'pending');
  // Every state at least once, whatever the sequence gave (a small application may miss one).
  for (const status of ['approved', 'expired', 'failed', 'canceled'] as const) {
    if (!rows.some((r) => r.status === status)) add(channels[0]!, now - 2 * HOUR_MS - rows.length * MINUTE_MS, status);
  }

  // The verifications and their code messages together, or neither.
  await db.transaction(async (tx) => {
    await insertFinishedMessages(tx, messageRows);
    await insertDemoVerifications(tx, rows);
  });
  await rollUpVerifyStats(ctx.database.db, ctx.now(), { full: true });
}
