/**
 * The rows of a raw statement (`db.execute(sql…)`), typed by the caller, on node-postgres and
 * PGlite alike: both answer `{ rows }`, which drizzle's execute does not type.
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Runs `query` on `db` and answers its rows as `T`. @throws what the database throws. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
