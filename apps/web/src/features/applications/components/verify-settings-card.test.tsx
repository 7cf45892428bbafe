import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VERIFY_CONSOLE_MESSAGES, type VerifySettings } from '@pesan/contracts/verify-console';
import { jsonResponse as json, renderWithProviders } from '../../../components/test-render.tsx';
import { namedCountries } from '../utils/countries.ts';
import { VerifySettingsCard } from './verify-settings-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/api/applications/app-1/verify-settings';

function fakeApi(settings: VerifySettings, put: (body: Record<string, unknown>) => Response) {
  const puts: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (String(input) !== PATH) return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        puts.push(body);
        return put(body);
      }
      return json({ data: settings });
    }),
  );
  return puts;
}

const ANY: VerifySettings = { allowed_countries: null, per_minute: 60, per_minute_is_default: true };

describe('Verify settings card', () => {
  it('limits Verify to chosen countries and saves with a success toast', async () => {
    const puts = fakeApi(ANY, (b) => json({ data: { ...ANY, allowed_countries: [...(b.allowed_countries as string[])].sort() } }));
    renderWithProviders(<VerifySettingsCard applicationId="app-1" />);
    const card = await screen.findByRole('region', { name: 'Verify' });
    await within(card).findByRole('radio', { name: 'Any country' });
    expect(within(card).getByTestId('verify-per-minute').textContent).toBe('60 verifications a minute (the default)');
    expect((within(card).getByRole('radio', { name: 'Any country' }) as HTMLInputElement).checked).toBe(true);
    const save = within(card).getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(card).getByRole('radio', { name: 'Only these countries' }));
    const list = within(card).getByLabelText('Countries');
    fireEvent.click(list);
    fireEvent.change(list, { target: { value: 'Indo' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Indonesia', hidden: true }));
    fireEvent.change(list, { target: { value: 'Singa' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Singapore', hidden: true }));
    expect((save as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText('Verify settings saved')).toBeTruthy();
    expect(puts).toEqual([{ allowed_countries: ['ID', 'SG'] }]);
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(true));
  });

  it("shows the server's 400 message under the list, and asks for a country before saving none", async () => {
    const puts = fakeApi({ allowed_countries: ['ID'], per_minute: 120, per_minute_is_default: false }, () =>
      json({ error: { code: 'validation_error', message: VERIFY_CONSOLE_MESSAGES.countriesInvalid, details: [{ path: 'allowed_countries', message: VERIFY_CONSOLE_MESSAGES.countriesInvalid }] } }, 400),
    );
    renderWithProviders(<VerifySettingsCard applicationId="app-1" />);
    const card = await screen.findByRole('region', { name: 'Verify' });
    await within(card).findByRole('radio', { name: 'Only these countries' });
    expect(within(card).getByTestId('verify-per-minute').textContent).toBe('120 verifications a minute, set by Pesan operations');
    expect((within(card).getByRole('radio', { name: 'Only these countries' }) as HTMLInputElement).checked).toBe(true);

    // Removing the only country: the form asks for one, without a call.
    const pill = await within(card).findByText('Indonesia');
    fireEvent.click(pill.parentElement!.querySelector('button')!);
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Choose at least one country, or allow any country')).toBeTruthy();
    expect(puts).toEqual([]);

    const list = within(card).getByLabelText('Countries');
    fireEvent.click(list);
    fireEvent.change(list, { target: { value: 'Malay' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Malaysia', hidden: true }));
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText(VERIFY_CONSOLE_MESSAGES.countriesInvalid)).toBeTruthy();
    expect(list.getAttribute('aria-invalid')).toBe('true');
    expect(puts).toEqual([{ allowed_countries: ['MY'] }]);
  });

  it('is read-only with a hint for a role without applications.edit', async () => {
    fakeApi({ allowed_countries: ['ID', 'SG'], per_minute: 60, per_minute_is_default: true }, () => json({}, 500));
    const { client } = renderWithProviders(<VerifySettingsCard applicationId="app-1" />);
    act(() => client.setQueryData(['auth', 'session'], { id: 'u', role: 'viewer' }));
    const card = await screen.findByRole('region', { name: 'Verify' });
    await within(card).findByText('Only members who may edit applications can change the allowed countries.');
    for (const name of ['Any country', 'Only these countries']) expect((within(card).getByRole('radio', { name }) as HTMLInputElement).disabled).toBe(true);
    expect((within(card).getByLabelText('Countries') as HTMLInputElement).disabled).toBe(true);
    expect(within(card).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(card).getByText('Singapore')).toBeTruthy();
  });
});

describe('namedCountries', () => {
  it('names codes in the interface language, sorted by name', () => {
    expect(namedCountries(['SG', 'ID', 'DE'], 'en').map((c) => c.label)).toEqual(['Germany', 'Indonesia', 'Singapore']);
    expect(namedCountries(['DE', 'ID'], 'id').map((c) => c.label)).toEqual(['Indonesia', 'Jerman']);
  });
});
