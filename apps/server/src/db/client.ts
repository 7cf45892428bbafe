/**
 * Database connection: PGlite embedded in `DATA_DIR/db` by default, PostgreSQL through
 * `DATABASE_URL` (ARCHITECTURE.md §2, §4). One schema, one SQL dialect, the same migrations.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { lockDirectory } from './data-dir-lock.ts';
import { MIGRATIONS_DIR } from '../lib/paths.ts';

/** The Drizzle database both drivers satisfy; repos take this. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** What pg-boss needs to run on our connection (its `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Runs one parameterised query and answers its rows as arrays of column values, in select order
   * (no per-row objects: for reads of millions of rows, such as report generation). Build the
   * query with Drizzle and pass its `toSQL()`.
   */
  queryArrays(query: { sql: string; params: unknown[] }): Promise<unknown[][]>;
  /**
   * PostgreSQL only (absent on PGlite): streams the rows of one Drizzle-built select as CSV
   * (`COPY (select …) TO STDOUT WITH (FORMAT csv)`: no header, NULL as an empty field, `\n` line
   * ends) from a dedicated pooled connection, released when the stream ends, fails or is
   * destroyed. COPY takes no bind parameters, so each `$n` of the query is inlined as a literal
   * escaped by the driver (pg escapeLiteral).
   */
  copyCsv?(query: { sql: string; params: unknown[] }): Promise<Readable>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  executor: SqlExecutor;
  /** Applies pending migrations from `db/migrations`. */
  migrate(): Promise<void>;
  /** Whether the schema exists (false on a new database, before the first migration). */
  hasSchema(): Promise<boolean>;
  /** Closes connections and releases the data-directory lock. */
  close(): Promise<void>;
  /**
   * PostgreSQL only (PGlite is one process: in-process wake-ups suffice): sends NOTIFY on `channel`
   * (the engine's wake-up of other processes, ARCHITECTURE.md §6.5).
   */
  notify?(channel: string): Promise<void>;
  /**
   * PostgreSQL only: LISTENs on `channel` on a dedicated connection (reconnecting when it is lost)
   * and calls `onNotify` for each notification. Resolves with the function that stops listening.
   */
  listen?(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
}

const HAS_SCHEMA_SQL = "select to_regclass('public.users')::text as t";
const migrationsFolder = MIGRATIONS_DIR;

/** A second process on the same `DATA_DIR`: main prints the message and exits with status 3. */
export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(`The data directory ${dir} is in use by another Pesan process. Stop it first, or set DATA_DIR to another directory.`);
  }
}

/**
 * Opens PGlite. `dataDir` undefined = in memory (tests). With a directory, an exclusive lock on
 * `dataDir/db` is taken first (data-dir-lock.ts; ARCHITECTURE.md §2: two processes on one PGlite
 * directory lose data silently). A lock left by a process that no longer runs (`kill -9`, a crash)
 * is taken over at once; while its holder runs, a second process gets DataDirLockedError and touches
 * nothing. Losing the lock while running (its directory removed under us) stops the process.
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  let release: (() => Promise<void>) | undefined;
  let dbDir: string | undefined;
  if (dataDir) {
    dbDir = join(dataDir, 'db');
    mkdirSync(dbDir, { recursive: true });
    try {
      release = await lockDirectory(dbDir, {
        onCompromised: (err) => {
          console.error(`Lost the lock on ${dbDir}: ${err.message}. Stopping to protect the data.`);
          process.exit(1);
        },
        onTakeOver: (previous) => {
          console.warn(`The data directory ${dataDir} was left locked by process ${previous.pid}, which no longer runs; taking it over.`);
        },
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
      throw err;
    }
  }
  // Loaded here, not at the top: PGlite's WebAssembly build is some 45 MB of memory a process on
  // PostgreSQL never needs (report workers, bench/report.ts).
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = dbDir ? new PGlite(dbDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    executor: {
      async executeSql(text, values) {
        if (values && values.length) return client.query(text, values as never[]);
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      },
      async queryArrays(q) {
        return (await client.query<unknown[]>(q.sql, q.params as never[], { rowMode: 'array' })).rows;
      },
    },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    hasSchema: async () => (await client.query<{ t: string | null }>(HAS_SCHEMA_SQL)).rows[0]?.t != null,
    async close() {
      await client.close();
      await release?.();
    },
  };
}

/**
 * `sqlText` with each placeholder `$n` replaced by `params[n-1]` as an escaped literal (`escape`:
 * the driver's escapeLiteral; Dates as ISO strings, null as NULL). For statements that take no
 * bind parameters (COPY). Placeholders inside the statement's own quoted literals are not expected
 * (Drizzle parameterises every value).
 * @throws Error when a placeholder has no parameter.
 */
