/**
 * The operator CLI as a child process (ARCHITECTURE.md §4): on a stopped PGlite data directory it
 * opens the database itself; while the server runs on that directory (and holds its lock) it goes
 * through the server's loopback admin endpoint with DATA_DIR/admin-key; on PostgreSQL it always
 * opens the database itself. Exit statuses and printed text are asserted.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';
import { users } from '../src/db/schema/users.ts';
import { freshPostgresDatabase, testDbKind } from './harness.ts';
import { insertApplication } from './quota-fixtures.ts';
import { escapeForTerminal } from '../src/cli/terminal-text.ts';
import { adminEntry, repoRoot, runNode, serverEntry, waitForHealth, freePort } from './server-process.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** Environment of the child processes: no inherited database or port settings. */
const childEnv = (env: Record<string, string>) => ({ ...process.env, DATABASE_URL: '', PORT: '', HOST: '', LOG_LEVEL: 'warn', ...env });

/** Runs the CLI (`npm run admin -- …` without npm) and resolves with its exit status and output. */
function admin(env: Record<string, string>, ...argv: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', adminEntry, ...argv], { cwd: repoRoot, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}


/** Starts the server on `dataDir` and `port`; resolves once /api/health answers. */
async function startServer(dataDir: string, port: number) {
  const proc = runNode(serverEntry, [], { HOST: '', DATA_DIR: dataDir, PORT: String(port), DEMO_DATA: 'false', SANDBOX_DELAY_MS: '0' });
  let done = false;
  void proc.exited.then(() => (done = true));
  cleanups.push(() => void (done || proc.child.kill('SIGKILL')));
  await waitForHealth(port, proc);
  return proc;
}

/** A PGlite data directory with the schema and one application, closed again (lock released). */
async function preparedDataDir(): Promise<{ dataDir: string; app: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pesan-admin-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const database: Database = await openPglite(dataDir);
  await database.migrate();
  const app = await insertApplication(database.db, { name: 'CLI App', billingType: 'post-paid' });
  await database.close();
  return { dataDir, app };
}

// The two tests are independent (own directories): run together, they take the time of the longer.
describe.runIf(testDbKind() === 'pglite').concurrent('operator CLI on PGlite', () => {
  it('opens a stopped data directory itself, and goes through the running server while it holds the directory', async () => {
    const { dataDir, app } = await preparedDataDir();
    const env = { DATA_DIR: dataDir };
    const unknown = randomUUID();

    // Stopped: the CLI opens the database itself (no note about a server), and refuses bad input.
    const billed = await admin(env, 'billing', '--app', app, '--type', 'pre-paid');
    expect(billed).toEqual({ code: 0, stdout: `Application ${app} (CLI App): billing type changed from post-paid to pre-paid.\n`, stderr: '' });
    const notFound = await admin(env, 'quota', '--app', unknown, '--type', 'sms', '--add', '5');
    expect(notFound).toEqual({ code: 1, stdout: '', stderr: `Error: Application ${unknown} not found\n` });

    // Running: the server holds the lock, so the CLI sends the commands to it.
    const port = await freePort();
    const server = await startServer(dataDir, port);
    const keyFile = join(dataDir, 'admin-key');
    if (process.platform !== 'win32') expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const runningEnv = { DATA_DIR: dataDir, PORT: String(port) };
    const via = `The data directory ${dataDir} is in use by a running server: sending the command to it at http://127.0.0.1:${port}.\n`;
    const [call, remoteMissing, wrongPort] = await Promise.all([
      admin(runningEnv, 'quota', '--app', app, '--type', 'call', '--add', '10'),
      admin(runningEnv, 'balances', '--app', unknown),
      // No server on this PORT: a clear refusal, exit 1.
      freePort().then((other) => admin({ DATA_DIR: dataDir, PORT: String(other) }, 'balances', '--app', app)),
    ]);
    expect(call).toEqual({ code: 0, stdout: `Application ${app} (CLI App): call quota topped up by 10 min: quota 0 min -> 10 min, usage 0 min, remaining 10 min.\nLedger row: call +10 min (top-up).\n`, stderr: via });
    expect(remoteMissing).toEqual({ code: 1, stdout: '', stderr: `${via}Error: Application ${unknown} not found\n` });
    expect(wrongPort.code).toBe(1);
    expect(wrongPort.stderr).toMatch(/Error: The data directory .* is in use by another Pesan process, but no server answers at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);

    // A key that is not the server's: the endpoint answers as an unknown route, the CLI says so.
    const key = readFileSync(keyFile, 'utf8');
    writeFileSync(keyFile, 'another-key-another-key-another-key-another');
    const wrongKey = await admin(runningEnv, 'quota', '--app', app, '--type', 'sms', '--add', '1');
    writeFileSync(keyFile, key);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain(`Error: The server at http://127.0.0.1:${port} refused the admin command`);

    // Stopped again: what was changed through the server is in the database the CLI opens.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const after = await admin(env, 'balances', '--app', app);
    expect(after.code).toBe(0);
    expect(after.stderr).toBe('');
    expect(after.stdout).toContain(`Application ${app} (CLI App), billing type pre-paid\n`);
    expect(after.stdout).toMatch(/\ncall \(min\) +10 +0 +10\n/);
    expect(after.stdout).toMatch(/\nsms +0 +0 +0\n/);
    expect(after.stdout).toMatch(/\nLast 1 ledger row, newest first:\n\S+Z {2}call \(min\) {2}\+10 {2}top-up\n$/);
  }, 120_000);

  it('lists the commands through npm run admin, refuses bad usage (2) and a directory without a database (1)', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'pesan-admin-empty-'));
    cleanups.push(() => rmSync(empty, { recursive: true, force: true }));
    const [help, res, usage] = await Promise.all([
      new Promise<{ code: number | null; stdout: string }>((resolve) => {
        const child = spawn('npm', ['run', '-s', 'admin', '--', '--help'], { cwd: repoRoot, env: childEnv({}), stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        child.stdout.on('data', (d) => (stdout += d));
        child.on('close', (code) => resolve({ code, stdout }));
      }),
      admin({ DATA_DIR: empty }, 'balances', '--app', randomUUID()),
      admin({ DATA_DIR: empty }, 'quota', '--app', randomUUID(), '--type', 'sms', '--add', '5', '--set', '1'),
    ]);
    expect(usage).toEqual({ code: 2, stdout: '', stderr: 'Error: Give either --add or --set, not both\n' });
    expect(help.code).toBe(0);
    for (const synopsis of ['billing --app <id> --type pre-paid|post-paid', 'quota --app <id> --type <quota type> (--add N | --set N)', 'balances --app <id>', 'operator --email <e-mail>', 'docs:import [--dir <path>]']) {
      expect(help.stdout).toContain(synopsis);
    }
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^Error: No Pesan database in .*pesan-admin-empty-/);
    // Nothing was created in the wrong directory.
    expect(readdirSync(empty)).toEqual([]);
  }, 60_000);
});

