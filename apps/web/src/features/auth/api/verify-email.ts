/**
 * PATCH /api/auth/email_verification/:token -> {data: user, message}; sets the session cookie
 * (console.md §4 Email verification; ARCHITECTURE.md §7.1). 400 'Invalid email verification'.
 * One request per token even when React runs effects twice (StrictMode): the promise is shared.
 */
import type { User } from '@pesan/contracts/auth';
import { api } from '../../../lib/api-client.ts';

const inFlight = new Map<string, Promise<{ data: User; message?: string }>>();

export function verifyEmail(token: string): Promise<{ data: User; message?: string }> {
  let p = inFlight.get(token);
  if (!p) {
    p = api<{ data: User; message?: string }>(`/api/auth/email_verification/${encodeURIComponent(token)}`, {
      method: 'PATCH',
      silent401: true,
    });
    inFlight.set(token, p);
    // Forget it once settled (a little later, so a StrictMode re-run still shares it).
    p.finally(() => setTimeout(() => inFlight.delete(token), 5_000)).catch(() => {});
  }
  return p;
}
