/**
 * Demo data for a new database (ARCHITECTURE.md §4 DEMO_DATA): a verified demo user with an
 * organization (accounts), one application with every channel and an approved WhatsApp template
 * (applications), some delivered traffic (traffic), three weeks of Verify one-time codes in every
 * state with their code messages (verify), and a pre-paid application with quota, usage
 * and warning settings (quota), finished reports of the traffic (reports), a member of every other
 * role with a pending invitation and two weeks of audit log (team), and the API documentation of
 * docs/api (docs). Each part fills `ids` for the next.
 */
import type { AppContext } from '../context.ts';
import { seedDemoAccounts } from './accounts.ts';
import { seedDemoApplications } from './applications.ts';
import { seedDemoTraffic } from './traffic.ts';
import { seedDemoVerify } from './verify.ts';
import { seedDemoQuota } from './quota.ts';
import { seedDemoReports } from './reports.ts';
import { seedDemoDocs } from './docs.ts';
import { seedDemoTeam } from './team.ts';

export const DEMO_LOGIN = { email: 'demo@pesan.local', password: 'Demo@1234' } as const;

/** The demo organization's other members, one per role, with the demo password (seed/team.ts; §5.1). */
export const DEMO_MEMBER_LOGINS = [
  { email: 'admin@pesan.local', password: DEMO_LOGIN.password, role: 'admin', fullName: 'Dewi Admin', phoneNumber: '+6281200000002' },
  { email: 'developer@pesan.local', password: DEMO_LOGIN.password, role: 'developer', fullName: 'Budi Developer', phoneNumber: '+6281200000003' },
  { email: 'viewer@pesan.local', password: DEMO_LOGIN.password, role: 'viewer', fullName: 'Sari Viewer', phoneNumber: '+6281200000004' },
] as const;

export interface DemoIds {
  userId?: string;
  organizationId?: string;
  applicationId?: string;
  /** 'Demo Prepaid App' (seed/quota.ts). */
  prepaidApplicationId?: string;
}

/** Seeds the demo data; returns the ids it created. Safe to call once on a new database. */
export async function seedDemoData(ctx: AppContext): Promise<DemoIds> {
  const ids: DemoIds = {};
  await seedDemoAccounts(ctx, ids);
  await seedDemoApplications(ctx, ids);
  await seedDemoTraffic(ctx, ids);
  await seedDemoVerify(ctx, ids);
  await seedDemoQuota(ctx, ids);
  await seedDemoReports(ctx, ids);
  await seedDemoTeam(ctx, ids);
  await seedDemoDocs(ctx);
  return ids;
}

/**
 * Seeds the demo data (seedDemoData, or `seed` in tests) without ever stopping a start (issue 23):
 * a failure is written to `log` as one line (the error's message, and its stack when it has one)
 * and the server starts with what was seeded before it. Returns the ids, or null after a failure.
 */
export async function seedDemoDataLogged(ctx: AppContext, log: (line: string) => void, seed: (ctx: AppContext) => Promise<DemoIds> = seedDemoData): Promise<DemoIds | null> {
  try {
    return await seed(ctx);
  } catch (err) {
    const detail = err instanceof Error ? (err.stack ?? err.message) : String(err);
    log(`Demo data could not be seeded; the server starts without (the rest of) it: ${detail}`);
    return null;
  }
}
