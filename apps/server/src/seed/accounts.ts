/**
 * Demo accounts (ARCHITECTURE.md §4 DEMO_DATA): the verified demo user DEMO_LOGIN ('Demo User',
 * +6281200000001) in the organization 'Pesan Demo', with the current terms accepted, so the
 * console opens without the terms modal. Fills `ids.userId` and `ids.organizationId`.
 */
import { TERMS_VERSIONS } from '@pesan/contracts/auth';
import type { AppContext } from '../context.ts';
import { DEMO_LOGIN, type DemoIds } from './seed.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { findUserByEmail, insertUser } from '../modules/user/user.repo.ts';
import { attachUserToOrganization, insertOrganization } from '../modules/organization/organization.repo.ts';
import { insertAcceptance } from '../modules/terms/terms.repo.ts';

/** Seeds the verified demo user in the demo organization with the current terms accepted; fills `ids`. Safe to run again. */
export async function seedDemoAccounts(ctx: AppContext, ids: DemoIds): Promise<void> {
  const db = ctx.database.db;
  const now = ctx.now();
  const existing = await findUserByEmail(db, DEMO_LOGIN.email);
  if (existing) {
    ids.userId = existing.id;
    ids.organizationId = existing.organizationId ?? undefined;
    if (existing.organizationId) return;
  }
  const passwordHash = existing ? null : await hashPassword(DEMO_LOGIN.password);
  await db.transaction(async (tx) => {
    const user =
      existing ??
      (await insertUser(tx, { fullName: 'Demo User', email: DEMO_LOGIN.email, phoneNumber: '+6281200000001', passwordHash: passwordHash!, emailVerifiedAt: now }));
    const org = await insertOrganization(tx, {
      business_name: 'Pesan Demo',
      business_phone: '+6281200000000',
      business_address: 'Jl. Jend. Sudirman Kav. 1, Jakarta 10220',
      website_url: 'https://pesan.local',
    });
    await attachUserToOrganization(tx, user.id, org.id, now);
    await insertAcceptance(tx, { userId: user.id, ppVersion: TERMS_VERSIONS.pp_version, tncVersion: TERMS_VERSIONS.tnc_version, acceptedAt: now });
    ids.userId = user.id;
    ids.organizationId = org.id;
  });
}

/** Whether the demo user exists (main.ts prints the demo login only then). */
export async function demoAccountExists(ctx: AppContext): Promise<boolean> {
  return (await findUserByEmail(ctx.database.db, DEMO_LOGIN.email)) !== null;
}
