/**
 * Issue 10 item 5: the account forms say '… must be at most N characters' for an over-long value and
 * the spec's '… is required' for an empty one, with human labels only (ARCHITECTURE.md §7.9).
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { RegisterForm } from './register-form.tsx';

const long = (n: number) => 'a'.repeat(n + 1);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

describe('register form messages', () => {
  const fill = (over: Record<string, string>) => {
    const v = { 'Full Name': 'Budi', Email: 'budi@example.com', 'Phone Number': '081234567890', Password: 'Secret#123', 'Password Confirmation': 'Secret#123', ...over };
    for (const [label, value] of Object.entries(v)) type(label, value);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
  };
  it('says an over-long full name is too long, never that it is required', async () => {
    renderWithProviders(<RegisterForm />);
    fill({ 'Full Name': long(120) });
    expect(await screen.findByText('Full Name must be at most 120 characters')).toBeTruthy();
    expect(screen.queryByText('Fullname is required')).toBeNull();
    expect(document.body.textContent).not.toContain('fullName');
  });
  it('says an empty full name is required', async () => {
    renderWithProviders(<RegisterForm />);
    fill({ 'Full Name': '' });
    expect(await screen.findByText('Fullname is required')).toBeTruthy();
  });
  it('says over-long e-mail, phone and password are too long', async () => {
    renderWithProviders(<RegisterForm />);
    const password = `Aa1#${long(124)}`;
    fill({ Email: `${long(250)}@example.com`, 'Phone Number': '0'.repeat(21), Password: password, 'Password Confirmation': password });
    expect(await screen.findByText('Email must be at most 254 characters')).toBeTruthy();
    expect(screen.getByText('Phone Number must be at most 20 characters')).toBeTruthy();
    expect(screen.getByText('Password must be at most 128 characters')).toBeTruthy();
  });
});

describe('change password form messages', () => {
  it('says an over-long current password is too long and an empty one is required', async () => {
    renderWithProviders(<ChangePasswordForm userId="u1" onDone={() => {}} />);
    type('New Password', 'Newer#Pass2');
    type('Password Confirmation', 'Newer#Pass2');
    type('Current Password', long(128));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Current Password must be at most 128 characters')).toBeTruthy();
    type('Current Password', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Current Password is required')).toBeTruthy();
  });
});

describe('forgot password form messages', () => {
  it('says an over-long e-mail is too long and an empty one is required', async () => {
    renderWithProviders(<ForgotPasswordForm />);
    type('Email', `${long(250)}@example.com`);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email must be at most 254 characters')).toBeTruthy();
    type('Email', '');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
  });
});
