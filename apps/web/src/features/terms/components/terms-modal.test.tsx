import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { TermsModal } from './terms-modal.tsx';

describe('terms modal', () => {
  it('keeps Confirm disabled until the mandatory box is ticked', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(<TermsModal opened submitting={false} onConfirm={onConfirm} onDismiss={() => {}} />);
    expect(await screen.findByText('Syarat dan Ketentuan')).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox', { name: /Wajib/ }));
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('states the versions and the 5-year retention in Indonesian', async () => {
    renderWithProviders(<TermsModal opened submitting={false} onConfirm={() => {}} onDismiss={() => {}} />);
    expect(await screen.findByText(/Kebijakan Privasi versi 1\.9/)).toBeTruthy();
    expect(screen.getByText(/Syarat dan Ketentuan versi 1\.2\.2/)).toBeTruthy();
    expect(screen.getByText(/paling lama 5 \(lima\) tahun sejak terakhir kali layanan digunakan/)).toBeTruthy();
  });
});
