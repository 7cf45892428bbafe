/**
 * The exclusive lock on the embedded database directory (ARCHITECTURE.md §2: two processes opening
 * one PGlite directory lose data silently, so a second process must be refused).
 *
 * proper-lockfile does the locking: an atomic `mkdir` of `<dir>.lock`, whose mtime the holder
 * refreshes every `update` ms; a lock not refreshed for `stale` ms is taken over. That rule alone
 * refuses every restart for `stale` ms after a `kill -9` (issue 6). So the lock directory also holds
 * an owner record, `<dir>.lock/owner.json`, written by the same `mkdir` that takes the lock (through
 * proper-lockfile's `fs` option) and removed by the same `rmdir` that releases it:
 *
 *   { "pid": 4242, "hostname": "vm", "machine": "host=vm boot=… pidns=pid:[…]",
 *     "startedAt": "2025-01-01T00:00:00.000Z", "id": "<uuid of this lock>" }
 *
 * On a held lock the record decides: when its `machine` is this one and its `pid` no longer runs
 * (`process.kill(pid, 0)` fails with ESRCH), or is this very process which does not hold the lock
 * (the pid of a container's process is the same on every start), the lock is taken over at once.
 * Anything else refuses as before: no record yet (the holder is between `mkdir` and its write),
 * an unreadable record, a live pid (which may be a reused one: then the stale rule takes over after
 * `stale` ms, as before), another machine, or a machine that cannot be identified.
 */
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

/** Name of the owner record inside the lock directory. */
export const LOCK_OWNER_FILE = 'owner.json';

/** The owner record of a lock (`<dir>.lock/owner.json`). */
export interface LockOwner {
  /** Process id of the holder. */
  pid: number;
  /** `os.hostname()` of the holder; for people reading the file. */
  hostname: string;
  /** The holder's machineIdentity(); null when it could not be determined. */
  machine: string | null;
  /** When the lock was taken (ISO 8601). */
  startedAt: string;
  /** Random id of this lock: tells one taking of the lock from the next. */
  id: string;
}

export interface DirLockOptions {
  /** Called when the lock was lost while held (its directory removed or its mtime changed by someone else). */
  onCompromised: (err: Error) => void;
  /** Called before a lock whose holder is gone is taken over, with that holder's record. */
  onTakeOver?: (previous: LockOwner) => void;
  /** Milliseconds without a refresh after which any lock is taken over (proper-lockfile `stale`). */
  stale?: number;
  /** Milliseconds between two refreshes of the lock's mtime (proper-lockfile `update`). */
  update?: number;
}

/** Lock paths (`<dir>.lock`) this process holds: its own pid in their record does not mean "gone". */
const held = new Set<string>();

let machine: string | null | undefined;

/**
 * Who can judge a pid by `process.kill(pid, 0)`: the same kernel boot and the same pid namespace.
 * The hostname alone is not enough: containers with `--network=host` share the host's name but not
 * its pids, and cloned machines on a shared disk share a name. On Linux this is the hostname, the
 * boot id and the pid namespace, or null when /proc cannot tell them (then no lock is taken over by
 * pid). Elsewhere (macOS, Windows: no pid namespaces) it is the hostname.
 */
export function machineIdentity(): string | null {
  if (machine !== undefined) return machine;
  machine = `host=${hostname()}`;
  if (process.platform === 'linux') {
    try {
      const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      const pidns = fs.readlinkSync('/proc/self/ns/pid');
      machine = boot && pidns ? `${machine} boot=${boot} pidns=${pidns}` : null;
    } catch {
      machine = null;
    }
  }
  return machine;
}

/**
 * Takes the lock on `dir` (which must exist), held until the returned release is awaited or the
 * process exits (proper-lockfile removes held locks on exit; a `kill -9` leaves it for the owner
 * check above).
 *
 * Errors: `code: 'ELOCKED'` when another live process (or this one) holds the lock; file system
 * errors otherwise. The release rejects with `code: 'ERELEASED'` after the lock was compromised.
 */
