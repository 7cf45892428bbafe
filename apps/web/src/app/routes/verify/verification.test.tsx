import { afterEach, describe, expect, it, vi } from 'vitest';
import { render as rtlRender, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { jsonResponse as json } from '../../../components/test-render.tsx';
import { theme } from '../../../lib/theme.ts';
import VerificationPage from './verification.tsx';

afterEach(() => vi.unstubAllGlobals());

const V = {
  id: 'ver_1', application_id: 'app-1', application_name: 'Toko Rina', recipient: 'rina@example.com', country: null,
  channel: 'email', status: 'pending', locale: 'id', template: null, attempts: 0, attempts_left: 5, send_count: 1,
  created_at: '2026-03-15T03:04:00Z', expires_at: '2026-03-15T03:14:00Z', approved_at: null, closed_at: null, seconds_to_approve: null,
  events: [{ kind: 'started', at: '2026-03-15T03:04:00Z', channel: 'email', message_id: null }],
};

function render(answer: () => Response) {
  vi.stubGlobal('fetch', vi.fn(async (input: string) => (String(input) === '/api/verifications/ver_1' ? answer() : json({ error: { code: 'not_found', message: 'Not found' } }, 404))));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/my-application/verification/:id', element: <VerificationPage /> }], { initialEntries: ['/my-application/verification/ver_1'] });
  return rtlRender(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('verification page', () => {
  it('shows the breadcrumb to the application and the timeline', async () => {
    render(() => json({ data: V }));
    expect(await screen.findByTestId('verification-timeline')).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toContain('Toko Rina');
    expect(screen.getByRole('heading', { level: 1, name: 'Verification' })).toBeTruthy();
  });

  it("shows the console's not-found state for a 404", async () => {
    render(() => json({ error: { code: 'not_found', message: 'Verification not found' } }, 404));
    expect(await screen.findByText('404')).toBeTruthy();
  });
});
