/**
 * Demo traffic (ARCHITECTURE.md §4 DEMO_DATA): 25 messages over the last 24 hours across every channel
 * of the demo application, plus 2–6 per channel on each of the 27 days before (the Overview
 * dashboard's default 7 days and its 30-day preset show a trend), each at its final sandbox status
 * with its full event history and WhatsApp conversation, written directly (no jobs) with their
 * rollups. Deterministic: the same data on every new database, relative to ctx.now(). The newest
 * are recent on purpose, so Monitoring's default range and 'Last transaction update' look alive.
 */
import { randomUUID } from 'node:crypto';
import type { ChannelId } from '@pesan/contracts/channels';
import { normalisePhone } from '@pesan/contracts/phone';
import { countSmsSegments } from '@pesan/contracts/sms';
import { initialStatus } from '@pesan/contracts/statuses';
import type { DemoIds } from './seed.ts';
import type { AppContext } from '../context.ts';
import { insertFinishedMessages } from '../messaging/messages.repo.ts';
import { sandboxLifecycle, sandboxMessageId } from '../messaging/drivers/sandbox.ts';

/** A demo message: channel, recipient (phone or e-mail address) and the rest of its /v1 body. */
export type Demo = [ChannelId, string, Record<string, unknown>];

/** How far back the demo messages go: 24 hours, in milliseconds. */
export const DEMO_TRAFFIC_SPAN_MS = 24 * 3600_000;

const DEMO: Demo[] = [
  ['whatsapp', '081234567801', { template: { name: 'welcome_message', language: 'en', parameters: ['Budi'] } }],
  ['whatsapp', '081234567802', { template: { name: 'welcome_message', language: 'en', parameters: ['Sari'] } }],
  ['whatsapp', '081234560004', { text: 'Your order #1042 has shipped.' }],
  ['whatsapp', '081234560002', { text: 'Promo: 20% off this week.' }],
  ['whatsapp', '+6581234567', { template: { name: 'welcome_message', language: 'en', parameters: ['Wei'] } }],
  ['sms', '081234567803', { text: 'Your package arrives today between 10:00 and 14:00.', sender_id: 'PESAN' }],
  ['sms', '081234567804', { text: 'Tagihan Anda bulan ini Rp 150.000. Bayar sebelum tanggal 20 agar layanan tetap aktif. Terima kasih telah menggunakan layanan kami. Info lebih lanjut hubungi 1500-123.' }],
  ['sms', '081234560003', { text: 'Reminder: appointment tomorrow at 09:00.' }],
  ['sms', '081234560001', { text: 'Reminder: appointment tomorrow at 09:00.' }],
  ['sms', '+14155552671', { text: 'Welcome to Pesan!' }],
  ['sms_otp', '081234567805', { text: 'Kode OTP Anda 482913. Jangan berikan kode ini kepada siapa pun.' }],
  ['sms_otp', '081234567806', { text: 'Your verification code is 120934.' }],
  ['sms_otp', '081234560002', { text: 'Your verification code is 771203.' }],
  ['sms_otp', '081234567807', { text: 'Your verification code is 550124.' }],
  ['call', '081234567808', { text: 'Halo, ini pengingat janji temu Anda besok pukul sembilan.' }],
  ['call', '081234560005', { text: 'Your delivery is at the door.' }],
  ['call', '081234560006', { text: 'Your delivery is at the door.' }],
  ['call', '081234567809', { text: 'Your delivery is at the door.' }],
  ['voice_otp', '081234567810', { code_length: 4 }],
  ['voice_otp', '081234567811', { code_length: 6 }],
  ['voice_otp', '081234560001', { code_length: 4 }],
  ['email', 'budi@example.com', { subject: 'Welcome to Pesan', html: '<p>Welcome aboard!</p>' }],
  ['email', 'sari+open@example.com', { subject: 'Your invoice', text: 'Invoice #2024-031 is attached.' }],
  ['email', 'andi+click@example.com', { subject: 'New features', html: '<p>See what is new</p>' }],
  ['email', 'dewi+bounce@example.com', { subject: 'Password changed', text: 'Your password was changed.' }],
];

/** Days of older demo traffic before the last 24 hours: with them the dashboard shows 4 weeks. */
export const DEMO_HISTORY_DAYS = 27;

/** A finished demo message with its events, as insertFinishedMessages takes it. */
export type DemoRow = Parameters<typeof insertFinishedMessages>[1][number];

