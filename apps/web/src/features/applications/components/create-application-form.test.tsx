import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APPLICATION_MESSAGES } from '@pesan/contracts/application';
import { ApiError } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { CreateApplicationForm, serverFieldErrors, toCreateInput, validateCreateApplication } from './create-application-form.tsx';

const blank = { applicationName: '', channels: [], senderName: {} };

afterEach(() => vi.unstubAllGlobals());

describe('create application rules', () => {
  it('requires a name and at least one channel', () => {
    expect(validateCreateApplication(blank)).toEqual({
      applicationName: APPLICATION_MESSAGES.nameRequired,
      channels: APPLICATION_MESSAGES.channelRequired,
    });
    expect(validateCreateApplication({ ...blank, applicationName: '   ', channels: ['sms'] })).toEqual({ applicationName: APPLICATION_MESSAGES.nameRequired });
    expect(validateCreateApplication({ ...blank, applicationName: 'Shop', channels: ['sms'] })).toEqual({});
  });
  it('builds the body in channel order with sender names only where they apply', () => {
    expect(
      toCreateInput({ applicationName: ' Shop ', channels: ['email', 'sms', 'whatsapp'], senderName: { sms: ' SHOP ', whatsapp: '', email: 'x' } }),
    ).toEqual({ applicationName: 'Shop', channels: [{ channel: 'whatsapp' }, { channel: 'sms', senderName: 'SHOP' }, { channel: 'email' }] });
  });
  it('maps server field paths onto the form', () => {
    const err = new ApiError(400, 'invalid_request', 'bad', [
      { path: 'applicationName', message: 'Too long' },
      { path: 'channels.1.senderName', message: 'Sender too long' },
      { path: 'channels', message: 'Each channel may appear once' },
    ]);
    expect(serverFieldErrors(err, { applicationName: 'x', channels: [{ channel: 'whatsapp' }, { channel: 'sms' }] })).toEqual({
      applicationName: 'Too long',
      'senderName.sms': 'Sender too long',
      channels: 'Each channel may appear once',
    });
  });
});

describe('CreateApplicationForm', () => {
  it('shows both validation messages and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CreateApplicationForm onCreated={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create Application' }));
    expect(await screen.findByText(APPLICATION_MESSAGES.nameRequired)).toBeTruthy();
    expect(screen.getByText(APPLICATION_MESSAGES.channelRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('has the six channel checkboxes and shows sender name fields for SMS', async () => {
    renderWithProviders(<CreateApplicationForm onCreated={vi.fn()} />);
    for (const label of ['WhatsApp', 'SMS', 'SMS OTP', 'Call', 'Voice OTP', 'Email']) expect(screen.getByRole('checkbox', { name: label })).toBeTruthy();
    expect(screen.queryByLabelText(/Sender name/)).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'SMS' }));
    expect(screen.getByLabelText(/Sender name \(SMS\)/)).toBeTruthy();
  });

  it('posts the body and hands the new id over; shows server field errors under the field', async () => {
    const onCreated = vi.fn();
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ error: { code: 'invalid_request', message: 'Invalid', details: [{ path: 'applicationName', message: 'Name taken' }] } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
      )
      .mockResolvedValueOnce(new Response(JSON.stringify({ id: 'app-1' }), { status: 201, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CreateApplicationForm onCreated={onCreated} />);
    await userEvent.type(screen.getByLabelText(/Application Name/), 'Shop');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Application' }));
    expect(await screen.findByText('Name taken')).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Create Application' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('app-1'));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/application');
    expect(JSON.parse(init.body)).toEqual({ applicationName: 'Shop', channels: [{ channel: 'email' }] });
  });
});

describe('create application messages (issue 10 item 5)', () => {
  it('says an over-long name, sender name or sender number is too long, never that it is required', () => {
    expect(
      validateCreateApplication({
        applicationName: 'a'.repeat(101),
        channels: ['sms', 'whatsapp'],
        senderName: { sms: 'a'.repeat(12), whatsapp: 'b'.repeat(12) },
        senderNumber: { sms: '1'.repeat(21) },
      }),
    ).toEqual({
      applicationName: 'Application name must be at most 100 characters',
      'senderName.sms': 'Sender name must be at most 11 characters',
      'senderName.whatsapp': 'Sender name must be at most 11 characters',
      'senderNumber.sms': 'Sender number must be at most 20 characters',
    });
  });
  it('sends sender name and number for SMS and SMS OTP, sender name only for WhatsApp', () => {
    expect(
      toCreateInput({
        applicationName: 'Shop',
        channels: ['sms_otp', 'whatsapp', 'sms'],
        senderName: { sms: 'SHOP', sms_otp: 'OTP', whatsapp: 'Shop WA' },
        senderNumber: { sms: '+62812', sms_otp: '', whatsapp: '999' },
      }).channels,
    ).toEqual([
      { channel: 'whatsapp', senderName: 'Shop WA' },
      { channel: 'sms', senderName: 'SHOP', senderNumber: '+62812' },
      { channel: 'sms_otp', senderName: 'OTP' },
    ]);
  });
  it('shows the messages under the fields and explains the key file', async () => {
    renderWithProviders(<CreateApplicationForm onCreated={() => {}} />);
    expect(screen.getByText('About the key file')).toBeTruthy();
    expect(screen.getByText(/revokes that channel's token/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create Application' }));
    expect(await screen.findByText(APPLICATION_MESSAGES.nameRequired)).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Application Name/), 'a'.repeat(101));
    await userEvent.click(screen.getByRole('checkbox', { name: 'SMS' }));
    await userEvent.type(screen.getByLabelText('Sender number (SMS)'), '1'.repeat(21));
    await userEvent.click(screen.getByRole('button', { name: 'Create Application' }));
    expect(await screen.findByText('Application name must be at most 100 characters')).toBeTruthy();
    expect(screen.getByText('Sender number must be at most 20 characters')).toBeTruthy();
    expect(screen.queryByText(APPLICATION_MESSAGES.nameRequired)).toBeNull();
  });
});
