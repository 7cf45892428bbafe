import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { api } from '../../../lib/api-client.ts';
import { useApiEvents } from './use-api-events.ts';

function Probe() {
  useApiEvents();
  return <p data-testid="path">{useLocation().pathname}</p>;
}

const envelope = (status: number, message: string) =>
  new Response(JSON.stringify({ error: { code: status === 401 ? 'unauthorized' : 'internal', message, request_id: 'r' } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
  localStorage.clear();
});

describe('global API event handling', () => {
  it('on a 5xx toasts Error! with the message once and keeps the user where they are', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => envelope(500, 'Database unavailable')));
    const { client } = renderWithProviders(<Probe />, { route: '/my-application' });
    client.setQueryData(['auth', 'session'], { id: 'u1' });
    await act(async () => {
      await api('/api/application/list').catch(() => {});
      await api('/api/application/list').catch(() => {}); // the retry
    });
    await screen.findByText('Database unavailable');
    expect(screen.getAllByText('Error!')).toHaveLength(1);
    expect(screen.getByTestId('path').textContent).toBe('/my-application');
    expect(client.getQueryData(['auth', 'session'])).toEqual({ id: 'u1' });
  });

  it('on a 401 signs out: clears the cache and stored form data, toasts once and goes to /auth/login', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => envelope(401, 'Your session has ended. Please sign in again.')));
    localStorage.setItem('DATA_FORM', '{"email":"a@b.c"}');
    localStorage.setItem('pesan.remember-email', 'a@b.c');
    const { client } = renderWithProviders(<Probe />, { route: '/my-application' });
    client.setQueryData(['auth', 'session'], { id: 'u1' });
    await act(async () => {
      await Promise.all([api('/api/a').catch(() => {}), api('/api/b').catch(() => {})]);
    });
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/auth/login'));
    await screen.findByText('Your session has ended. Please sign in again.');
    expect(screen.getAllByText('Error!')).toHaveLength(1);
    expect(client.getQueryData(['auth', 'session'])).toBeUndefined();
    expect(localStorage.getItem('DATA_FORM')).toBeNull();
    expect(localStorage.getItem('pesan.remember-email')).toBe('a@b.c'); // remember me survives
  });

  it('ignores a 401 of a call made with silent401 (the login call answers for itself)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => envelope(401, 'Email or password is incorrect')));
    renderWithProviders(<Probe />, { route: '/auth/register' });
    await act(async () => {
      await api('/api/auth/login', { body: {}, silent401: true }).catch(() => {});
    });
    expect(screen.getByTestId('path').textContent).toBe('/auth/register');
    expect(screen.queryByText('Error!')).toBeNull();
  });
});
