import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PasswordInput } from '@mantine/core';
import type { User } from '@pesan/contracts/auth';
import { AUTH_MESSAGES } from '@pesan/contracts/auth-messages';
import { TEAMS_MESSAGES } from '@pesan/contracts/teams';
import { jsonResponse, renderWithProviders } from '../../../components/test-render.tsx';
import { fakeApi } from '../test/fake-api.ts';
import { InvitationLanding, signInBackTo } from './invitation-landing.tsx';

afterEach(() => vi.unstubAllGlobals());

const INFO = { organization_name: 'Acme', email: 'dewi@pesan.test', role: 'developer', has_account: false };
const user = (email: string): User => ({
  id: 'u1',
  fullName: 'Someone',
  email,
  phoneNumber: '0812',
  avatar: null,
  organizationId: null,
  emailVerified: true,
  language: null,
  timeZone: null,
  role: null,
  twoFactorEnabled: false,
  twoFactorSetupRequired: false,
});

function landing(u: User | null, onSignOut = () => {}) {
  return renderWithProviders(<InvitationLanding token="tok-1" user={u} signingOut={false} onSignOut={onSignOut} PasswordField={PasswordInput} ConfirmField={PasswordInput} />, {
    route: '/auth/invitation/tok-1',
  });
}

describe('InvitationLanding', () => {
  it('says who invited and as what; a new person creates the account with the register rules, then joins', async () => {
    const calls = fakeApi({
      'GET /api/auth/invitation/tok-1': () => jsonResponse({ data: INFO }),
      'POST /api/auth/invitation/tok-1/accept': () => jsonResponse({ data: user('dewi@pesan.test'), message: TEAMS_MESSAGES.invitationAccepted }),
    });
    landing(null);
    expect(await screen.findByText(/invited you to join as/)).toBeTruthy();
    expect(screen.getByText('Acme')).toBeTruthy();
    expect(screen.getByText('Developer')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText(AUTH_MESSAGES.fullNameRequired)).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.phoneRequired)).toBeTruthy();
    const u = userEvent.setup();
    await u.type(screen.getByRole('textbox', { name: 'Full Name' }), 'Dewi Lestari');
    await u.type(screen.getByRole('textbox', { name: 'Phone Number' }), '081234567890');
    await u.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    await u.type(screen.getByLabelText('Password Confirmation'), 'Str0ng!pass');
    fireEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/auth/invitation/tok-1/accept')?.body).toEqual({
        fullName: 'Dewi Lestari',
        phoneNumber: '081234567890',
        password: 'Str0ng!pass',
        confirmPassword: 'Str0ng!pass',
      }),
    );
  });

  it('offers Join to the invited address, signed in', async () => {
    const calls = fakeApi({
      'GET /api/auth/invitation/tok-1': () => jsonResponse({ data: { ...INFO, has_account: true } }),
      'POST /api/auth/invitation/tok-1/accept': () => jsonResponse({ data: user('dewi@pesan.test') }),
      'GET /api/auth/session': () => jsonResponse({ data: user('dewi@pesan.test') }),
    });
    landing(user('Dewi@pesan.test'));
    fireEvent.click(await screen.findByRole('button', { name: 'Join Acme' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/auth/invitation/tok-1/accept')?.body).toEqual({}));
  });

  it('explains another signed-in address and offers to sign out', async () => {
    fakeApi({ 'GET /api/auth/invitation/tok-1': () => jsonResponse({ data: INFO }) });
    const signOut = vi.fn();
    landing(user('budi@pesan.test'), signOut);
    expect(await screen.findByText(/but you are signed in as/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join Acme' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalled();
  });

  it('sends an existing account to sign in, coming back here', async () => {
    fakeApi({ 'GET /api/auth/invitation/tok-1': () => jsonResponse({ data: { ...INFO, has_account: true } }) });
    landing(null);
    const link = await screen.findByRole('link', { name: 'Sign in to accept' });
    expect(link.getAttribute('href')).toBe('/auth/login?redirect=%2Fauth%2Finvitation%2Ftok-1');
    expect(signInBackTo('a b')).toBe('/auth/login?redirect=%2Fauth%2Finvitation%2Fa%20b');
  });

  it('says clearly when the link is invalid or used, with a way to sign in', async () => {
    fakeApi({});
    landing(null);
    expect(await screen.findByRole('heading', { name: 'This invitation cannot be used' })).toBeTruthy();
    expect(screen.getByText(TEAMS_MESSAGES.invitationNotFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/auth/login');
  });
});
