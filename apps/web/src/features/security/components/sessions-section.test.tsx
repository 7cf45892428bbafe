import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '../../../components/test-render.tsx';
import { SessionsSection } from './sessions-section.tsx';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const now = Date.now();
const iso = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
const SESSIONS = [
  { id: 's2', created_at: iso(600), last_seen_at: iso(30), ip: '10.0.0.7', user_agent: IPHONE, current: false },
  { id: 's1', created_at: iso(60), last_seen_at: iso(1), ip: '127.0.0.1', user_agent: CHROME, current: true },
  { id: 's3', created_at: iso(900), last_seen_at: iso(300), ip: '10.0.0.9', user_agent: '', current: false },
];

function stubApi() {
  const calls: { url: string; method: string }[] = [];
  let list = SESSIONS;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method });
      if (method === 'GET') return jsonResponse({ data: list });
      if (url === '/api/user/sessions') list = list.filter((s) => s.current);
      else list = list.filter((s) => url !== `/api/user/sessions/${s.id}`);
      return new Response(null, { status: 204 });
    }),
  );
  return calls;
}

describe('sessions section', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the sessions, this device first with its badge, devices read from the user agent', async () => {
    stubApi();
    renderWithProviders(<SessionsSection />);
    const table = await screen.findByRole('table', { name: 'Sessions' });
    await waitFor(() => expect(within(table).getAllByTestId('session-row')).toHaveLength(3));
    const rows = within(table).getAllByTestId('session-row');
    expect(rows[0]!.textContent).toContain('Chrome on Windows');
    expect(rows[0]!.textContent).toContain('This device');
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(rows[1]!.textContent).toContain('Safari on iPhone');
    expect(rows[1]!.textContent).toContain('10.0.0.7');
    expect(rows[2]!.textContent).toContain('Unknown device');
  });

  it('ends one session after a confirmation, and all others', async () => {
    const calls = stubApi();
    renderWithProviders(<SessionsSection />);
    const end = await screen.findByRole('button', { name: /End the session of Safari on iPhone/ });
    fireEvent.click(end);
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    expect(dialog.textContent).toContain('Safari on iPhone (10.0.0.7) will be signed out at once.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'End' }));
    await waitFor(() => expect(calls).toContainEqual({ url: '/api/user/sessions/s2', method: 'DELETE' }));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'End all other sessions' }));
    const all = await screen.findByRole('dialog', { name: 'End all other sessions?' });
    fireEvent.click(within(all).getByRole('button', { name: 'End all other sessions' }));
    await waitFor(() => expect(calls).toContainEqual({ url: '/api/user/sessions', method: 'DELETE' }));
    expect(await screen.findByText('No other device is signed in.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'End all other sessions' })).toBeNull());
  });

  it('shows cards on a narrow screen', async () => {
    stubApi();
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
    try {
      renderWithProviders(<SessionsSection />);
      await waitFor(() => expect(screen.getAllByTestId('session-card')).toHaveLength(3));
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.getByRole('article', { name: 'Chrome on Windows' }).textContent).toContain('This device');
    } finally {
      window.matchMedia = original;
    }
  });
});
