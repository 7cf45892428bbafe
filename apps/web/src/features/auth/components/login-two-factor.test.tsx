import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '../../../components/test-render.tsx';
import { LoginForm } from './login-form.tsx';

const CHALLENGE = 'challenge-secret-value';
const USER = { id: 'u1', fullName: 'Demo', email: 'demo@pesan.local' };

type Call = { url: string; body: Record<string, unknown> };

function stubApi(second: (body: Record<string, unknown>) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = JSON.parse(init!.body as string) as Record<string, unknown>;
      calls.push({ url, body });
      if (url === '/api/auth/login') return jsonResponse({ data: { two_factor_required: true, challenge: CHALLENGE } });
      return second(body);
    }),
  );
  return calls;
}

async function passwordStep(remember = false) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Demo@Pesan.local' } });
  fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'Demo@1234' } });
  if (remember) fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  return (await screen.findByLabelText('6-digit code')) as HTMLInputElement;
}

describe('login second step (two-factor sign-in)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the code with focus on the field, then signs in like a normal login (remember keeps only the e-mail)', async () => {
    const calls = stubApi(() => jsonResponse({ data: USER }));
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    const code = await passwordStep(true);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(code.inputMode).toBe('numeric');
    expect(code.autocomplete).toBe('one-time-code');
    // The challenge is in no browser storage and not in the URL.
    expect(JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + window.location.href).not.toContain(CHALLENGE);

    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(USER));
    expect(calls[1]).toEqual({ url: '/api/auth/login/2fa', body: { challenge: CHALLENGE, code: '654321' } });
    const stored = JSON.stringify({ ...localStorage });
    expect(stored).toContain('demo@pesan.local');
    expect(stored).not.toContain(CHALLENGE);
    expect(stored).not.toContain('Demo@1234');
  });

  it('takes a recovery code instead', async () => {
    const calls = stubApi(() => jsonResponse({ data: USER }));
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await passwordStep();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(field));
    fireEvent.change(field, { target: { value: 'abcde-12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls[1]!.body).toEqual({ challenge: CHALLENGE, recovery_code: 'abcde-12345' });
  });

  it('shows a wrong code under the field and stays on the step', async () => {
    stubApi(() => jsonResponse({ error: { code: 'unauthorized', message: 'Wrong code. Check your authenticator app and try again.', request_id: 'r' } }, 401));
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    const code = await passwordStep();
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Wrong code. Check your authenticator app and try again.')).toBeTruthy();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeTruthy();
  });

  it('goes back to step one with the message when the challenge has ended, and Back returns too', async () => {
    stubApi(() =>
      jsonResponse({ error: { code: 'unauthorized', message: 'This sign-in has expired or had too many wrong codes. Sign in again.', request_id: 'r' } }, 401),
    );
    renderWithProviders(<LoginForm onSuccess={() => {}} />);
    let code = await passwordStep();
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This sign-in has expired or had too many wrong codes. Sign in again.');
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect((screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement).value).toBe('');

    code = await passwordStep();
    expect(code).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
