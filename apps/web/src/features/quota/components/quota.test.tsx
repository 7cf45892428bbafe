import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link } from 'react-router';
import { QUOTA_MESSAGES, type QuotaSettings } from '@pesan/contracts/quota';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { RemainingQuotaPanel } from './remaining-quota-panel.tsx';
import { QuotaSettingsPanel } from './quota-settings-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake API: 'METHOD path' -> handler; returns the recorded calls with their bodies. */
function fakeApi(routes: Record<string, (body: unknown) => Response>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${String(input).split('?')[0]}`;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ key, body });
      const handler = routes[key];
      return handler ? handler(body) : json({ error: { code: 'not_found', message: `no fake for ${key}` } }, 404);
    }),
  );
  return calls;
}

describe('RemainingQuotaPanel', () => {
  it('shows one box per channel with units, remaining = quota − usage (call minutes × 60), and the warning badge', async () => {
    fakeApi({
      'GET /api/application/billing/app-1': () =>
        json({
          data: {
            billing_type: 'pre-paid',
            remaining_quota: [
              { type: 'wa_utility', quota: 1200, usage: 200, quota_type: 'session' },
              { type: 'sms', quota: 500, usage: 480, quota_type: 'message' },
              { type: 'email', quota: 10, usage: 12, quota_type: 'message' },
              { type: 'call', quota: 10, usage: 30, quota_type: 'menit' },
            ],
          },
        }),
      'GET /api/application/check/balance-quota/app-1': () => json({ data: { channel: ['sms'] } }),
    });
    renderWithProviders(<RemainingQuotaPanel applicationId="app-1" />);
    expect(await screen.findByRole('heading', { name: 'Remaining Quota' })).toBeTruthy();
    const box = (name: string) => within(screen.getByRole('group', { name }));
    expect(box('WhatsApp Utility').getByText('1,000')).toBeTruthy();
    expect(box('WhatsApp Utility').getByText('Sessions')).toBeTruthy();
    expect(box('SMS').getByText('20')).toBeTruthy();
    expect(box('Call').getByText('570')).toBeTruthy();
    expect(box('Call').getByText('Second')).toBeTruthy();
    // Usage above the quota shows 0 remaining (console.md §4).
    expect(box('Email').getByText('0')).toBeTruthy();
    await waitFor(() => expect(box('SMS').getByText(QUOTA_MESSAGES.warningBadge)).toBeTruthy());
    expect(screen.getAllByText(QUOTA_MESSAGES.warningBadge)).toHaveLength(1);
  });

  it('shows nothing for a post-paid application', async () => {
    const calls = fakeApi({ 'GET /api/application/billing/app-2': () => json({ data: { billing_type: 'post-paid', remaining_quota: [] } }) });
    const { container } = renderWithProviders(<RemainingQuotaPanel applicationId="app-2" />);
    await waitFor(() => expect(calls.length).toBe(1));
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
    expect(screen.queryByText('Remaining Quota')).toBeNull();
    expect(calls.map((c) => c.key)).not.toContain('GET /api/application/check/balance-quota/app-2');
  });
});

const settings = (over: Partial<QuotaSettings> = {}): QuotaSettings => ({
  application_id: 'app-1',
  disable: false,
  email_recipient: ['ops@example.com'],
  thresholds: ['wa_marketing', 'wa_utility', 'wa_authentication', 'sms', 'sms_otp', 'email', 'call'].map((type) => ({
    type: type as QuotaSettings['thresholds'][number]['type'],
    reminder: false,
    threshold: 0,
    remain_quota: type === 'sms' ? 120 : 0,
  })),
  ...over,
});

describe('QuotaSettingsPanel', () => {
  const apps = [
    { id: 'app-1', name: 'Shop', billing_type: 'pre-paid' as const },
    { id: 'app-2', name: 'Bank', billing_type: 'pre-paid' as const },
  ];

  it('adds recipients with Enter, refuses an invalid one, stops at 5 with the notice', async () => {
    fakeApi({ 'GET /api/setting/balance-quota/app-1': () => json({ data: settings() }) });
    renderWithProviders(<QuotaSettingsPanel applications={apps} />);
    const input = (await screen.findByLabelText('Email recipient')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'not-an-email' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText(QUOTA_MESSAGES.emailInvalid)).toBeTruthy();
    for (const e of ['b@example.com', 'c@example.com', 'd@example.com', 'E@Example.com']) {
      fireEvent.change(input, { target: { value: e } });
      fireEvent.keyDown(input, { key: 'Enter' });
    }
    expect(screen.getByText('e@example.com')).toBeTruthy();
    expect(screen.getByText(QUOTA_MESSAGES.maxRecipients)).toBeTruthy();
    expect(input.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove b@example.com' }));
    expect(screen.queryByText(QUOTA_MESSAGES.maxRecipients)).toBeNull();
    expect(input.disabled).toBe(false);
  });

  it('ticks a channel, keeps digits only, strips leading zeros, sends the threshold only above 0, and toasts the save', async () => {
    const calls = fakeApi({
      'GET /api/setting/balance-quota/app-1': () => json({ data: settings() }),
      'PUT /api/setting/balance-quota/app-1': () => json({ data: settings({ thresholds: settings().thresholds.map((t) => (t.type === 'sms' ? { ...t, reminder: true, threshold: 50 } : t)) }), message: QUOTA_MESSAGES.saved }),
    });
    renderWithProviders(<QuotaSettingsPanel applications={apps} />);
    const sms = (await screen.findByLabelText('SMS threshold')) as HTMLInputElement;
    expect(sms.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'SMS' }));
    expect(sms.disabled).toBe(false);
    fireEvent.change(sms, { target: { value: '0050abc' } });
    expect(sms.value).toBe('50');
    fireEvent.change(sms, { target: { value: '' } });
    expect(sms.value).toBe('0');
    fireEvent.change(sms, { target: { value: '050' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(QUOTA_MESSAGES.saved)).toBeTruthy();
    const put = calls.find((c) => c.key.startsWith('PUT'))!;
    const body = put.body as { disable: boolean; email_recipient: string[]; thresholds: { type: string; reminder: boolean; threshold?: number }[] };
    expect(body.disable).toBe(false);
    expect(body.email_recipient).toEqual(['ops@example.com']);
    expect(body.thresholds.find((t) => t.type === 'sms')).toEqual({ type: 'sms', reminder: true, threshold: 50 });
    expect(body.thresholds.find((t) => t.type === 'email')).toEqual({ type: 'email', reminder: true });
    expect(body.thresholds.find((t) => t.type === 'call')).toEqual({ type: 'call', reminder: false });
  });

  it('unticking resets the threshold to 0', async () => {
    fakeApi({ 'GET /api/setting/balance-quota/app-1': () => json({ data: settings() }) });
    renderWithProviders(<QuotaSettingsPanel applications={apps} />);
    const call = (await screen.findByLabelText('Call threshold')) as HTMLInputElement;
    fireEvent.click(screen.getByRole('checkbox', { name: 'Call' }));
    fireEvent.change(call, { target: { value: '300' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Call' }));
    expect(call.value).toBe('0');
    expect(call.disabled).toBe(true);
  });

  it('turning the switch off saves at once with disable true; a failure shows an error toast', async () => {
    let fail = false;
    const calls = fakeApi({
      'GET /api/setting/balance-quota/app-1': () => json({ data: settings() }),
      'PUT /api/setting/balance-quota/app-1': (body) =>
        fail ? json({ error: { code: 'internal', message: 'boom' } }, 500) : json({ data: settings({ disable: (body as { disable: boolean }).disable }), message: QUOTA_MESSAGES.saved }),
    });
    renderWithProviders(<QuotaSettingsPanel applications={apps} />);
    const sw = await screen.findByRole('switch', { name: 'Quota warning' });
    fireEvent.click(sw);
    expect(await screen.findByText(QUOTA_MESSAGES.saved)).toBeTruthy();
    expect((calls.find((c) => c.key.startsWith('PUT'))!.body as { disable: boolean }).disable).toBe(true);
    fail = true;
    fireEvent.click(screen.getByRole('switch', { name: 'Quota warning' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'SMS' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(QUOTA_MESSAGES.saveFailed)).toBeTruthy();
  });

  it("asks 'Leave this page?' on navigation with unsaved changes: Stay keeps the page, Leave goes", async () => {
    fakeApi({ 'GET /api/setting/balance-quota/app-1': () => json({ data: settings() }) });
    renderWithProviders(
      <>
        <QuotaSettingsPanel applications={apps} />
        <Link to="/elsewhere">Elsewhere</Link>
      </>,
      { route: '/profile/notification-settings' },
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'SMS' }));
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: QUOTA_MESSAGES.leaveTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('checkbox', { name: 'SMS' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: QUOTA_MESSAGES.leaveTitle })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('QuotaSettingsPanel for a post-paid application (issue 23 item 16)', () => {
  it('says warnings apply to pre-paid applications, disables the whole form and shows no remaining quota', async () => {
    const calls = fakeApi({ 'GET /api/setting/balance-quota/app-3': () => json({ data: settings({ application_id: 'app-3', disable: true, email_recipient: [] }) }) });
    renderWithProviders(<QuotaSettingsPanel applications={[{ id: 'app-3', name: 'Postpaid Shop', billing_type: 'post-paid' }]} />);
    expect(await screen.findByText(QUOTA_MESSAGES.postPaidOnly)).toBeTruthy();
    const sw = (await screen.findByRole('switch', { name: 'Quota warning' })) as HTMLInputElement;
    expect(sw.disabled).toBe(true);
    expect((screen.getByLabelText('Email recipient') as HTMLInputElement).disabled).toBe(true);
    for (const name of ['SMS', 'Email', 'Call']) expect((screen.getByRole('checkbox', { name }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByText(/^Remaining/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((c) => c.key.startsWith('PUT'))).toEqual([]);
  });

  it('shows a pre-paid application as before, with its remaining quota', async () => {
    fakeApi({ 'GET /api/setting/balance-quota/app-1': () => json({ data: settings() }) });
    renderWithProviders(<QuotaSettingsPanel applications={[{ id: 'app-1', name: 'Shop', billing_type: 'pre-paid' }]} />);
    expect((await screen.findByRole('switch', { name: 'Quota warning' }) as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByText(QUOTA_MESSAGES.postPaidOnly)).toBeNull();
    expect(screen.getAllByText(/^Remaining/).length).toBeGreaterThan(0);
  });
});
