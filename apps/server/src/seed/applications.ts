/**
 * Demo applications (ARCHITECTURE.md §4 DEMO_DATA): 'Demo App' with all six channels (SMS sender
 * name 'PESAN') for the demo organization and user, its WhatsApp templates in every status
 * (templates.ts; 'welcome_message' is APPROVED) and a WhatsApp sender ('Pesan Demo', Meta's test
 * number ids), so the console shows one. Sets `ids.applicationId`. Does nothing without the demo
 * organization and user (seeded by accounts.ts).
 */
import { CHANNELS } from '@pesan/contracts/channels';
import type { DemoIds } from './seed.ts';
import type { AppContext } from '../context.ts';
import { insertApplication } from '../modules/application/application.repo.ts';
import { setWhatsappSender } from '../messaging/whatsapp/sender.service.ts';
import { seedDemoTemplates } from './templates.ts';

export const DEMO_APPLICATION_NAME = 'Demo App';

/** Seeds the demo application (all six channels) and its WhatsApp templates for `ids.organizationId`; fills `ids.applicationId`. */
export async function seedDemoApplications(ctx: AppContext, ids: DemoIds): Promise<void> {
  if (!ids.organizationId || !ids.userId) return;
  const db = ctx.database.db;
  const now = ctx.now();
  const app = await insertApplication(
    db,
    { organizationId: ids.organizationId, userId: ids.userId, name: DEMO_APPLICATION_NAME, requireSignature: false, now },
    CHANNELS.map((c) => ({ channel: c.id, senderName: c.id === 'sms' ? 'PESAN' : null })),
  );
  ids.applicationId = app.id;
  await seedDemoTemplates(ctx, { organizationId: ids.organizationId, applicationId: app.id, userId: ids.userId });
  await setWhatsappSender(db, { app: app.id, 'waba-id': '102290129340398', 'phone-number-id': '106540352242922', 'display-name': 'Pesan Demo' }, now);
}
