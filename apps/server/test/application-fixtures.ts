/**
 * Test fixtures for the application, token and records tests: a signed-in user with an
 * organization (rows inserted directly, session cookie signed by the app), and message rows.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { organizations } from '../src/db/schema/organizations.ts';
import { sessions, users } from '../src/db/schema/users.ts';
import { messages } from '../src/db/schema/messages.ts';
import { hashSessionId, SESSION_COOKIE } from '../src/plugins/session.ts';
import { sameOrigin, type TestApp } from './harness.ts';

export interface Account {
  userId: string;
  organizationId: string;
  /** Cookie header value for inject calls. */
  cookie: string;
  /** Headers of a same-origin signed-in call. */
  headers: { origin: string; cookie: string };
}

/** A verified user in a new organization, with a live session. `withOrganization: false` leaves the user without one. */
export async function createAccount(t: TestApp, opts: { withOrganization?: boolean } = {}): Promise<Account> {
  const db = t.ctx.database.db;
  let organizationId: string | null = null;
  if (opts.withOrganization !== false) {
    const [org] = await db
      .insert(organizations)
      .values({ businessName: `Org ${randomUUID().slice(0, 8)}`, businessPhone: '0812345678', businessAddress: 'Jl. Test 1' })
      .returning({ id: organizations.id });
    organizationId = org!.id;
  }
  const [user] = await db
    .insert(users)
    .values({
      fullName: 'Test User',
      email: `u-${randomUUID()}@example.com`,
      phoneNumber: '081234567890',
      passwordHash: 'x',
      organizationId,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  const sid = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ idHash: hashSessionId(sid), userId: user!.id, expiresAt: new Date(Date.now() + 3_600_000) });
  const cookie = `${SESSION_COOKIE}=${encodeURIComponent(t.app.signCookie(sid))}`;
  return { userId: user!.id, organizationId: organizationId ?? '', cookie, headers: { ...sameOrigin, cookie } };
}

export type MessageValues = Partial<typeof messages.$inferInsert> & { organizationId: string; applicationId: string; channel: string; recipient: string };

/** Inserts one messages row (status 'delivered' and body {} unless given); returns its id. */
export async function insertMessage(t: TestApp, values: MessageValues): Promise<string> {
  const [row] = await t.ctx.database.db
    .insert(messages)
    .values({ status: 'delivered', body: {}, ...values })
    .returning({ id: messages.id });
  return row!.id;
}
