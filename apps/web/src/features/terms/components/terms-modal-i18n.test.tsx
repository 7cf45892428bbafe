/** The terms modal in Indonesian (issue 15): the text is Indonesian in both languages; only the chrome changes. */
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import i18n from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { TermsModal } from './terms-modal.tsx';

afterEach(() => i18n.changeLanguage('en'));

describe('terms modal in Indonesian', () => {
  it('names the confirm button in Indonesian, and the text names the same button', async () => {
    await i18n.changeLanguage('id');
    renderWithProviders(<TermsModal opened submitting={false} onConfirm={() => {}} onDismiss={() => {}} />);
    expect(await screen.findByRole('dialog', { name: 'Syarat dan Ketentuan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Konfirmasi' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tutup' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Wajib/ })).toBeTruthy();
    expect(screen.getByText(/menekan tombol Konfirmasi, Anda/)).toBeTruthy();
    expect(screen.getByText(/paling lama 5 \(lima\) tahun/)).toBeTruthy();
  });

  it('keeps the English chrome as it was', async () => {
    renderWithProviders(<TermsModal opened submitting={false} onConfirm={() => {}} onDismiss={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(screen.getByText(/menekan tombol Confirm, Anda/)).toBeTruthy();
  });
});