export function inlineParams(sqlText: string, params: unknown[], escape: (v: string) => string): string {
  return sqlText.replace(/\$(\d+)/g, (_m, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= params.length) throw new Error(`no parameter for $${n}`);
    const v = params[i];
    if (v === null || v === undefined) return 'NULL';
    return escape(v instanceof Date ? v.toISOString() : String(v));
  });
}

/** Opens a PostgreSQL pool on `url`. */
export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // An idle client's connection can end under us (server restart, or the database dropped right
  // after pool.end(), which resolves before the sockets close). The pool then drops that client and
  // emits 'error', which would be an uncaught exception without a listener. Running queries still
  // reject with their own error.
  let ended = false;
  pool.on('error', (err) => {
    if (!ended) console.error('[db] idle PostgreSQL connection lost:', err.message);
  });
  await pool.query('select 1');
  const db = drizzlePg(pool) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    executor: {
      executeSql: (text, values) => pool.query(text, values as unknown[]),
      queryArrays: async (q) => (await pool.query<unknown[]>({ text: q.sql, values: q.params, rowMode: 'array' })).rows,
      copyCsv: async (q) => {
        const client = await pool.connect();
        let released = false;
        const release = (err?: Error) => {
          if (released) return;
          released = true;
          // A connection whose COPY was cut off mid-stream is not given back to the pool.
          client.release(err ?? undefined);
        };
        try {
          const sqlText = inlineParams(q.sql, q.params, (v) => client.escapeLiteral(v));
          const stream = client.query(copyTo(`copy (${sqlText}) to stdout with (format csv)`));
          stream.once('end', () => release());
          stream.once('error', (err) => release(err));
          stream.once('close', () => release(stream.readableEnded ? undefined : new Error('COPY stream closed early')));
          return stream;
        } catch (err) {
          release(err as Error);
          throw err;
        }
      },
    },
    async notify(channel) {
      await pool.query('select pg_notify($1, $2)', [channel, '']);
    },
    async listen(channel, onNotify) {
      let client: pg.Client | undefined;
      let stopped = false;
      const connect = async (): Promise<void> => {
        if (stopped) return;
        const c = new pg.Client({ connectionString: url });
        c.on('notification', () => onNotify());
        c.on('error', () => {
          // Lost: the pollers keep going; listen again shortly.
          void c.end().catch(() => {});
          if (client === c) client = undefined;
          if (!stopped) setTimeout(() => void connect().catch(() => {}), 1000).unref();
        });
        await c.connect();
        await c.query(`listen ${c.escapeIdentifier(channel)}`);
        client = c;
        if (stopped) await c.end();
      };
      await connect();
      return async () => {
        stopped = true;
        await client?.end().catch(() => {});
        client = undefined;
      };
    },
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
    hasSchema: async () => (await pool.query<{ t: string | null }>(HAS_SCHEMA_SQL)).rows[0]?.t != null,
    close: () => {
      ended = true;
      return pool.end();
    },
  };
}

/** Opens the configured database: PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir`. */
export function openDatabase(opts: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
