/**
 * Demo prepaid quota (ARCHITECTURE.md §4 DEMO_DATA; issue 10): a second application, 'Demo Prepaid
 * App' (WhatsApp, SMS, Email, Call), pre-paid with quota on each of them, a few finished messages
 * that used some of it (stored as history, each with its quota ledger row, so usage and ledger
 * agree; nothing is sent, so no real carrier configured by WHATSAPP_DRIVER, SMS_DRIVER or
 * EMAIL_DRIVER reaches a demo recipient, and no sender needs to be connected: issue 23), and quota
 * warning settings (on, one recipient, SMS and Email ticked; Email's threshold is above what is
 * left, so the Remaining Quota panel shows the 'Quota Usage Warning' badge). No warning e-mail is
 * sent while seeding: the first send after start-up e-mails the crossing. Does nothing without the
 * demo organization and user. Sets `ids.prepaidApplicationId`.
 */
import type { ChannelId } from '@pesan/contracts/channels';
import { quotaCost } from '@pesan/contracts/messaging';
import type { DemoIds } from './seed.ts';
import type { AppContext } from '../context.ts';
import { insertApplication } from '../modules/application/application.repo.ts';
import { changeQuota, setBillingType } from '../modules/quota/quota.service.ts';
import { consumeQuota, insertFinishedMessages } from '../messaging/messages.repo.ts';
import { seedDemoTemplates, WELCOME_TEMPLATE } from './templates.ts';
import { demoRow, type Demo } from './traffic.ts';

export const DEMO_PREPAID_APPLICATION_NAME = 'Demo Prepaid App';

const QUOTA: [Parameters<typeof changeQuota>[1]['type'], number][] = [
  ['wa_marketing', 200],
  ['wa_utility', 500],
  ['sms', 1000],
  ['email', 100],
  ['call', 10],
];

/** The prepaid application's past messages (recipients outside the sandbox's failure endings: all billed). */
const SENDS: Demo[] = [
  ...Array.from({ length: 6 }, (_, i): Demo => ['sms', `08123456790${i}`, { text: `Your order #10${i} is on its way.` }]),
  ...['Budi', 'Sari', 'Wei'].map((name, i): Demo => ['whatsapp', `08123456791${i}`, { template: { name: WELCOME_TEMPLATE.name, language: WELCOME_TEMPLATE.language, parameters: [name] } }]),
  ['email', 'budi@example.com', { subject: 'Your receipt', text: 'Thank you for your order.' }],
  ['email', 'sari@example.com', { subject: 'Your receipt', text: 'Thank you for your order.' }],
  ['call', '081234567920', { text: 'Your delivery is at the door.' }],
  ['call', '081234567921', { text: 'Your delivery is at the door.' }],
];

/**
 * When the prepaid application's messages were sent: two minutes apart, the newest 6 minutes ago,
 * so each has finished its sandbox lifecycle (at most 5 steps of under a minute) before now.
 */
const sentAt = (now: Date, i: number) => new Date(now.getTime() - 6 * 60_000 - (SENDS.length - 1 - i) * 2 * 60_000);

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
  const owner = { applicationId: app.id, organizationId: ids.organizationId };
  const rows = SENDS.map((demo, i) => demoRow(owner, demo, sentAt(now, i), 1000 + i));
  await db.transaction(async (tx) => {
    await insertFinishedMessages(tx, rows);
    for (const { message } of rows) {
      const template = message.templateName ? WELCOME_TEMPLATE.category : undefined;
      const { type, cost } = quotaCost(message.channel as ChannelId, { totalSms: message.totalSms ?? undefined, templateCategory: template });
      await consumeQuota(tx, { applicationId: app.id, organizationId: owner.organizationId, type, cost, messageId: message.id, at: message.createdAt });
    }
  });
  await ctx.services.quota.putQuotaSettings(ids.organizationId, app.id, {
    disable: false,
    email_recipient: ['finance@pesan.local'],
    thresholds: [
      { type: 'sms', reminder: true, threshold: 100 },
      { type: 'email', reminder: true, threshold: 100 },
    ],
  });
}
