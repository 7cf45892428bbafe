/**
 * Issue 28 part 3 (perceived speed): the rename and the 'Require signed requests' switch update the
 * cached application at once and put the old value back, with the error toast, when the server
 * refuses; the list shows its cached cards at once when it comes back, refetching behind them.
 */
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button, Switch } from '@mantine/core';
import type { Application } from '@pesan/contracts/application';
import { jsonResponse, renderWithProviders } from '../../../components/test-render.tsx';
import { toastApiError } from '../../../components/toasts.ts';
import { useApplication } from '../api/get-application.ts';
import { useUpdateApplication } from '../api/update-application.ts';
import { ApplicationList } from './application-list.tsx';
import { EditApplicationForm } from './edit-application-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const ID = '11111111-2222-4333-8444-555555555555';
const base: Application = {
  id: ID,
  application_name: 'Shop',
  organization_id: 'o',
  user_id: 'u',
  billing_type: 'post-paid',
  require_signature: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
  channels: [{ channel: 'sms', channel_name: 'SMS' }],
};

/** A server answer the test hands over when it chooses. */
function deferred() {
  let resolve!: (r: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * A fake API over one application (`state.app`): detail, list, channels, and PUT answered by
 * `onPut` (which may wait); while `state.hold` is set, reads wait for it (so only the rollback can
 * restore a value). Records 'METHOD path' of every call.
 */
function fakeApi(state: { app: Application; hold?: Promise<unknown> }, onPut: (body: { applicationName: string; requireSignature?: boolean }) => Promise<Response> | Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(input).split('?')[0];
      calls.push(`${method} ${path}`);
      if (state.hold && method !== 'PUT') await state.hold;
      if (method === 'GET' && path === `/api/application/${ID}`) return jsonResponse({ data: state.app });
      if (method === 'POST' && path === '/api/application/list') return jsonResponse({ data: [state.app], page: 1, limit: 10, pages: 1, total: 1 });
      if (method === 'GET' && path === '/api/channel') return jsonResponse({ data: [{ id: 'sms', name: 'SMS' }] });
      if (method === 'PUT' && path === `/api/application/${ID}`) return onPut(JSON.parse(String(init?.body)));
      return jsonResponse({ error: { code: 'not_found', message: `no fake for ${method} ${path}` } }, 404);
    }),
  );
  return calls;
}

const card = () => screen.getByTestId('application-card');

