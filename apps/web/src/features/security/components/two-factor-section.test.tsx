import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '../../../components/test-render.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);

type Call = { url: string; method: string; body: unknown };

function stubApi(answer: (c: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(init.body as string) : undefined };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

describe('two-factor section', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sets up: QR code with a text alternative, the key in fours, a numeric code field, then the recovery codes once', async () => {
    const calls = stubApi((c) => {
      if (c.url === '/api/user/2fa/setup') return jsonResponse({ data: { secret: SECRET, otpauth_url: `otpauth://totp/Pesan:demo?secret=${SECRET}&issuer=Pesan` } });
      if (c.url === '/api/user/2fa/enable') return jsonResponse({ data: { recovery_codes: CODES } });
      return jsonResponse({}, 404);
    });
    const onChanged = vi.fn();
    renderWithProviders(<TwoFactorSection enabled={false} required={false} onChanged={onChanged} />);
    expect(screen.getByRole('status', { name: 'Two-factor sign-in: Off' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set up' }));

    const qr = await screen.findByRole('img', { name: /QR code to add Pesan/ });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(screen.getByTestId('manual-key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeTruthy();
    const code = screen.getByLabelText(/6-digit code/) as HTMLInputElement;
    expect(code.inputMode).toBe('numeric');
    expect(code.autocomplete).toBe('one-time-code');

    // Too short: the message under the field, no call.
    fireEvent.change(code, { target: { value: '12a3' } });
    expect(code.value).toBe('123');
    fireEvent.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/user/2fa/enable')).toHaveLength(0);

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enable' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    expect(calls.find((c) => c.url === '/api/user/2fa/enable')?.body).toEqual({ code: '123456' });
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Copy all' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    // Nothing of the secret or the codes in browser storage.
    const stored = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(stored).not.toContain(SECRET);
    expect(stored).not.toContain(CODES[0]);

    fireEvent.click(screen.getByRole('button', { name: 'I saved them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('shows the server message under the code field for a wrong code', async () => {
    stubApi((c) =>
      c.url === '/api/user/2fa/setup'
        ? jsonResponse({ data: { secret: SECRET, otpauth_url: `otpauth://totp/Pesan:demo?secret=${SECRET}` } })
        : jsonResponse({ error: { code: 'invalid_request', message: 'Wrong code. Check your authenticator app and try again.', request_id: 'r' } }, 400),
    );
    renderWithProviders(<TwoFactorSection enabled={false} required={false} onChanged={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Set up' }));
    fireEvent.change(await screen.findByLabelText(/6-digit code/), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Wrong code. Check your authenticator app and try again.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('turns off with the password and a code in a modal; a wrong password shows under its field', async () => {
    let attempt = 0;
    const calls = stubApi(() =>
      attempt++ === 0
        ? jsonResponse({ error: { code: 'invalid_request', message: 'Wrong password', request_id: 'r' } }, 400)
        : new Response(null, { status: 204 }),
    );
    const onChanged = vi.fn();
    renderWithProviders(<TwoFactorSection enabled required={false} onChanged={onChanged} />);
    expect(screen.getByRole('status', { name: 'Two-factor sign-in: On' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' });
    fireEvent.change(within(dialog).getByLabelText(/^Password/, { selector: 'input' }), { target: { value: 'nope' } });
    fireEvent.change(within(dialog).getByLabelText(/6-digit code/), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('Wrong password')).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(/^Password/, { selector: 'input' }), { target: { value: 'Demo@1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(calls[1]).toMatchObject({ url: '/api/user/2fa/disable', method: 'POST', body: { password: 'Demo@1234', code: '123456' } });
  });

  it('offers no Turn off when the organization requires two-factor sign-in', () => {
    renderWithProviders(<TwoFactorSection enabled required onChanged={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
    expect(screen.getByText(/requires two-factor sign-in, so it cannot be turned off/)).toBeTruthy();
  });
});
