/**
 * Password hashing with argon2id (ARCHITECTURE.md §2), PHC strings starting `$argon2id$`.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB memory, 2 passes, 1 lane. */
const OPTIONS = { algorithm: 2 as Algorithm /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes `password` to an argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummy: Promise<string> | undefined;

/**
 * True when `password` matches `phc`. With `phc` null (no such account) it still spends the time
 * of one verification against a dummy hash and answers false, so timing does not reveal accounts.
 * A malformed stored hash answers false.
 */
export async function verifyPassword(phc: string | null, password: string): Promise<boolean> {
  dummy ??= hashPassword('dummy-password-for-timing');
  const target = phc ?? (await dummy);
  try {
    const ok = await verify(target, password);
    return phc !== null && ok;
  } catch {
    return false;
  }
}
