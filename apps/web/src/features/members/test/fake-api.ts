/** Test-only: a fake API for the members feature ('METHOD path' -> handler; calls recorded with their bodies). */
import { vi } from 'vitest';
import type { Member } from '@pesan/contracts/teams';
import { jsonResponse } from '../../../components/test-render.tsx';

export type Handler = (body: unknown) => Response | Promise<Response>;

export function fakeApi(routes: Record<string, Handler>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${String(input).split('?')[0]}`;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ key, body });
      const handler = routes[key];
      if (!handler) return jsonResponse({ error: { code: 'not_found', message: `no fake for ${key}` } }, 404);
      return handler(body);
    }),
  );
  return calls;
}

export const member = (user_id: string, full_name: string, role: Member['role'], extra: Partial<Member> = {}): Member => ({
  user_id,
  full_name,
  email: `${full_name.split(' ')[0]!.toLowerCase()}@pesan.test`,
  role,
  two_factor: false,
  last_seen_at: '2026-11-27T03:00:00Z',
  joined_at: '2026-10-01T03:00:00Z',
  ...extra,
});