/**
 * One finished demo message of `demo` ([channel, recipient, the /v1 body without `to`]) for the
 * application of `ids`, created at `createdAt`, at the end of its sandbox lifecycle with every
 * event (stored history: nothing is sent, whatever the configured drivers). `i` varies its step
 * times and calling number. Also used by the prepaid demo (quota.ts).
 */
export function demoRow(ids: Required<Pick<DemoIds, 'applicationId' | 'organizationId'>>, [channel, to, rest]: Demo, createdAt: Date, i: number): DemoRow {
  const phone = channel === 'email' ? null : normalisePhone(to);
  const recipient = phone?.e164 ?? to;
  const plan = sandboxLifecycle(channel, recipient);
  const events = [{ status: initialStatus(channel) as string, reason: null as string | null, at: createdAt }];
  plan.forEach((step, k) => events.push({ status: step.status, reason: step.reason, at: new Date(createdAt.getTime() + (k + 1) * (4_000 + ((i * 7919) % 50_000))) }));
  const last = events[events.length - 1]!;
  const text = typeof rest['text'] === 'string' ? (rest['text'] as string) : '';
  const calling = channel === 'voice_otp' ? `+622150${String(1000 + ((i * 37) % 900_000)).padStart(6, '0')}` : null;
  const template = rest['template'] as { name: string } | undefined;
  // The conversation the sandbox driver records at send (drivers/sandbox.ts sandboxConversation):
  // the demo template welcome_message is UTILITY; free text is a user-initiated service conversation.
  const conversation = channel !== 'whatsapp' ? null : template ? { category: 'utility', initiator: 'business' } : { category: 'service', initiator: 'user' };
  const id = randomUUID();
  return {
    message: {
      id,
      driver: 'sandbox',
      providerMessageId: sandboxMessageId(id),
      organizationId: ids.organizationId,
      applicationId: ids.applicationId,
      channel,
      recipient,
      country: phone?.country ?? null,
      totalSms: channel === 'sms' || channel === 'sms_otp' ? countSmsSegments(text).segments : null,
      status: last.status,
      reason: [...events].reverse().find((e) => e.reason)?.reason ?? null,
      templateName: template?.name ?? null,
      conversationCategory: conversation?.category ?? null,
      conversationInitiator: conversation?.initiator ?? null,
      otp: calling ? calling.slice(-Number(rest['code_length'] ?? 4)) : null,
      body: { to: recipient, ...rest, ...(calling ? { calling_number: calling } : {}) },
      createdAt,
      updatedAt: last.at,
    },
    events,
  };
}

/**
 * Inserts the 25 demo messages (at least 3 per channel) for `ids.applicationId`, created over the
 * last DEMO_TRAFFIC_SPAN_MS before ctx.now() and all final, and older traffic for the dashboard:
 * on each of the DEMO_HISTORY_DAYS days before that, 2 to 6 messages per channel (the same
 * recipients and bodies, so the same mix of outcomes), all through insertFinishedMessages so the
 * hourly and session rollups hold them. Does nothing without the demo application.
 */
export async function seedDemoTraffic(ctx: AppContext, ids: DemoIds): Promise<void> {
  if (!ids.applicationId || !ids.organizationId) return;
  const owner = { applicationId: ids.applicationId, organizationId: ids.organizationId };
  const now = ctx.now().getTime();
  const span = DEMO_TRAFFIC_SPAN_MS;
  // Spread over the last 24 hours, newest last; the newest is created about 15 minutes ago, and
  // every lifecycle (at most 5 steps of under a minute) ends before now.
  const rows = DEMO.map((demo, i) => demoRow(owner, demo, new Date(now - span + Math.floor(((i + 0.5) / DEMO.length) * (span - 30 * 60_000))), i));
  const channels = [...new Set(DEMO.map(([c]) => c))];
  let n = DEMO.length;
  for (let d = 1; d <= DEMO_HISTORY_DAYS; d++) {
    channels.forEach((channel, ci) => {
      const pool = DEMO.filter(([c]) => c === channel);
      const count = 2 + ((d * 5 + ci * 3) % 5);
      for (let k = 0; k < count; k++) {
        const minutesBack = 5 + ((k * 3 + d + ci) % 20) * 60 + ((k * 7 + d) % 50);
        rows.push(demoRow(owner, pool[(d + k) % pool.length]!, new Date(now - d * span - minutesBack * 60_000), n++));
      }
    });
  }
  await insertFinishedMessages(ctx.database.db, rows);
}
