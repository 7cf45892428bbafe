/**
 * Demo prepaid quota (ARCHITECTURE.md §4 DEMO_DATA; issue 10): a second application, 'Demo Prepaid
 * App' (WhatsApp, SMS, Email, Call), pre-paid with quota on each of them, a few accepted messages
 * that used some of it (through the real accepting path, so usage and ledger agree), and quota
 * warning settings (on, one recipient, SMS and Email ticked; Email's threshold is above what is
 * left, so the Remaining Quota panel shows the 'Quota Usage Warning' badge). No warning e-mail is
 * sent while seeding: the first send after start-up e-mails the crossing. Does nothing without the
 * demo organization and user. Sets `ids.prepaidApplicationId`.
 */
import type { ChannelId } from '@pesan/contracts/channels';
import type { DemoIds } from './seed.ts';
import type { AppContext } from '../context.ts';
import { insertApplication } from '../modules/application/application.repo.ts';
import { changeQuota, setBillingType } from '../modules/quota/quota.service.ts';
import { seedDemoTemplates } from './templates.ts';

export const DEMO_PREPAID_APPLICATION_NAME = 'Demo Prepaid App';

const QUOTA: [Parameters<typeof changeQuota>[1]['type'], number][] = [
  ['wa_marketing', 200],
  ['wa_utility', 500],
  ['sms', 1000],
  ['email', 100],
  ['call', 10],
];

const SENDS: [ChannelId, Record<string, unknown>][] = [
  ...Array.from({ length: 6 }, (_, i): [ChannelId, Record<string, unknown>] => ['sms', { to: `08123456790${i}`, text: `Your order #10${i} is on its way.` }]),
  ...['Budi', 'Sari', 'Wei'].map((name, i): [ChannelId, Record<string, unknown>] => ['whatsapp', { to: `08123456791${i}`, template: { name: 'welcome_message', language: 'en', parameters: [name] } }]),
  ['email', { to: 'budi@example.com', subject: 'Your receipt', text: 'Thank you for your order.' }],
  ['email', { to: 'sari@example.com', subject: 'Your receipt', text: 'Thank you for your order.' }],
  ['call', { to: '081234567920', text: 'Your delivery is at the door.' }],
  ['call', { to: '081234567921', text: 'Your delivery is at the door.' }],
];

/** Seeds the demo prepaid application with quota, usage and warning settings. */
export async function seedDemoQuota(ctx: AppContext, ids: DemoIds): Promise<void> {
  if (!ids.organizationId || !ids.userId) return;
  const db = ctx.database.db;
  const now = ctx.now();
  const channels: ChannelId[] = ['whatsapp', 'sms', 'email', 'call'];
  const app = await insertApplication(
    db,
    { organizationId: ids.organizationId, userId: ids.userId, name: DEMO_PREPAID_APPLICATION_NAME, requireSignature: false, now },
    channels.map((channel) => ({ channel, senderName: channel === 'sms' ? 'PESAN' : null })),
  );
  ids.prepaidApplicationId = app.id;
  await setBillingType(db, { app: app.id, type: 'pre-paid' }, now);
  // Templates belong to an application: the prepaid one sends welcome_message too.
  await seedDemoTemplates(ctx, { organizationId: ids.organizationId, applicationId: app.id, userId: ids.userId }, 'welcome');
  for (const [type, add] of QUOTA) await changeQuota(db, { app: app.id, type, add }, now);
  const auth = { applicationId: app.id, organizationId: ids.organizationId, billingType: 'pre-paid' as const };
  for (const [channel, body] of SENDS) {
    await ctx.services.messaging.acceptMessage({ ...auth, channel, tokenId: 'demo-seed', requireSignature: false, sendRatePerSecond: null, publicKey: undefined as never }, channel, body as never, undefined);
  }
  await ctx.services.quota.putQuotaSettings(ids.organizationId, app.id, {
    disable: false,
    email_recipient: ['finance@pesan.local'],
    thresholds: [
      { type: 'sms', reminder: true, threshold: 100 },
      { type: 'email', reminder: true, threshold: 100 },
    ],
  });
}
