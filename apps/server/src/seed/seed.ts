/**
 * Demo data for a new database (ARCHITECTURE.md §4 DEMO_DATA): a verified demo user with an
 * organization (accounts), one application with every channel and an approved WhatsApp template
 * (applications), and some delivered traffic (traffic). Each part fills `ids` for the next.
 */
import type { AppContext } from '../context.ts';
import { seedDemoAccounts } from './accounts.ts';
import { seedDemoApplications } from './applications.ts';
import { seedDemoTraffic } from './traffic.ts';

export const DEMO_LOGIN = { email: 'demo@pesan.local', password: 'Demo@1234' } as const;

export interface DemoIds {
  userId?: string;
  organizationId?: string;
  applicationId?: string;
}

/** Seeds the demo data; returns the ids it created. Safe to call once on a new database. */
export async function seedDemoData(ctx: AppContext): Promise<DemoIds> {
  const ids: DemoIds = {};
  await seedDemoAccounts(ctx, ids);
  await seedDemoApplications(ctx, ids);
  await seedDemoTraffic(ctx, ids);
  return ids;
}
