/**
 * Migration tests: a copy of the migrations folder that stops before a given migration, and the
 * migrator of either database run from such a folder (write old-style rows, then migrate the rest).
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from '../src/db/client.ts';

const MIGRATIONS = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

/** A copy of the migrations folder whose journal stops before `tag` (the caller removes it). */
export function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'pesan-migrations-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** Applies the migrations of `folder` to `database` (PGlite or PostgreSQL). */
export function migrateFrom(database: Database, folder: string): Promise<void> {
  return database.kind === 'pglite' ? migratePglite(database.db as never, { migrationsFolder: folder }) : migratePg(database.db as never, { migrationsFolder: folder });
}
