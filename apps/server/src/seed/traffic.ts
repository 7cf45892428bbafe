/**
 * Demo traffic (ARCHITECTURE.md §4 DEMO_DATA): 25 messages over the last 24 hours across every channel
 * of the demo application, each at its final sandbox status with its full event history, written
 * directly (no jobs). Deterministic: the same data on every new database, relative to ctx.now().
 * Recent on purpose, so Monitoring's default range and 'Last transaction update' look alive.
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

type Demo = [ChannelId, string, Record<string, unknown>];

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

/**
 * Inserts the 25 demo messages (at least 3 per channel) for `ids.applicationId`, created over the
 * last DEMO_TRAFFIC_SPAN_MS before ctx.now() and all final; does nothing without the demo application.
 */
export async function seedDemoTraffic(ctx: AppContext, ids: DemoIds): Promise<void> {
  if (!ids.applicationId || !ids.organizationId) return;
  const now = ctx.now().getTime();
  const span = DEMO_TRAFFIC_SPAN_MS;
  const rows = DEMO.map(([channel, to, rest], i) => {
    const phone = channel === 'email' ? null : normalisePhone(to);
    const recipient = phone?.e164 ?? to;
    // Spread over the last 24 hours, newest last; the newest is created about 15 minutes ago, and
    // every lifecycle (at most 5 steps of under a minute) ends before now.
    const createdAt = new Date(now - span + Math.floor(((i + 0.5) / DEMO.length) * (span - 30 * 60_000)));
    const plan = sandboxLifecycle(channel, recipient);
    const events = [{ status: initialStatus(channel) as string, reason: null as string | null, at: createdAt }];
    plan.forEach((step, k) => events.push({ status: step.status, reason: step.reason, at: new Date(createdAt.getTime() + (k + 1) * (4_000 + ((i * 7919) % 50_000))) }));
    const last = events[events.length - 1]!;
    const text = typeof rest['text'] === 'string' ? (rest['text'] as string) : '';
    const calling = channel === 'voice_otp' ? `+622150${String(1000 + i * 37).padStart(6, '0')}` : null;
    const template = rest['template'] as { name: string } | undefined;
    const id = randomUUID();
    return {
      message: {
        id,
        driver: 'sandbox',
        providerMessageId: sandboxMessageId(id),
        organizationId: ids.organizationId!,
        applicationId: ids.applicationId!,
        channel,
        recipient,
        country: phone?.country ?? null,
        totalSms: channel === 'sms' || channel === 'sms_otp' ? countSmsSegments(text).segments : null,
        status: last.status,
        reason: [...events].reverse().find((e) => e.reason)?.reason ?? null,
        templateName: template?.name ?? null,
        otp: calling ? calling.slice(-Number(rest['code_length'] ?? 4)) : null,
        body: { to: recipient, ...rest, ...(calling ? { calling_number: calling } : {}) },
        createdAt,
        updatedAt: last.at,
      },
      events,
    };
  });
  await insertFinishedMessages(ctx.database.db, rows);
}
