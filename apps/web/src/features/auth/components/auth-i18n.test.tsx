/** The sign-in and password forms in Indonesian (issue 15): labels, links inside sentences, rules tooltip. */
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import i18n from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { LoginForm } from './login-form.tsx';
import { PasswordRulesList } from './password-rules.tsx';
import { RegisterForm } from './register-form.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

afterEach(() => i18n.changeLanguage('en'));

describe('auth forms in Indonesian', () => {
  it('shows the login form in Indonesian, with the sign-up link inside its sentence', async () => {
    await i18n.changeLanguage('id');
    renderWithProviders(<LoginForm onSuccess={() => {}} />);
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Kata Sandi', { selector: 'input' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Ingat saya' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Masuk' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tampilkan kata sandi' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lupa Kata Sandi' }).getAttribute('href')).toBe('/auth/forgot-password');
    const signUp = screen.getByRole('link', { name: 'Daftar' });
    expect(signUp.getAttribute('href')).toBe('/auth/register');
    expect(signUp.parentElement?.textContent).toBe('Belum punya akun? Daftar');
  });

  it('keeps the English sentence around the sign-up link', () => {
    renderWithProviders(<LoginForm onSuccess={() => {}} />);
    expect(screen.getByRole('link', { name: 'Sign up' }).parentElement?.textContent).toBe("Don't have an account? Sign up");
  });

  it('titles the password rules in Indonesian and marks met rules', async () => {
    await i18n.changeLanguage('id');
    renderWithProviders(<PasswordRulesList password="abcdefgh" />);
    expect(screen.getByText('Kata sandi harus:')).toBeTruthy();
    expect(screen.getAllByText('(terpenuhi)', { exact: false })).toHaveLength(2);
    expect(screen.getAllByText('(belum terpenuhi)', { exact: false })).toHaveLength(3);
  });

  it('labels the registration and change-password fields in Indonesian', async () => {
    await i18n.changeLanguage('id');
    const { unmount } = renderWithProviders(<RegisterForm />);
    for (const label of ['Nama Lengkap', 'Email', 'Nomor Telepon', 'Kata Sandi', 'Konfirmasi Kata Sandi']) {
      expect(screen.getByLabelText(label, { selector: 'input' })).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Daftar' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Masuk' }).getAttribute('href')).toBe('/auth/login');
    unmount();
    renderWithProviders(<ChangePasswordForm userId="u1" onDone={() => {}} />);
    expect(screen.getByLabelText('Kata Sandi Saat Ini', { selector: 'input' })).toBeTruthy();
    expect(screen.getByLabelText('Kata Sandi Baru', { selector: 'input' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Simpan' })).toBeTruthy();
  });

  it('re-labels a form already on screen when the language changes, keeping the input', async () => {
    renderWithProviders(<LoginForm onSuccess={() => {}} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'budi@example.com' } });
    await i18n.changeLanguage('id');
    expect(await screen.findByRole('button', { name: 'Masuk' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('budi@example.com');
  });
});