describe.runIf(testDbKind() === 'pglite')('operator CLI: operators and the docs import (issue 14)', () => {
  it('makes a user an operator and imports the docs idempotently, refusing bad input', async () => {
    const { dataDir } = await preparedDataDir();
    const database = await openPglite(dataDir);
    await database.db.insert(users).values({ fullName: 'Ops Person', email: 'ops@example.com', phoneNumber: '081234567890', passwordHash: 'x' });
    await database.close();
    const env = { DATA_DIR: dataDir };
    const docs = mkdtempSync(join(tmpdir(), 'pesan-admin-docs-'));
    cleanups.push(() => rmSync(docs, { recursive: true, force: true }));
    writeFileSync(join(docs, 'a.md'), '---\ngroup: Start\ngroup_number: 1\ntitle: Hello\nnumber: 1\nversion: v1\nslug: hello\n---\nHello **docs**.\n');

    expect(await admin(env, 'operator', '--email', 'OPS@example.com')).toEqual({ code: 0, stdout: 'User ops@example.com (Ops Person) is now an operator: they can edit the API documentation.\n', stderr: '' });
    expect((await admin(env, 'operator', '--email', 'ops@example.com')).stdout).toBe('User ops@example.com (Ops Person) is already an operator; nothing changed.\n');
    expect(await admin(env, 'operator', '--email', 'nobody@example.com')).toEqual({ code: 1, stdout: '', stderr: 'Error: No user with e-mail nobody@example.com\n' });
    expect(await admin(env, 'operator')).toEqual({ code: 2, stdout: '', stderr: 'Error: --email is required\n' });

    // A relative --dir is relative to where npm was run (INIT_CWD).
    const imported = await admin({ ...env, INIT_CWD: tmpdir() }, 'docs:import', '--dir', relative(tmpdir(), docs));
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toBe(`Imported 1 documentation page from ${docs}.\nVersions created (1): v1\nGroups created (1): Start\nPages created (1): a.md\nPages unchanged: 0.\n`);
    expect((await admin(env, 'docs:import', '--dir', docs)).stdout).toBe(`Imported 1 documentation page from ${docs}.\nPages unchanged: 1.\nNothing changed.\n`);
    writeFileSync(join(docs, 'b.md'), 'no front matter');
    expect(await admin(env, 'docs:import', '--dir', docs)).toEqual({ code: 2, stdout: '', stderr: 'Error: b.md: no front matter: start the file with a --- block (group, group_number, title, number, version, slug)\n' });
    const missing = await admin(env, 'docs:import', '--dir', join(docs, 'missing'));
    expect(missing).toEqual({ code: 2, stdout: '', stderr: `Error: No docs directory at ${join(docs, 'missing')}\n` });
  }, 60_000);
});

