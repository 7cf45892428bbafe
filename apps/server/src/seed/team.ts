/**
 * The demo team (ARCHITECTURE.md §4 DEMO_DATA, §5.1): besides the demo owner, a member of every
 * other role (DEMO_MEMBER_LOGINS: verified, the demo password, the current terms accepted), one
 * pending invitation, and an audit log of the last two weeks (sign-ins from two offices and a
 * phone, the invitations and joins of the members, a role change, an application created, tokens
 * generated, the webhook updated, a template submitted, a report generated), written through the
 * audit service with explicit actors and times. Does nothing without the demo organization, or
 * when the members exist already.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { TERMS_VERSIONS } from '@pesan/contracts/auth';
import { INVITATION_TTL_DAYS } from '@pesan/contracts/teams';
import type { AuditEvent } from '../modules/audit/audit.service.ts';
import type { AppContext } from '../context.ts';
import { reports } from '../db/schema/reports.ts';
import { waTemplates } from '../db/schema/templates.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { insertInvitation } from '../modules/members/invitations.repo.ts';
import { attachUserToOrganization } from '../modules/organization/organization.repo.ts';
import { insertAcceptance } from '../modules/terms/terms.repo.ts';
import { findUserByEmail, insertUser } from '../modules/user/user.repo.ts';
import { DEMO_LOGIN, DEMO_MEMBER_LOGINS, type DemoIds } from './seed.ts';

/** The address of the demo organization's pending invitation. */
export const DEMO_INVITATION_EMAIL = 'new.colleague@pesan.local';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Where the demo team signs in from: documentation addresses (RFC 5737) and common browsers. */
const OFFICE = { ip: '203.0.113.24', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36' };
const BRANCH = { ip: '198.51.100.73', userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15' };
const PHONE = { ip: '198.51.100.191', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1' };
const LAPTOP = { ip: '203.0.113.24', userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0' };

/** Seeds the members, the invitation and the audit history of `ids.organizationId`. Safe to run again. */
export async function seedDemoTeam(ctx: AppContext, ids: DemoIds): Promise<void> {
  const { organizationId, userId: ownerId } = ids;
  if (!organizationId || !ownerId) return;
  const db = ctx.database.db;
  if (await findUserByEmail(db, DEMO_MEMBER_LOGINS[0].email)) return;
  const now = ctx.now();
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY_MS - hours * HOUR_MS);
  // When each member joined (the audit history below invites them first).
  const joinedDaysAgo: Record<string, number> = { admin: 13, developer: 11, viewer: 6 };

  const members: Record<string, { id: string; email: string }> = {};
  let invitationId = '';
  const passwordHash = await hashPassword(DEMO_LOGIN.password);
  await db.transaction(async (tx) => {
    for (const m of DEMO_MEMBER_LOGINS) {
      const joined = ago(joinedDaysAgo[m.role]!);
      const user = await insertUser(tx, { fullName: m.fullName, email: m.email, phoneNumber: m.phoneNumber, passwordHash, emailVerifiedAt: joined });
      await attachUserToOrganization(tx, user.id, organizationId, joined, m.role);
      await insertAcceptance(tx, { userId: user.id, ppVersion: TERMS_VERSIONS.pp_version, tncVersion: TERMS_VERSIONS.tnc_version, acceptedAt: joined });
      members[m.role] = { id: user.id, email: m.email };
    }
    // A pending invitation (its link was never sent: the token is thrown away).
    const invitation = await insertInvitation(tx, {
      organizationId,
      email: DEMO_INVITATION_EMAIL,
      role: 'developer',
      tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
      invitedBy: ownerId,
      expiresAt: new Date(ago(1).getTime() + INVITATION_TTL_DAYS * DAY_MS),
      createdAt: ago(1),
    });
    invitationId = invitation.id;
  });

  const owner = { id: ownerId, email: DEMO_LOGIN.email };
  const admin = members['admin']!;
  const developer = members['developer']!;
  const viewer = members['viewer']!;
  const app = ids.applicationId ? { type: 'application', id: ids.applicationId, name: 'Demo App' } : undefined;
  const [template] = ids.applicationId
    ? await db
        .select({ id: waTemplates.id, name: waTemplates.name })
        .from(waTemplates)
        .where(eq(waTemplates.applicationId, ids.applicationId))
        .orderBy(asc(waTemplates.createdAt))
        .limit(1)
    : [];
  const generated = await db
    .select({ id: reports.id, title: reports.title, channel: reports.channel })
    .from(reports)
    .where(eq(reports.organizationId, organizationId))
    .orderBy(asc(reports.createdAt));

  type Who = { id: string; email: string };
  const entries: { who: Who; from: typeof OFFICE; event: AuditEvent }[] = [];
  const add = (at: Date, who: Who, from: typeof OFFICE, event: Omit<AuditEvent, 'at'>) => entries.push({ who, from, event: { ...event, at } });
  const signIn = (at: Date, who: Who, from: typeof OFFICE) => add(at, who, from, { action: 'auth.sign_in', target: { type: 'user', id: who.id, name: who.email }, details: { method: 'password' } });
  const invite = (at: Date, role: string, email: string, id: string = randomUUID()) => {
    add(at, owner, OFFICE, { action: 'member.invited', target: { type: 'invitation', id, name: email }, details: { role } });
    return id;
  };
  const accept = (at: Date, who: Who, role: string, id: string) =>
    add(at, who, BRANCH, { action: 'member.invitation_accepted', target: { type: 'invitation', id, name: who.email }, details: { role } });

  // Two weeks: the owner builds the team and the application, the members get to work.
  signIn(ago(14, 3), owner, OFFICE);
  if (app) add(ago(14, 2), owner, OFFICE, { action: 'application.created', target: app, details: { channels: ['whatsapp', 'sms', 'sms_otp', 'call', 'voice_otp', 'email'] } });
  accept(ago(13), admin, 'admin', invite(ago(13, 6), 'admin', admin.email));
  signIn(ago(13), admin, BRANCH);
  const developerInvitation = invite(ago(12, 5), 'viewer', developer.email);
  signIn(ago(12, 1), owner, PHONE);
  accept(ago(11), developer, 'viewer', developerInvitation);
  signIn(ago(11), developer, LAPTOP);
  add(ago(10, 22), admin, BRANCH, { action: 'member.role_changed', target: { type: 'user', id: developer.id, name: developer.email }, details: { from: 'viewer', to: 'developer' } });
  if (app) {
    signIn(ago(10, 20), developer, LAPTOP);
    add(ago(10, 19), developer, LAPTOP, { action: 'token.generated', target: app, details: { channel: 'sms' } });
    add(ago(10, 19), developer, LAPTOP, { action: 'token.generated', target: app, details: { channel: 'whatsapp' } });
    add(ago(10, 18), developer, LAPTOP, { action: 'webhook.updated', target: { type: 'webhook', id: app.id }, details: { url: 'https://hooks.pesan.local/status', enabled: true } });
  }
  add(ago(10, 2), developer, PHONE, { action: 'auth.sign_in_failed', target: { type: 'user', id: developer.id, name: developer.email }, details: { reason: 'password' } });
  signIn(ago(10, 1), developer, PHONE);
  signIn(ago(9, 4), owner, OFFICE);
  if (template) add(ago(9, 3), developer, LAPTOP, { action: 'template.submitted', target: { type: 'template', id: template.id, name: template.name }, details: { language: 'en', category: 'MARKETING' } });
  if (app) add(ago(8, 5), admin, BRANCH, { action: 'quota.settings_changed', target: { type: 'application', id: app.id }, details: { warnings_off: false, recipients: 1, reminders: ['sms'] } });
  signIn(ago(8), admin, BRANCH);
  signIn(ago(7, 6), developer, LAPTOP);
  const viewerInvitation = invite(ago(7, 2), 'viewer', viewer.email);
  signIn(ago(7, 1), owner, PHONE);
  accept(ago(6), viewer, 'viewer', viewerInvitation);
  signIn(ago(6), viewer, PHONE);
  if (app) add(ago(5, 4), admin, BRANCH, { action: 'application.updated', target: app, details: { channels: ['whatsapp', 'sms', 'sms_otp', 'call', 'voice_otp', 'email'], signed_requests: false } });
  signIn(ago(5, 3), viewer, OFFICE);
  add(ago(4, 8), owner, OFFICE, { action: 'organization.updated', target: { type: 'organization', id: organizationId, name: 'Pesan Demo' }, details: { fields: ['business_address'] } });
  signIn(ago(4, 2), developer, LAPTOP);
  if (app) add(ago(4, 1), developer, LAPTOP, { action: 'webhook.secret_rotated', target: { type: 'webhook', id: app.id } });
  signIn(ago(3, 5), admin, BRANCH);
  signIn(ago(2, 7), viewer, PHONE);
  signIn(ago(2, 3), owner, OFFICE);
  for (const [i, r] of generated.entries()) {
    add(ago(2 - i * 0.5, 2), i % 2 === 0 ? viewer : developer, i % 2 === 0 ? PHONE : LAPTOP, {
      action: 'report.generated',
      target: { type: 'report', id: r.id, name: r.title },
      details: { application_id: ids.applicationId, channel: r.channel },
    });
  }
  invite(ago(1), 'developer', DEMO_INVITATION_EMAIL, invitationId);
  signIn(ago(0, 5), developer, LAPTOP);
  signIn(ago(0, 2), owner, OFFICE);

  for (const { who, from, event } of entries) {
    await ctx.services.audit.record({ organizationId, actorId: who.id, actorEmail: who.email, ip: from.ip, userAgent: from.userAgent }, event);
  }
}

/** Whether the demo members exist (main.ts prints their logins only then). */
export async function demoMembersExist(ctx: AppContext): Promise<boolean> {
  return (await findUserByEmail(ctx.database.db, DEMO_MEMBER_LOGINS[0].email)) !== null;
}
