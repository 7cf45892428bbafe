/**
 * Edit Profile's Language field (issue 15, ARCHITECTURE.md §10): starts at the saved language (else
 * the interface language), changes nothing until Save, and Save sends it, switches the interface
 * and reports it (the page puts it in the session: app/routes/profile/edit-profile.test.tsx).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import i18n, { LANGUAGE_STORAGE_KEY } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { EditProfileForm } from './edit-profile-form.tsx';

const base = { id: 'u1', fullName: 'Demo', email: 'demo@pesan.local', phoneNumber: '0812', avatar: null, organizationId: 'o1', emailVerified: true, language: null, timeZone: 'Asia/Jakarta', role: 'owner', twoFactorEnabled: false, twoFactorSetupRequired: false } as const;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

afterEach(async () => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  await i18n.changeLanguage('en');
});

describe('edit profile language', () => {
  it('offers each language by its own name, starting at the saved one', () => {
    renderWithProviders(<EditProfileForm user={{ ...base, language: 'id' }} onSaved={() => {}} />);
    expect(screen.getByRole('radiogroup', { name: 'Language' })).toBeTruthy();
    expect(radio('Bahasa Indonesia').checked).toBe(true);
    expect(radio('English').checked).toBe(false);
  });

  it('starts at the interface language when none is saved', async () => {
    await i18n.changeLanguage('id');
    renderWithProviders(<EditProfileForm user={base} onSaved={() => {}} />);
    expect(screen.getByRole('radiogroup', { name: 'Bahasa' })).toBeTruthy();
    expect(radio('Bahasa Indonesia').checked).toBe(true);
    // The names are not translated.
    expect(radio('English')).toBeTruthy();
  });

  it('changes nothing until Save; Save sends the language, switches the interface and reports it', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json({ data: { ...base, language: 'id' }, message: 'Your User data has been succesfully changed, please re-login' }));
    vi.stubGlobal('fetch', fetchMock);
    const onSaved = vi.fn();
    renderWithProviders(<EditProfileForm user={base} onSaved={onSaved} />);
    expect(radio('English').checked).toBe(true);
    fireEvent.click(radio('Bahasa Indonesia'));
    expect(radio('Bahasa Indonesia').checked).toBe(true);
    // Not applied yet: the page is still in English.
    expect(i18n.language).toBe('en');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ language: 'id' }));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/u1');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init!.body as string)).toMatchObject({ fullName: 'Demo', language: 'id' });
    expect(i18n.language).toBe('id');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('id');
    expect(await screen.findByRole('button', { name: 'Simpan Perubahan' })).toBeTruthy();
    expect(screen.getByLabelText('Nama Lengkap')).toBeTruthy();
  });

  it('follows the header switch until a language is picked here', async () => {
    renderWithProviders(<EditProfileForm user={base} onSaved={() => {}} />);
    expect(radio('English').checked).toBe(true);
    await act(() => i18n.changeLanguage('id'));
    await waitFor(() => expect(radio('Bahasa Indonesia').checked).toBe(true));
    fireEvent.click(radio('English'));
    await act(() => i18n.changeLanguage('en'));
    await act(() => i18n.changeLanguage('id'));
    expect(radio('English').checked).toBe(true);
  });
});

describe('edit profile in Indonesian', () => {
  it('shows the form texts in Indonesian', async () => {
    await i18n.changeLanguage('id');
    renderWithProviders(<EditProfileForm user={base} onSaved={() => {}} />);
    expect(screen.getByText('Seret gambar ke sini')).toBeTruthy();
    expect(screen.getByText('JPEG, PNG, atau WebP, maks. 2 MB')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pilih gambar' })).toBeTruthy();
    expect(screen.getByLabelText('Unggah foto profil')).toBeTruthy();
    for (const label of ['Nama Lengkap', 'Email', 'Nomor Telepon']) expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ubah Kata Sandi' }).getAttribute('href')).toBe('/profile/change-password');
  });
});
