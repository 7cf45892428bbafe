/** Issue 15: the application pages in Indonesian (catalogue texts, the confirmation's bold name, channel names kept). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { CreateApplicationForm } from './create-application-form.tsx';
import { DeleteApplicationButton } from './delete-application-button.tsx';
import { ApplicationCard } from './application-card.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('id');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const app = {
  id: '11111111-2222-4333-8444-555555555555',
  application_name: 'Toko <Baju>',
  organization_id: 'o',
  user_id: 'u',
  billing_type: 'post-paid' as const,
  require_signature: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
  channels: [{ channel: 'sms' as const, channel_name: 'SMS' }],
};

describe('applications in Indonesian', () => {
  it('labels the create form and keeps channel names', async () => {
    renderWithProviders(<CreateApplicationForm onCreated={vi.fn()} />);
    expect(screen.getByLabelText(/Nama Aplikasi/)).toBeTruthy();
    expect(screen.getByText('Tentang file kunci')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'SMS OTP' })).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'SMS' }));
    expect(screen.getByLabelText('Nama pengirim (SMS)')).toBeTruthy();
    expect(screen.getByText('Opsional, maksimal 11 karakter')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buat Aplikasi' })).toBeTruthy();
  });

  it('asks before deleting, with the name in bold as given', async () => {
    renderWithProviders(<DeleteApplicationButton app={app} onDeleted={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Hapus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hapus aplikasi Toko <Baju>?' });
    const bold = within(dialog).getByText('Toko <Baju>', { selector: 'strong' });
    expect(bold.parentElement?.textContent).toBe('Toko <Baju> akan dihapus dari Aplikasi Saya.');
    expect(within(dialog).getByText('Tindakan ini tidak dapat dibatalkan.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Batal' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Hapus Aplikasi' })).toBeTruthy();
  });

  it('shows the card in Indonesian', () => {
    renderWithProviders(<ApplicationCard app={app} />);
    expect(screen.getByRole('button', { name: 'Ubah' })).toBeTruthy();
    expect(screen.getByText('ID Aplikasi')).toBeTruthy();
    expect(screen.getByText('Dibuat')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Salin ID Aplikasi' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Channel' })).toBeTruthy();
  });
});