describe.runIf(testDbKind() === 'pglite')('operator CLI output (issue 23 item 24)', () => {
  it('escapes control characters of stored names instead of printing them raw (no screen clearing, window title or fake line)', async () => {
    const { dataDir } = await preparedDataDir();
    const database = await openPglite(dataDir);
    // Stored before names refused control characters (the schemas refuse them now; the database does not).
    const evilApp = '\u001b[2J\u001b[HShop\u0007\u001b]0;pwned\u0007\nFake line\u202e';
    const app = await insertApplication(database.db, { name: evilApp, billingType: 'post-paid' });
    await database.db.insert(users).values({ fullName: 'Eve\u001b[31m\u009b', email: 'eve@example.com', phoneNumber: '081234567890', passwordHash: 'x' });
    await database.close();
    const env = { DATA_DIR: dataDir };
    const op = await admin(env, 'operator', '--email', 'eve@example.com');
    expect(op).toEqual({ code: 0, stdout: 'User eve@example.com (Eve\\u001b[31m\\u009b) is now an operator: they can edit the API documentation.\n', stderr: '' });
    const billing = await admin(env, 'billing', '--app', app, '--type', 'pre-paid');
    expect(billing.code).toBe(0);
    expect(billing.stdout).toContain('(\\u001b[2J\\u001b[HShop\\u0007\\u001b]0;pwned\\u0007\nFake line\\u202e)');
    // Nothing left to escape: no raw control character reached the terminal.
    expect(escapeForTerminal(billing.stdout)).toBe(billing.stdout);
  }, 120_000);

  it('escapeForTerminal keeps text, line feeds and tabs, and writes every other control as \\uXXXX', () => {
    expect(escapeForTerminal('Toko 😀\tok\n')).toBe('Toko 😀\tok\n');
    expect(escapeForTerminal('a\u0000b\u0007c\u001bd\re\u007ff\u0085g\u2028h\u202ei\u2066j')).toBe('a\\u0000b\\u0007c\\u001bd\\u000de\\u007ff\\u0085g\\u2028h\\u202ei\\u2066j');
  });
});

describe.runIf(testDbKind() === 'postgres')('operator CLI on PostgreSQL', () => {
  it('opens the database itself', async () => {
    const fresh = await freshPostgresDatabase();
    cleanups.push(() => fresh.drop());
    const database = await openPostgres(fresh.url);
    await database.migrate();
    const app = await insertApplication(database.db, { name: 'PG App' });
    await database.close();
    const dataDir = mkdtempSync(join(tmpdir(), 'pesan-admin-pg-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATABASE_URL: fresh.url, DATA_DIR: dataDir };
    const top = await admin(env, 'quota', '--app', app, '--type', 'wa_utility', '--set', '40');
    expect(top).toEqual({ code: 0, stdout: `Application ${app} (PG App): wa_utility quota set to 40: quota 0 -> 40, usage 0, remaining 40.\nLedger row: wa_utility +40 (set).\nNote: the application is post-paid, so its messages take no quota until its billing type is pre-paid.\n`, stderr: '' });
    const balances = await admin(env, 'balances', '--app', app);
    expect(balances.stdout).toMatch(/\nwa_utility +40 +0 +40\n/);
  }, 60_000);
});
