import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WebhookDelivery, WebhookEndpoint } from '@pesan/contracts/webhooks';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { SECRET_ONCE_NOTE } from './secret-alert.tsx';
import { WebhookSection } from './webhook-section.tsx';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const base: WebhookEndpoint = {
  url: null,
  enabled: false,
  disabled_reason: null,
  disabled_at: null,
  previous_secret_expires_at: null,
  require_signature: false,
};

const delivery: WebhookDelivery = {
  id: 'd1',
  event_id: 'evt_1',
  event_type: 'message.status',
  message_id: '7f1d2c9e-0000-4000-8000-000000000001',
  attempt: 1,
  status: 'failed',
  status_code: 500,
  duration_ms: 42,
  response: 'upstream exploded',
  created_at: '2026-03-15T03:04:00Z',
  next_retry_at: '2026-03-15T03:09:00Z',
  payload: { type: 'message.status', data: { status: 'delivered' } },
};

/** A fake API: `routes` maps 'METHOD path' (query ignored) to a handler; calls are recorded. */
function fakeApi(routes: Record<string, (body: unknown) => Response>) {
  const calls: string[] = [];
  const fetchFn = vi.fn(async (input: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input).split('?')[0]}`;
    calls.push(key);
    const handler = routes[key];
    if (!handler) return json({ error: { code: 'not_found', message: `no fake for ${key}` } }, 404);
    return handler(init?.body ? JSON.parse(String(init.body)) : undefined);
  });
  vi.stubGlobal('fetch', fetchFn);
  return calls;
}

const W = '/api/application/app-1/webhook';

describe('WebhookSection', () => {
  it('shows the secret once after the first save, with a copy button, and the empty deliveries state', async () => {
    let endpoint = base;
    const calls = fakeApi({
      [`GET ${W}`]: () => json({ data: endpoint }),
      [`GET ${W}/deliveries`]: () => json({ data: [], page: 1, limit: 10, pages: 0, total: 0 }),
      [`PUT ${W}`]: (body) => {
        const b = body as { url: string; enabled: boolean };
        endpoint = { ...base, url: b.url, enabled: b.enabled };
        return json({ data: { ...endpoint, secret: 'whsec_c2VjcmV0LW9uY2U=' }, message: 'Webhook settings saved' });
      },
    });
    renderWithProviders(<WebhookSection applicationId="app-1" />);
    expect(await screen.findByText('No deliveries yet')).toBeTruthy();
    fireEvent.change(await screen.findByLabelText(/Endpoint URL/), { target: { value: 'https://example.com/hooks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByTestId('webhook-secret');
    expect(within(alert).getByText('whsec_c2VjcmV0LW9uY2U=')).toBeTruthy();
    expect(within(alert).getByText(new RegExp(SECRET_ONCE_NOTE.slice(0, 30)))).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Copy secret' })).toBeTruthy();
    expect(calls).toContain(`PUT ${W}`);
    expect(await screen.findByText('Webhook settings saved')).toBeTruthy();

    // Dismissed, it is gone for good: the endpoint answer and the cache never hold it.
    fireEvent.click(within(alert).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
    expect(screen.queryByText(/whsec_/)).toBeNull();
    expect((screen.getByLabelText(/Endpoint URL/) as HTMLInputElement).value).toBe('https://example.com/hooks');
  });

  it("shows the server's 400 message under the URL field", async () => {
    fakeApi({
      [`GET ${W}`]: () => json({ data: base }),
      [`GET ${W}/deliveries`]: () => json({ data: [], page: 1, limit: 10, pages: 0, total: 0 }),
      [`PUT ${W}`]: () =>
        json({ error: { code: 'invalid_request', message: 'Endpoint URL must start with https://', details: [{ path: 'url', message: 'Endpoint URL must start with https://' }] } }, 400),
    });
    renderWithProviders(<WebhookSection applicationId="app-1" />);
    const input = await screen.findByLabelText(/Endpoint URL/);
    fireEvent.change(input, { target: { value: 'http://example.com/hooks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Endpoint URL must start with https://')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for confirmation before rotating, explaining the 24-hour overlap, then shows the new secret', async () => {
    const endpoint = { ...base, url: 'https://example.com/hooks', enabled: true };
    const calls = fakeApi({
      [`GET ${W}`]: () => json({ data: endpoint }),
      [`GET ${W}/deliveries`]: () => json({ data: [delivery], page: 1, limit: 10, pages: 1, total: 1 }),
      [`POST ${W}/rotate-secret`]: () =>
        json({ data: { ...endpoint, secret: 'whsec_bmV3LXNlY3JldA==', previous_secret_expires_at: '2026-03-16T03:04:00Z' }, message: 'Secret rotated. The old secret keeps working for 24 hours.' }),
    });
    renderWithProviders(<WebhookSection applicationId="app-1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    let dialog = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    expect(within(dialog).getByText(/old secret keeps signing deliveries for 24 hours/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rotate the signing secret?' })).toBeNull());
    expect(calls).not.toContain(`POST ${W}/rotate-secret`);

    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    dialog = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    const alert = await screen.findByTestId('webhook-secret');
    expect(within(alert).getByText('whsec_bmV3LXNlY3JldA==')).toBeTruthy();
    expect(calls.filter((c) => c === `POST ${W}/rotate-secret`)).toHaveLength(1);
  });

  it('lists deliveries, opens one with its response and payload, and redelivers it', async () => {
    const calls = fakeApi({
      [`GET ${W}`]: () => json({ data: { ...base, url: 'https://example.com/hooks', enabled: true } }),
      [`GET ${W}/deliveries`]: () => json({ data: [delivery], page: 1, limit: 10, pages: 1, total: 1 }),
      [`POST ${W}/deliveries/d1/redeliver`]: () => json({ data: { ...delivery, id: 'd2', attempt: 2, status: 'pending' }, message: 'Redelivery queued' }),
    });
    renderWithProviders(<WebhookSection applicationId="app-1" />);
    const row = await screen.findByTestId('delivery-row-d1');
    expect(within(row).getByText('500')).toBeTruthy();
    fireEvent.keyDown(row, { key: 'Enter' });
    const drawer = await screen.findByRole('dialog', { name: 'Delivery detail' });
    expect(within(drawer).getByText('upstream exploded')).toBeTruthy();
    expect(within(drawer).getByRole('region', { name: 'Payload JSON' }).textContent).toContain('"status": "delivered"');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Redeliver' }));
    expect(await screen.findByText('Redelivery queued')).toBeTruthy();
    expect(calls).toContain(`POST ${W}/deliveries/d1/redeliver`);
  });

  it('shows an endpoint disabled by Pesan with its reason', async () => {
    fakeApi({
      [`GET ${W}`]: () =>
        json({ data: { ...base, url: 'https://example.com/hooks', enabled: false, disabled_reason: 'The endpoint answered 410 Gone', disabled_at: '2026-03-15T03:04:00Z' } }),
      [`GET ${W}/deliveries`]: () => json({ data: [], page: 1, limit: 10, pages: 0, total: 0 }),
    });
    renderWithProviders(<WebhookSection applicationId="app-1" />);
    const alert = await screen.findByTestId('webhook-disabled');
    expect(within(alert).getByText('The endpoint answered 410 Gone')).toBeTruthy();
    expect(within(alert).getByText(/Disabled at 15-03-2026/)).toBeTruthy();
    expect((screen.getByRole('switch', { name: /Enabled/ }) as HTMLInputElement).checked).toBe(false);
  });
});

describe('WebhookSection Save (issue 23 item 18)', () => {
  it('stays disabled for a saved endpoint until its URL or switch changes', async () => {
    fakeApi({
      [`GET ${W}`]: () => json({ data: { ...base, url: 'https://example.com/hooks', enabled: true } }),
      [`GET ${W}/deliveries`]: () => json({ data: [], page: 1, limit: 10, pages: 0, total: 0 }),
    });
    renderWithProviders(<WebhookSection applicationId="app-1" />);
    const url = await screen.findByDisplayValue('https://example.com/hooks');
    const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save().disabled).toBe(true);
    fireEvent.change(url, { target: { value: 'https://example.com/hooks/v2' } });
    expect(save().disabled).toBe(false);
    fireEvent.change(url, { target: { value: 'https://example.com/hooks' } });
    expect(save().disabled).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: /Enabled/ }));
    expect(save().disabled).toBe(false);
  });
});

describe('WebhookSection Require signed requests (issue 28 part 3)', () => {
  /** The caller's optimistic save, as the detail page does it through the application cache. */
  function OptimisticParent({ save }: { save: (v: boolean) => Promise<unknown> }) {
    const [value, setValue] = useState(false);
    return (
      <WebhookSection
        applicationId="app-1"
        requireSignature={value}
        onRequireSignatureChange={async (v) => {
          setValue(v);
          try {
            return await save(v);
          } catch (err) {
            setValue(!v);
            throw err;
          }
        }}
      />
    );
  }

  it('stays usable while the save is on its way, and toasts the error when it fails', async () => {
    fakeApi({
      [`GET ${W}`]: () => json({ data: base }),
      [`GET ${W}/deliveries`]: () => json({ data: [], page: 1, limit: 10, pages: 0, total: 0 }),
    });
    let reject!: (e: unknown) => void;
    renderWithProviders(<OptimisticParent save={() => new Promise((_, r) => (reject = r))} />);
    const sw = (await screen.findByRole('switch', { name: /Require signed requests/ })) as HTMLInputElement;
    fireEvent.click(sw);
    await waitFor(() => expect(sw.checked).toBe(true));
    expect(sw.disabled).toBe(false);
    await act(async () => reject(new ApiError(403, 'forbidden', 'You may not change this')));
    expect(await screen.findByText('You may not change this')).toBeTruthy();
    await waitFor(() => expect(sw.checked).toBe(false));
  });
});
