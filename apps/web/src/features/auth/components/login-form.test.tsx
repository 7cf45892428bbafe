import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { LoginForm } from './login-form.tsx';

const loginButton = () => screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement;
const email = () => screen.getByLabelText('Email') as HTMLInputElement;
const password = () => screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement;

describe('login form', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('keeps Login disabled while either field is empty', () => {
    renderWithProviders(<LoginForm onSuccess={() => {}} />);
    expect(loginButton().disabled).toBe(true);
    fireEvent.change(email(), { target: { value: 'demo@pesan.local' } });
    expect(loginButton().disabled).toBe(true);
    fireEvent.change(password(), { target: { value: 'x' } });
    expect(loginButton().disabled).toBe(false);
    fireEvent.change(email(), { target: { value: '' } });
    expect(loginButton().disabled).toBe(true);
  });

  it("shows 'Email is required' and 'Password is required' when a field is left empty", async () => {
    renderWithProviders(<LoginForm onSuccess={() => {}} />);
    fireEvent.blur(email());
    fireEvent.blur(password());
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(await screen.findByText('Password is required')).toBeTruthy();
  });

  it('links to Forgot Password and Sign up', () => {
    renderWithProviders(<LoginForm onSuccess={() => {}} />);
    expect(screen.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe('/auth/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/auth/register');
  });

  it('sends remember:true and keeps only the e-mail in localStorage', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: { id: 'u1', fullName: 'Demo', email: 'demo@pesan.local' } }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    fireEvent.change(email(), { target: { value: 'Demo@Pesan.local' } });
    fireEvent.change(password(), { target: { value: 'Demo@1234' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    fireEvent.click(loginButton());
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'demo@pesan.local', password: 'Demo@1234', remember: true });
    const stored = JSON.stringify({ ...localStorage });
    expect(stored).toContain('demo@pesan.local');
    expect(stored).not.toContain('Demo@1234');
  });

  it("shows the message and a 'Resend verification email' action for an unverified e-mail", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'email_not_verified', message: 'Please verify your email before signing in' } }), { status: 403 })),
    );
    renderWithProviders(<LoginForm onSuccess={() => {}} />);
    fireEvent.change(email(), { target: { value: 'new@pesan.local' } });
    fireEvent.change(password(), { target: { value: 'Demo@1234' } });
    fireEvent.click(loginButton());
    expect(await screen.findByText('Please verify your email before signing in')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeTruthy();
  });
});