describe('optimistic rename', () => {
  it('shows the new name on the list before the server answers, and keeps it once saved', async () => {
    const state = { app: base };
    const put = deferred();
    fakeApi(state, () => put.promise);
    const onSaved = vi.fn();
    renderWithProviders(
      <>
        <EditApplicationForm id={ID} onSaved={onSaved} />
        <ApplicationList />
      </>,
    );
    const name = await screen.findByDisplayValue('Shop');
    await waitFor(() => expect(within(card()).getByText('Shop')).toBeTruthy());
    fireEvent.change(name, { target: { value: 'Shop Renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    // Saved at once: the page moves on and the list already shows the new name.
    expect(onSaved).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(card()).getByText('Shop Renamed')).toBeTruthy());

    state.app = { ...base, application_name: 'Shop Renamed' };
    await act(async () => put.resolve(jsonResponse({ data: state.app })));
    await waitFor(() => expect(within(card()).getByText('Shop Renamed')).toBeTruthy());
    expect(screen.queryByText('Error!')).toBeNull();
  });

  it('puts the old name back and toasts the server message when the rename fails', async () => {
    const state: { app: Application; hold?: Promise<unknown> } = { app: base };
    const put = deferred();
    fakeApi(state, () => put.promise);
    renderWithProviders(
      <>
        <EditApplicationForm id={ID} onSaved={() => {}} />
        <ApplicationList />
      </>,
    );
    const name = await screen.findByDisplayValue('Shop');
    await waitFor(() => expect(within(card()).getByText('Shop')).toBeTruthy());
    fireEvent.change(name, { target: { value: 'Shop Renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(within(card()).getByText('Shop Renamed')).toBeTruthy());

    // The refetch after the failure is held back: the old name comes from the rollback.
    state.hold = new Promise(() => {});
    await act(async () => put.resolve(jsonResponse({ error: { code: 'forbidden', message: 'You may not edit this application' } }, 403)));
    expect(await screen.findByText('You may not edit this application')).toBeTruthy();
    await waitFor(() => expect(within(card()).getByText('Shop')).toBeTruthy());
    expect(within(card()).queryByText('Shop Renamed')).toBeNull();
    // The form shows the name as it is again.
    expect(await screen.findByDisplayValue('Shop')).toBeTruthy();
  });
});

describe('optimistic rename during a refetch', () => {
  it('keeps the new name when an older list answer arrives after the rename', async () => {
    const state = { app: base };
    const put = deferred();
    const calls = fakeApi(state, () => put.promise);
    const inner = globalThis.fetch as unknown as (input: string, init?: RequestInit) => Promise<Response>;
    let slow: ReturnType<typeof deferred> | null = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => (slow && String(input) === '/api/application/list' ? slow.promise : inner(input, init))),
    );
    const { client } = renderWithProviders(
      <>
        <EditApplicationForm id={ID} onSaved={() => {}} />
        <ApplicationList />
      </>,
    );
    const name = await screen.findByDisplayValue('Shop');
    await waitFor(() => expect(within(card()).getByText('Shop')).toBeTruthy());
    // A background refetch of the list is on its way (it will answer the old name).
    slow = deferred();
    void client.invalidateQueries({ queryKey: ['applications', 'list'] });
    fireEvent.change(name, { target: { value: 'Shop Renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(within(card()).getByText('Shop Renamed')).toBeTruthy());
    await act(async () => slow!.resolve(jsonResponse({ data: [base], page: 1, limit: 10, pages: 1, total: 1 })));
    expect(within(card()).getByText('Shop Renamed')).toBeTruthy();
    expect(calls).toContain(`PUT /api/application/${ID}`);
  });
});

/** The detail page's glue (app/routes/applications/detail.tsx with the webhook section's switch). */
function SignatureSwitch() {
  const app = useApplication(ID);
  const update = useUpdateApplication();
  if (!app.data) return null;
  const a = app.data;
  return (
    <Switch
      label="Require signed requests"
      checked={a.require_signature}
      onChange={(e) => void update.mutateAsync({ id: a.id, applicationName: a.application_name, requireSignature: e.currentTarget.checked }).catch(toastApiError)}
    />
  );
}

describe('optimistic Require signed requests switch', () => {
  it('flips at once and stays flipped once saved', async () => {
    const state = { app: base };
    const put = deferred();
    const calls = fakeApi(state, () => put.promise);
    renderWithProviders(<SignatureSwitch />);
    const sw = (await screen.findByRole('switch', { name: 'Require signed requests' })) as HTMLInputElement;
    expect(sw.checked).toBe(false);
    fireEvent.click(sw);
    await waitFor(() => expect(sw.checked).toBe(true));
    expect(calls).toContain(`PUT /api/application/${ID}`);
    state.app = { ...base, require_signature: true };
    await act(async () => put.resolve(jsonResponse({ data: state.app })));
    await waitFor(() => expect(calls.filter((c) => c === `GET /api/application/${ID}`).length).toBe(2));
    expect(sw.checked).toBe(true);
  });

  it('flips back with the error toast when the save fails', async () => {
    const state: { app: Application; hold?: Promise<unknown> } = { app: base };
    const put = deferred();
    fakeApi(state, () => put.promise);
    renderWithProviders(<SignatureSwitch />);
    const sw = (await screen.findByRole('switch', { name: 'Require signed requests' })) as HTMLInputElement;
    fireEvent.click(sw);
    await waitFor(() => expect(sw.checked).toBe(true));
    state.hold = new Promise(() => {});
    await act(async () => put.resolve(jsonResponse({ error: { code: 'not_found', message: 'Application not found' } }, 404)));
    expect(await screen.findByText('Application not found')).toBeTruthy();
    await waitFor(() => expect(sw.checked).toBe(false));
  });
});

/** The list, and a button that leaves it and comes back (the same QueryClient throughout). */
function LeaveAndReturn() {
  const [shown, setShown] = useState(true);
  return (
    <>
      <Button onClick={() => setShown((s) => !s)}>toggle</Button>
      {shown ? <ApplicationList /> : null}
    </>
  );
}

describe('application list, stale-while-revalidate', () => {
  it('shows the cached cards at once on return while it refetches, then the fresh answer', async () => {
    const state = { app: base };
    let slow: ReturnType<typeof deferred> | null = null;
    const calls = fakeApi(state, () => jsonResponse({}));
    const inner = globalThis.fetch as unknown as (input: string, init?: RequestInit) => Promise<Response>;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (slow && String(input) === '/api/application/list') {
          calls.push('POST /api/application/list (slow)');
          return slow.promise;
        }
        return inner(input, init);
      }),
    );
    renderWithProviders(<LeaveAndReturn />);
    await waitFor(() => expect(within(card()).getByText('Shop')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(screen.queryByTestId('application-card')).toBeNull();

    // Back on the list: the cached card at once, no skeleton, while the refetch is on its way.
    slow = deferred();
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(within(card()).getByText('Shop')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading applications' })).toBeNull();
    await waitFor(() => expect(calls).toContain('POST /api/application/list (slow)'));
    // A refetch that takes a while gets a small hint; the card stays.
    expect(await screen.findByTestId('refreshing-hint')).toBeTruthy();
    expect(within(card()).getByText('Shop')).toBeTruthy();

    await act(async () => slow!.resolve(jsonResponse({ data: [{ ...base, application_name: 'Shop Fresh' }], page: 1, limit: 10, pages: 1, total: 1 })));
    await waitFor(() => expect(within(card()).getByText('Shop Fresh')).toBeTruthy());
    await waitFor(() => expect(screen.queryByTestId('refreshing-hint')).toBeNull());
  });
});
