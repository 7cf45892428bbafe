/** Monitoring shows the server's refusal of a range older than the kept messages (422 outside_retention), not an empty list. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { RECORDS_MESSAGES } from '@pesan/contracts/records';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { json } from '../test/fixtures.ts';
import { MonitoringView } from './monitoring-view.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

describe('Monitoring and the retention', () => {
  it('toasts the server’s message and shows it where the rows would be', async () => {
    const message = RECORDS_MESSAGES.olderThanRetention('2025-10-02', 400);
    vi.stubGlobal('fetch', vi.fn(async () => json({ error: { code: 'outside_retention', message, details: [{ path: 'startDate', message }], request_id: 'r' } }, 422)));
    renderWithProviders(<MonitoringView applicationId="app-1" channels={['sms']} />, { route: '/m?channel=sms&start=2025-03-01&end=2025-03-07' });
    expect(await screen.findByText(message, { selector: '.mantine-Notification-description' })).toBeTruthy();
    expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText(RECORDS_MESSAGES.empty)).toBeNull();
  });
});
