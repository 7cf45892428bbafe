/**
 * Citus-ready schema (issue 25 item 4; ARCHITECTURE.md §9): on a freshly migrated database every
 * table of schema `public` (plain or partitioned, partitions excluded) carries an
 * `organization_id` column, the key the tenant tables distribute by, unless GLOBAL_TABLES names it
 * with the reason it holds no one tenant's data. A GLOBAL_TABLES entry that names no table, or a
 * table that has the column, fails too, so the list stays true. Drizzle's own tables live in schema
 * `drizzle` and pg-boss's in `pgboss`: neither is looked at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { openFreshDatabase } from './harness.ts';

/** Tables of `public` without organization_id, each with why it is not tenant data. */
export const GLOBAL_TABLES: Record<string, string> = {
  organizations: 'the tenant itself: its id is the organization id every tenant table distributes by',
  sessions: 'sign-in sessions of a user (people, not tenant data), found by the cookie hash before any organization is known',
  email_tokens: 'one-time e-mail tokens of a user (verification, password reset), found by the token hash before sign-in',
  login_failures: 'failed sign-ins per e-mail address and client IP, counted before any account or organization is known',
  recovery_codes: 'a user’s 2FA recovery codes (people, not tenant data), found by user at sign-in before any organization is chosen',
  login_challenges: 'the second step of a sign-in, found by its hash before a session or organization exists',
  terms_acceptances: 'a user’s acceptance of the privacy policy and terms (people, not tenant data)',
  rate_limits: 'fixed-window counters keyed by limit name and caller (IP address, token), shared by every process and tenant',
  used_signatures: 'replay guard of signed /v1 requests: signature hashes for 5 minutes, checked by hash alone',
  dispatch_pacing: 'send pacing per carrier lane (a WhatsApp phone number id, an SMSC account), shared by every application sending through it',
  api_version: 'the public API documentation: the same for every visitor (a reference table)',
  doc_menu: 'the public API documentation: the same for every visitor (a reference table)',
  doc_title: 'the public API documentation: the same for every visitor (a reference table)',
  doc_description: 'the public API documentation: the same for every visitor (a reference table)',
  verify_stats_watermark: 'the one-row watermark of the Verify rollup job (migration 0021), one instant for every tenant',
  whatsapp_account_updates:
    'Meta’s WABA-level webhook log, keyed by WABA id as received: a WABA is not one tenant’s (whatsapp_senders.waba_id is not unique), and a NULL distribution key is refused',
};

let database: Database;
let drop: (() => Promise<void>) | undefined;
let tables: { name: string; hasOrganizationId: boolean }[];

beforeAll(async () => {
  ({ database, drop } = await openFreshDatabase());
  await database.migrate();
  const { rows } = await database.executor.executeSql(
    `select c.relname as name,
            exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'organization_id' and a.attnum > 0 and not a.attisdropped) as has_org
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname`,
  );
  tables = (rows as { name: string; has_org: boolean }[]).map((r) => ({ name: r.name, hasOrganizationId: r.has_org }));
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('tenant schema (Citus-ready)', () => {
  it('sees the schema', () => {
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['organizations', 'applications', 'messages', 'quotas']));
  });

  it('gives every tenant table an organization_id column', () => {
    const missing = tables.filter((t) => !t.hasOrganizationId && !(t.name in GLOBAL_TABLES)).map((t) => t.name);
    expect(missing, 'tables without organization_id: add the column, or list the table in GLOBAL_TABLES with a reason').toEqual([]);
  });

  it('lists in GLOBAL_TABLES only tables that exist and lack organization_id', () => {
    const byName = new Map(tables.map((t) => [t.name, t]));
    const stale = Object.keys(GLOBAL_TABLES).filter((name) => !byName.has(name) || byName.get(name)!.hasOrganizationId);
    expect(stale, 'GLOBAL_TABLES entries naming no table, or a table that has organization_id').toEqual([]);
  });
});
