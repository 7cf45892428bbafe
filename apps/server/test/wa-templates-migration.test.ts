/**
 * Migration 0009_wa_templates_console (issue 13): templates written before it (organization-scoped)
 * move to their organization's first live application, get a template code each, and those of an
 * organization without any application are dropped; the new unique index then holds. Runs the
 * migrations up to 0008 on a fresh database, writes old-style rows, then runs the rest.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { openFreshDatabase } from './harness.ts';
import { migrateFrom, migrationsBefore } from './migrations-helper.ts';

let database: Database;
let drop: (() => Promise<void>) | undefined;
let before: string;

const sql = async <T>(text: string, values?: unknown[]) => (await database.executor.executeSql(text, values)).rows as T[];

beforeAll(async () => {
  ({ database, drop } = await openFreshDatabase());
  before = migrationsBefore('0009_wa_templates_console');
  await migrateFrom(database, before);
});
afterAll(async () => {
  await database?.close();
  await drop?.();
  if (before) rmSync(before, { recursive: true, force: true });
});

describe('migration 0009_wa_templates_console', () => {
  it('moves old templates to the organization’s first live application, codes them, drops orphans', async () => {
    const [org1] = await sql<{ id: string }>(`insert into organizations (business_name, business_phone, business_address) values ('One', '+6281', 'Jakarta') returning id`);
    const [org2] = await sql<{ id: string }>(`insert into organizations (business_name, business_phone, business_address) values ('Two', '+6282', 'Jakarta') returning id`);
    const [user] = await sql<{ id: string }>(`insert into users (full_name, email, phone_number, password_hash, organization_id) values ('U', 'u@example.com', '+6281', 'x', $1) returning id`, [org1!.id]);
    // The oldest application is deleted: the live one takes the templates.
    const [gone] = await sql<{ id: string }>(`insert into applications (organization_id, user_id, name, created_at, deleted_at) values ($1, $2, 'Old', now() - interval '2 days', now()) returning id`, [org1!.id, user!.id]);
    const [live] = await sql<{ id: string }>(`insert into applications (organization_id, user_id, name, created_at) values ($1, $2, 'Live', now() - interval '1 day') returning id`, [org1!.id, user!.id]);
    await sql(`insert into applications (organization_id, user_id, name) values ($1, $2, 'Newer')`, [org1!.id, user!.id]);
    await sql(
      `insert into wa_templates (organization_id, name, language, category, status, components) values
       ($1, 'welcome', 'en', 'UTILITY', 'APPROVED', '[{"type":"BODY","text":"Hi"}]'),
       ($1, 'welcome', 'id', 'UTILITY', 'PENDING', '[{"type":"BODY","text":"Halo"}]'),
       ($2, 'orphan', 'en', 'UTILITY', 'APPROVED', '[]')`,
      [org1!.id, org2!.id],
    );

    await database.migrate();

    const rows = await sql<{ name: string; language: string; application_id: string; template_code: string; status: string; deleted_at: string | null }>(
      `select name, language, application_id, template_code, status, deleted_at from wa_templates order by language`,
    );
    expect(rows.map((r) => [r.name, r.language, r.application_id, r.status, r.deleted_at])).toEqual([
      ['welcome', 'en', live!.id, 'APPROVED', null],
      ['welcome', 'id', live!.id, 'PENDING', null],
    ]);
    expect(rows.every((r) => /^TPL-[0-9A-F]{8}$/.test(r.template_code))).toBe(true);
    expect(new Set(rows.map((r) => r.template_code)).size).toBe(2);
    expect(rows.some((r) => r.application_id === gone!.id)).toBe(false);
    // The application is required from now on, and a live name is unique per application and language.
    await expect(sql(`insert into wa_templates (organization_id, name, language, category) values ($1, 'x', 'en', 'UTILITY')`, [org1!.id])).rejects.toThrow();
    await expect(sql(`insert into wa_templates (organization_id, application_id, name, language, category) values ($1, $2, 'welcome', 'en', 'UTILITY')`, [org1!.id, live!.id])).rejects.toThrow();
    await sql(`update wa_templates set deleted_at = now() where name = 'welcome' and language = 'en'`);
    const [again] = await sql<{ template_code: string; status: string }>(
      `insert into wa_templates (organization_id, application_id, name, language, category) values ($1, $2, 'welcome', 'en', 'UTILITY') returning template_code, status`,
      [org1!.id, live!.id],
    );
    expect(again).toMatchObject({ status: 'DRAFT', template_code: expect.stringMatching(/^TPL-[0-9A-F]{8}$/) });
  });
});
