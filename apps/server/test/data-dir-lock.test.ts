/**
 * The data-directory lock (src/db/data-dir-lock.ts; ARCHITECTURE.md §2, issue 6): a lock whose
 * recorded process no longer runs is taken over at once; a live holder, an unknown holder or one on
 * another machine is refused; proper-lockfile's stale rule and its compromised signal still work.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_OWNER_FILE, lockDirectory, machineIdentity, readLockOwner, type LockOwner } from '../src/db/data-dir-lock.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A fresh directory to lock, and the path of its lock. */
function target() {
  const parent = mkdtempSync(join(tmpdir(), 'pesan-lock-'));
  dirs.push(parent);
  const dir = join(parent, 'db');
  mkdirSync(dir);
  return { parent, dir, lockPath: `${dir}.lock` };
}

/** A lock as another process would have left it: the directory and (optionally) its record. */
function fakeLock(lockPath: string, record?: Partial<LockOwner> | string) {
  mkdirSync(lockPath);
  if (record === undefined) return;
  const text =
    typeof record === 'string'
      ? record
      : JSON.stringify({ pid: 1, hostname: 'x', machine: machineIdentity(), startedAt: new Date().toISOString(), id: 'previous', ...record });
  writeFileSync(join(lockPath, LOCK_OWNER_FILE), text);
}

/** The pid of a process that has exited (and been reaped). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

const failOnCompromise = { onCompromised: (err: Error) => expect.fail(`compromised: ${err.message}`) };

async function lockCode(dir: string): Promise<string | undefined> {
  try {
    const release = await lockDirectory(dir, failOnCompromise);
    await release();
    return undefined;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code;
  }
}

describe('data directory lock', () => {
  it('records its owner, refuses a second holder in this process and releases completely', async () => {
    const { dir, lockPath } = target();
    const release = await lockDirectory(dir, failOnCompromise);
    const owner = readLockOwner(lockPath)?.owner;
    expect(owner).toMatchObject({ pid: process.pid, machine: machineIdentity() });

    expect(await lockCode(dir)).toBe('ELOCKED');
    expect(readLockOwner(lockPath)?.owner.id).toBe(owner?.id);

    await release();
    expect(existsSync(lockPath)).toBe(false);
    const again = await lockDirectory(dir, failOnCompromise);
    await again();
  });

  it.skipIf(machineIdentity() === null)('takes over at once a lock whose process no longer runs', async () => {
    const { parent, dir, lockPath } = target();
    const pid = await deadPid();
    fakeLock(lockPath, { pid });
    const previous: LockOwner[] = [];
    const release = await lockDirectory(dir, { ...failOnCompromise, onTakeOver: (p) => previous.push(p) });
    expect(previous).toMatchObject([{ pid, id: 'previous' }]);
    expect(readLockOwner(lockPath)?.owner.pid).toBe(process.pid);
    expect(readdirSync(parent).sort()).toEqual(['db', 'db.lock']); // nothing left aside
    await release();
  });

  it.skipIf(machineIdentity() === null)('takes over a lock recorded with this pid that this process does not hold', async () => {
    const { dir, lockPath } = target();
    fakeLock(lockPath, { pid: process.pid });
    const release = await lockDirectory(dir, failOnCompromise);
    expect(readLockOwner(lockPath)?.owner.id).not.toBe('previous');
    await release();
  });

  it('refuses while the holder may run, and leaves its lock alone', async () => {
    const dead = await deadPid();
    const cases: [string, Partial<LockOwner> | string | undefined][] = [
      ['live process', { pid: process.ppid }],
      ['no record yet', undefined],
      ['unreadable record', '{"pid": 12'],
      ['no pid', { pid: 0 }],
      ['another machine', { pid: dead, machine: 'host=elsewhere' }],
      ['unknown machine', { pid: dead, machine: null }],
    ];
    for (const [name, record] of cases) {
      const { dir, lockPath } = target();
      fakeLock(lockPath, record);
      const before = existsSync(join(lockPath, LOCK_OWNER_FILE)) ? readFileSync(join(lockPath, LOCK_OWNER_FILE), 'utf8') : null;
      expect(await lockCode(dir), name).toBe('ELOCKED');
      const after = existsSync(join(lockPath, LOCK_OWNER_FILE)) ? readFileSync(join(lockPath, LOCK_OWNER_FILE), 'utf8') : null;
      expect(after, name).toBe(before);
    }
  });

  it('still takes over a lock not refreshed within the stale time (proper-lockfile rule)', async () => {
    const { dir, lockPath } = target();
    fakeLock(lockPath, { pid: process.ppid });
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockPath, old, old);
    const release = await lockDirectory(dir, { ...failOnCompromise, stale: 2_000 });
    expect(readLockOwner(lockPath)?.owner.pid).toBe(process.pid);
    await release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('keeps its lock fresh with the record inside, and reports the lock lost when it is removed', async () => {
    const { dir, lockPath } = target();
    const lost: Error[] = [];
    await lockDirectory(dir, { onCompromised: (err) => lost.push(err), stale: 2_000, update: 1_000 });
    await new Promise((r) => setTimeout(r, 2_500)); // two refreshes
    expect(lost).toEqual([]);
    rmSync(lockPath, { recursive: true });
    await expect.poll(() => lost.length, { timeout: 5_000 }).toBe(1);
    expect(lost[0]).toMatchObject({ code: 'ECOMPROMISED' });
    // The lost lock no longer counts as held here: the directory can be locked again.
    const release = await lockDirectory(dir, failOnCompromise);
    await release();
  }, 15_000);
});
