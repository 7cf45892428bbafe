import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPORT_MESSAGES } from '@pesan/contracts/reports';
import { RECORDS_MESSAGES } from '@pesan/contracts/records';
import { renderWithProviders } from '../../../components/test-render.tsx';
import type { ReportApplication } from '../api/list-report-applications.ts';
import { fakeApi, GENERATE, json, reportRow } from '../test/fixtures.ts';
import { APPLICATION_REQUIRED, type GenerateFormValues } from '../utils/generate-form.ts';
import { GenerateReportModal } from './generate-report-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

const APPS: ReportApplication[] = [
  { id: 'a1', name: 'Toko Rina', channels: ['sms', 'email'] },
  { id: 'a2', name: 'Kurir Cepat', channels: ['whatsapp'] },
];
const READY: Partial<GenerateFormValues> = { title: 'march', channel: 'sms', status: ['all'], type: 'csv', range: ['2026-03-01', '2026-03-07'] };

function open(props: { applications?: ReportApplication[]; initial?: Partial<GenerateFormValues> } = {}) {
  const onClose = vi.fn();
  const onGenerated = vi.fn();
  renderWithProviders(<GenerateReportModal opened onClose={onClose} onGenerated={onGenerated} applications={props.applications ?? APPS} initial={props.initial} />);
  const dialog = screen.getByRole('dialog', { name: 'Generate New Report' });
  return { dialog, onClose, onGenerated, submit: () => userEvent.click(within(dialog).getByRole('button', { name: 'Generate' })) };
}

describe('Generate Report pop-up', () => {
  it('shows the §5.6 messages on an empty submit and sends nothing', async () => {
    const calls = fakeApi({});
    const { dialog, submit } = open();
    await submit();
    for (const m of [REPORT_MESSAGES.nameRequired, REPORT_MESSAGES.statusRequired, REPORT_MESSAGES.typeRequired, REPORT_MESSAGES.channelRequired, REPORT_MESSAGES.dateRequired])
      expect(await within(dialog).findByText(m)).toBeTruthy();
    // The first application is picked by default.
    expect((within(dialog).getByLabelText(/^Application/) as HTMLInputElement).value).toBe('Toko Rina');
    expect(within(dialog).queryByText(APPLICATION_REQUIRED)).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('asks for an application when the organization has none', async () => {
    fakeApi({});
    const { dialog, submit } = open({ applications: [], initial: READY });
    await submit();
    expect(await within(dialog).findByText(APPLICATION_REQUIRED)).toBeTruthy();
  });

  it('refuses more than 31 days', async () => {
    fakeApi({});
    const { dialog, submit } = open({ initial: { ...READY, range: ['2026-01-01', '2026-03-01'] } });
    await submit();
    expect(await within(dialog).findByText(REPORT_MESSAGES.rangeTooLong)).toBeTruthy();
  });

  it('sanitises the name while typing and counts it against 512', async () => {
    fakeApi({});
    const { dialog } = open();
    const name = within(dialog).getByLabelText(/^Report Name/) as HTMLInputElement;
    await userEvent.type(name, 'March SMS-Report!');
    expect(name.value).toBe('march_smsreport');
    expect(within(dialog).getByText('15/512')).toBeTruthy();
    expect(name.maxLength).toBe(512);
  });

  it('offers the channel’s statuses with All, and a new channel clears the statuses', async () => {
    fakeApi({});
    const { dialog } = open({ initial: { channel: 'sms', status: ['delivered'] } });
    expect(within(dialog).getByText('Delivered')).toBeTruthy();
    await userEvent.click(within(dialog).getByLabelText(/^Channel/));
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['Whatsapp', 'SMS', 'Email', 'Voice', 'Voice OTP', 'SMS OTP']);
    await userEvent.click(options.find((o) => o.textContent === 'Email')!);
    await waitFor(() => expect((within(dialog).getByLabelText(/^Channel/) as HTMLInputElement).value).toBe('Email'));
    await waitFor(() => expect(within(dialog).queryByText('Delivered')).toBeNull());
    await userEvent.click(within(dialog).getByLabelText(/^Status/));
    const statuses = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(statuses[0]).toBe('All');
    expect(statuses).toContain('Opened');
    expect(statuses).not.toContain('Read');
  });

  it('sends All as an empty status list, toasts the success and closes', async () => {
    const calls = fakeApi({ [GENERATE]: () => json({ data: reportRow('new', { status: 'in-queue' }) }, 201) });
    const { onClose, onGenerated, submit } = open({ initial: { ...READY, type: 'xlsx' } });
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]!.body).toEqual({ application_id: 'a1', title: 'march', channel: 'sms', status: [], start_date: '2026-03-01', end_date: '2026-03-07', type: 'xlsx' });
    expect(onGenerated).toHaveBeenCalledWith(expect.objectContaining({ _id: 'new' }));
    expect(await screen.findByText(REPORT_MESSAGES.generated)).toBeTruthy();
  });

  it('shows the server’s field messages on their fields, and other failures as an Error! toast', async () => {
    let n = 0;
    fakeApi({
      [GENERATE]: () =>
        ++n === 1
          ? json({ error: { code: 'invalid_request', message: 'Invalid request', details: [{ path: 'end_date', message: 'Date range must be at most 31 days' }] } }, 400)
          : json({ error: { code: 'not_found', message: 'Application not found' } }, 404),
    });
    const { dialog, onClose, submit } = open({ initial: READY });
    await submit();
    expect(await within(dialog).findByText('Date range must be at most 31 days')).toBeTruthy();
    await submit();
    const toast = await screen.findByText('Application not found', { selector: '.mantine-Notification-description' });
    expect(within(toast.closest('[role="alert"]') as HTMLElement).getByText('Error!')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('toasts the pending-report limit (429) and keeps the pop-up open with what was typed', async () => {
    fakeApi({ [GENERATE]: () => json({ error: { code: 'rate_limited', message: REPORT_MESSAGES.tooManyPending, request_id: 'r1' } }, 429) });
    const { dialog, onClose, onGenerated, submit } = open({ initial: READY });
    await submit();
    const toast = await screen.findByText(REPORT_MESSAGES.tooManyPending, { selector: '.mantine-Notification-description' });
    expect(within(toast.closest('[role="alert"]') as HTMLElement).getByText('Error!')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(onGenerated).not.toHaveBeenCalled();
    expect((within(dialog).getByLabelText(/^Report Name/) as HTMLInputElement).value).toBe('march');
  });

  it('shows a range older than the retention (422) under the date, keeping the pop-up open', async () => {
    const message = RECORDS_MESSAGES.olderThanRetention('2025-10-02', 400);
    fakeApi({ [GENERATE]: () => json({ error: { code: 'outside_retention', message, details: [{ path: 'start_date', message }], request_id: 'r2' } }, 422) });
    const { dialog, onClose, submit } = open({ initial: { ...READY, range: ['2025-03-01', '2025-03-07'] } });
    await submit();
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