export async function lockDirectory(dir: string, opts: DirLockOptions): Promise<() => Promise<void>> {
  const target = fs.realpathSync(dir);
  const lockPath = `${target}.lock`;
  const owner: LockOwner = { pid: process.pid, hostname: hostname(), machine: machineIdentity(), startedAt: new Date().toISOString(), id: randomUUID() };
  const options = {
    stale: opts.stale ?? 15_000,
    update: opts.update ?? 5_000,
    realpath: false,
    lockfilePath: lockPath,
    fs: ownerRecordingFs(lockPath, `${JSON.stringify(owner)}\n`),
    onCompromised: (err: Error) => {
      held.delete(lockPath);
      opts.onCompromised(err);
    },
  };
  for (let attempt = 1; ; attempt++) {
    try {
      const release = await lockfile.lock(target, options);
      held.add(lockPath);
      return async () => {
        held.delete(lockPath);
        await release();
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED' || attempt >= 3 || !removeIfOwnerGone(lockPath, opts.onTakeOver)) throw err;
    }
  }
}

/** The owner record in `lockPath` as stored (`text`) and parsed, or null when missing or malformed. */
export function readLockOwner(lockPath: string): { text: string; owner: LockOwner } | null {
  let text: string;
  try {
    text = fs.readFileSync(join(lockPath, LOCK_OWNER_FILE), 'utf8');
  } catch {
    return null;
  }
  try {
    const o = JSON.parse(text) as Partial<LockOwner> | null;
    if (!o || !Number.isSafeInteger(o.pid) || (o.pid as number) <= 0 || typeof o.id !== 'string') return null;
    if (typeof o.machine !== 'string' && o.machine !== null) return null;
    return { text, owner: o as LockOwner };
  } catch {
    return null;
  }
}

/** Whether the holder recorded in `owner` is certainly not running (see the module comment). */
function ownerIsGone(owner: LockOwner, lockPath: string): boolean {
  const here = machineIdentity();
  if (here === null || owner.machine !== here) return false;
  if (owner.pid === process.pid) return !held.has(lockPath);
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (err) {
    // EPERM: it runs under another user.
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Removes the lock at `lockPath` when its recorded holder is gone; true when the caller should try
 * to lock again. The lock directory is first renamed aside, then checked to still be the one judged
 * (same record): two processes taking over the same dead lock at once cannot remove each other's
 * new lock; the one that finds another record puts it back and refuses.
 */
function removeIfOwnerGone(lockPath: string, onTakeOver?: (previous: LockOwner) => void): boolean {
  const seen = readLockOwner(lockPath);
  if (!seen || !ownerIsGone(seen.owner, lockPath)) return false;
  const aside = `${lockPath}.gone-${randomUUID()}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true; // released meanwhile
    throw err;
  }
  if (readLockOwner(aside)?.text !== seen.text) {
    try {
      fs.renameSync(aside, lockPath);
    } catch {
      // Someone locked again meanwhile; the holder of the moved lock sees it compromised and stops.
    }
    return false;
  }
  onTakeOver?.(seen.owner);
  fs.rmSync(aside, { recursive: true, force: true });
  return true;
}

type Callback = (err: NodeJS.ErrnoException | null) => void;

/**
 * node:fs for proper-lockfile, where creating the lock directory also writes the owner record in
 * it, and removing it (release, exit, stale takeover) removes the record first. proper-lockfile
 * reads the lock's mtime after `mkdir` returns, so writing the record here does not look like
 * someone else touching the lock.
 */
function ownerRecordingFs(lockPath: string, ownerText: string) {
  const removeRecord = () => {
    try {
      fs.unlinkSync(join(lockPath, LOCK_OWNER_FILE));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  };
  return {
    ...fs,
    mkdir(path: string, cb: Callback) {
      fs.mkdir(path, (err) => {
        if (err || path !== lockPath) return cb(err);
        try {
          fs.writeFileSync(join(path, LOCK_OWNER_FILE), ownerText, { flag: 'wx' });
        } catch (writeErr) {
          fs.rmSync(path, { recursive: true, force: true });
          return cb(writeErr as NodeJS.ErrnoException);
        }
        cb(null);
      });
    },
    rmdir(path: string, cb: Callback) {
      if (path === lockPath) {
        try {
          removeRecord();
        } catch (err) {
          return cb(err as NodeJS.ErrnoException);
        }
      }
      fs.rmdir(path, cb);
    },
    rmdirSync(path: string) {
      if (path === lockPath) removeRecord();
      fs.rmdirSync(path);
    },
  };
}
