/**
 * Migration 0019_teams (issue 26, ARCHITECTURE.md §5.1): every user of an existing organization
 * becomes its owner (with a joined time), a user without an organization gets no role, sessions
 * keep working with an empty IP and user agent, organizations do not require 2FA, and from then on
 * a user can no longer be in an organization without a role (or hold a role without one).
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openFreshDatabase } from './harness.ts';
import { migrateFrom, migrationsBefore } from './migrations-helper.ts';

const { database, drop } = await openFreshDatabase();
const before = migrationsBefore('0019_teams');
afterAll(async () => {
  rmSync(before, { recursive: true, force: true });
  await database.close();
  await drop?.();
});
const sql = async <T>(text: string, values?: unknown[]) => (await database.executor.executeSql(text, values)).rows as T[];

describe('migration 0019_teams', () => {
  it('makes existing members owners and enforces a role exactly with an organization', async () => {
    await migrateFrom(database, before);
    const [org] = await sql<{ id: string }>(`insert into organizations (business_name, business_phone, business_address) values ('Old Co', '+6281', 'Jakarta') returning id`);
    await sql(
      `insert into users (full_name, email, phone_number, password_hash, organization_id) values ('A', 'a@example.com', '+6281', 'x', $1), ('B', 'b@example.com', '+6281', 'x', $1), ('C', 'c@example.com', '+6281', 'x', null)`,
      [org!.id],
    );
    const [a] = await sql<{ id: string }>(`select id from users where email = 'a@example.com'`);
    await sql(`insert into sessions (id_hash, user_id, expires_at) values ('h1', $1, now() + interval '1 day')`, [a!.id]);

    await database.migrate();

    const users = await sql<{ email: string; role: string | null; joined: boolean; totp: boolean }>(
      `select email, role, joined_at is not null as joined, totp_enabled_at is not null as totp from users order by email`,
    );
    expect(users).toEqual([
      { email: 'a@example.com', role: 'owner', joined: true, totp: false },
      { email: 'b@example.com', role: 'owner', joined: true, totp: false },
      { email: 'c@example.com', role: null, joined: false, totp: false },
    ]);
    expect(await sql(`select ip, user_agent, last_seen_at is not null as seen from sessions`)).toEqual([{ ip: '', user_agent: '', seen: true }]);
    expect(await sql(`select require_2fa from organizations`)).toEqual([{ require_2fa: false }]);

    // A member without a role, a role without an organization, or an unknown role: refused.
    await expect(sql(`update users set role = null where email = 'b@example.com'`)).rejects.toThrow(/users_role_with_organization/);
    await expect(sql(`update users set role = 'viewer' where email = 'c@example.com'`)).rejects.toThrow(/users_role_with_organization/);
    await expect(sql(`update users set role = 'superuser' where email = 'b@example.com'`)).rejects.toThrow(/users_role_check/);
    expect(await sql(`select role from users where email = 'b@example.com'`)).toEqual([{ role: 'owner' }]);
  });
});
