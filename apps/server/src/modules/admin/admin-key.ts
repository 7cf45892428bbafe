/**
 * The admin key (ARCHITECTURE.md §4 operator CLI): a random secret in `DATA_DIR/admin-key`
 * (mode 0600), created by the server at start when missing. The operator CLI reads it to call the
 * running server's loopback admin endpoint (admin.routes.ts); whoever can read the data directory
 * can run operator commands anyway, so the key proves exactly that.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** File name of the key inside DATA_DIR. */
export const ADMIN_KEY_FILE = 'admin-key';

/** Keys shorter than this (characters) are replaced at start: 32 random bytes are 43. */
const MIN_KEY_LENGTH = 32;

/** Absolute path of the key file of `dataDir`. */
export const adminKeyPath = (dataDir: string) => join(dataDir, ADMIN_KEY_FILE);

/** The key in `dataDir`, or null when the file is missing, unreadable or too short. */
export function readAdminKey(dataDir: string): string | null {
  try {
    const key = readFileSync(adminKeyPath(dataDir), 'utf8').trim();
    return key.length >= MIN_KEY_LENGTH ? key : null;
  } catch {
    return null;
  }
}

/**
 * The key of `dataDir`, created (32 random bytes, base64url, mode 0600) when missing or too short;
 * an existing file readable by others is narrowed to 0600 (POSIX only). Called at server start.
 * @throws file system errors (an unwritable DATA_DIR).
 */
export function ensureAdminKey(dataDir: string): string {
  const file = adminKeyPath(dataDir);
  const existing = readAdminKey(dataDir);
  if (existing) {
    if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return existing;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  if (process.platform !== 'win32') chmodSync(file, 0o600);
  return key;
}

/** Whether `given` is `expected`, compared in constant time (over SHA-256 digests of equal length). */
export function adminKeyMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(given));
}
