import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry } from '@pesan/contracts/teams';
import { jsonResponse, renderWithProviders } from '../../../components/test-render.tsx';
import { AuditLogView } from './audit-log-view.tsx';

afterEach(() => vi.unstubAllGlobals());

const ACTOR = '0b6f2a8e-3c1d-4e5f-8a9b-1c2d3e4f5a6b';
const entry = (id: string, action: AuditEntry['action'], extra: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-11-27T03:04:05Z',
  actor: { id: ACTOR, email: 'budi@pesan.test' },
  action,
  target: { type: 'member', id: 'u2', name: 'dewi@pesan.test' },
  ip: '203.0.113.7',
  user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  details: { from: 'viewer', to: 'admin' },
  ...extra,
});

function fakeApi(rows: AuditEntry[]) {
  const bodies: unknown[] = [];
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      urls.push(url);
      if (url === '/api/organization/members') return jsonResponse({ data: [{ user_id: ACTOR, full_name: 'Budi Santoso', email: 'budi@pesan.test', role: 'owner', two_factor: true, last_seen_at: null, joined_at: null }] });
      if (url === '/api/organization/audit-log') {
        const body = JSON.parse(String(init?.body));
        bodies.push(body);
        const data = body.action ? rows.filter((r) => body.action.includes(r.action)) : rows;
        return jsonResponse({ data, page: 1, limit: 20, pages: data.length ? 1 : 0, total: data.length });
      }
      if (url.startsWith('/api/organization/audit-log/download')) return new Response('id,at\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="audit.csv"' } });
      return jsonResponse({ error: { code: 'not_found', message: 'no fake' } }, 404);
    }),
  );
  return { bodies, urls };
}

describe('AuditLogView', () => {
  it('lists entries with readable actions, a short device and details, asking for the last 7 days', async () => {
    const { bodies } = fakeApi([entry('a1', 'member.role_changed'), entry('a2', 'auth.sign_in_failed', { details: {} })]);
    renderWithProviders(<AuditLogView role="admin" />, { route: '/profile/audit-log' });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await waitFor(() => expect(within(table).getByText('Role changed')).toBeTruthy());
    expect(within(table).getByText('Sign-in failed')).toBeTruthy();
    expect(within(table).getAllByText('Chrome 131 on Windows').length).toBe(2);
    expect(within(table).getByText('from: viewer; to: admin')).toBeTruthy();
    expect(within(table).getAllByText('Member').length).toBe(2);
    expect(within(table).getAllByText('dewi@pesan.test').length).toBe(2);
    const body = bodies[0] as Record<string, unknown>;
    expect(body).toMatchObject({ page: 1, limit: 20 });
    expect(body.action).toBeUndefined();
    expect(String(body.start_date)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('takes the filters from the URL, sends them, and exports with the same filters', async () => {
    const { bodies, urls } = fakeApi([entry('a1', 'member.role_changed'), entry('a2', 'auth.sign_in')]);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    renderWithProviders(<AuditLogView role="owner" />, { route: `/profile/audit-log?actor=${ACTOR}&action=auth.sign_in&start=2026-11-20&end=2026-11-26` });
    await waitFor(() => expect(screen.getByText('Signed in', { selector: '.mantine-Badge-label' })).toBeTruthy());
    expect(screen.queryByText('Role changed', { selector: '.mantine-Badge-label' })).toBeNull();
    expect(bodies[0]).toEqual({ actor_id: ACTOR, action: ['auth.sign_in'], start_date: '2026-11-20', end_date: '2026-11-26', page: 1, limit: 20 });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV of the filtered entries' }));
    await waitFor(() => expect(urls.some((u) => u.startsWith('/api/organization/audit-log/download?'))).toBe(true));
    const q = new URL(urls.find((u) => u.includes('/download?'))!, 'http://x').searchParams;
    expect(q.get('actor_id')).toBe(ACTOR);
    expect(q.getAll('action')).toEqual(['auth.sign_in']);
    expect([q.get('start_date'), q.get('end_date')]).toEqual(['2026-11-20', '2026-11-26']);
    // Clear filters drops the member and the actions, keeps the days.
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ start_date: '2026-11-20', end_date: '2026-11-26', page: 1, limit: 20 }));
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('shows the empty state when nothing matches', async () => {
    fakeApi([]);
    renderWithProviders(<AuditLogView role="owner" />);
    expect(await screen.findByText('No entries')).toBeTruthy();
  });

  it('tells a developer or viewer that only owners and admins can read it, and asks nothing', async () => {
    const { urls } = fakeApi([]);
    renderWithProviders(<AuditLogView role="viewer" />);
    expect(screen.getByText('Only owners and admins can read the audit log.')).toBeTruthy();
    expect(urls).toEqual([]);
  });
});
