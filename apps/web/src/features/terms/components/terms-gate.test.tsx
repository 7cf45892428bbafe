import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { TermsGate } from './terms-gate.tsx';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

describe('terms gate', () => {
  it('opens the modal when the check reports tnc_accept false, and records acceptance on Confirm', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
      init?.method === 'POST' ? json({ data: { tnc_accept: true } }) : json({ data: { tnc_accept: false } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<TermsGate userId="u1" />, { route: '/my-application' });
    const dialog = await screen.findByRole('dialog', { name: 'Syarat dan Ketentuan' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/user/agreement-tnc/u1?check=true&pp_version=1.9&tnc_version=1.2.2');
    fireEvent.click(screen.getByRole('checkbox', { name: /Wajib/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/user/agreement-tnc/u1?check=true&pp_version=1.9&tnc_version=1.2.2');
    expect(dialog).toBeTruthy();
    await screen.findByText('Terms of Conditions Submitted');
  });

  it('does not open the modal when tnc_accept is true', async () => {
    const fetchMock = vi.fn(async () => json({ data: { tnc_accept: true } }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<TermsGate userId="u2" />, { route: '/my-application' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Syarat dan Ketentuan')).toBeNull();
  });

  it('closing it unticked warns and closes', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ data: { tnc_accept: false } })));
    renderWithProviders(<TermsGate userId="u3" />, { route: '/my-application' });
    await screen.findByRole('dialog', { name: 'Syarat dan Ketentuan' });
    fireEvent.click(screen.getByRole('button', { name: 'Tutup' }));
    await screen.findByText("You don't submitted aggrement Terms of Conditions");
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
