import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEAMS_MESSAGES } from '@pesan/contracts/teams';
import { jsonResponse, renderWithProviders } from '../../../components/test-render.tsx';
import { fakeApi, member } from '../test/fake-api.ts';
import { MembersView } from './members-view.tsx';

afterEach(() => vi.unstubAllGlobals());

const OWNER = member('u-owner', 'Budi Santoso', 'owner', { two_factor: true });
const ADMIN = member('u-admin', 'Sari Wijaya', 'admin');
const DEV = member('u-dev', 'Dewi Lestari', 'developer', { last_seen_at: null });
const INVITATION = { id: 'inv-1', email: 'new@pesan.test', role: 'viewer', expires_at: '2026-12-04T03:00:00Z', created_at: '2026-11-27T03:00:00Z', invited_by: 'budi@pesan.test' };

function api(extra: Record<string, (body: unknown) => Response> = {}) {
  return fakeApi({
    'GET /api/organization/members': () => jsonResponse({ data: [OWNER, ADMIN, DEV] }),
    'GET /api/organization/invitations': () => jsonResponse({ data: [INVITATION] }),
    ...extra,
  });
}

describe('MembersView', () => {
  it('shows every member with role, 2FA and last seen; an admin may change non-owners only, never their own row', async () => {
    api();
    renderWithProviders(<MembersView me={{ id: 'u-admin', role: 'admin' }} organizationName="Acme" />);
    await screen.findByText('Dewi Lestari');
    const table = screen.getByRole('table', { name: 'Members' });
    expect(within(table).getByText('Dewi Lestari')).toBeTruthy();
    expect(within(table).getByText('dewi@pesan.test')).toBeTruthy();
    expect(within(table).getByTitle('Two-factor sign-in on').textContent).toBe('On');
    expect(within(table).getByText('Never')).toBeTruthy();
    // Only Dewi's row is editable: the owner's row is read-only for an admin, and so is one's own.
    expect(screen.getByLabelText('Role of Dewi Lestari', { selector: 'input' })).toBeTruthy();
    expect(screen.queryByLabelText('Role of Budi Santoso', { selector: 'input' })).toBeNull();
    expect(screen.queryByLabelText('Role of Sari Wijaya', { selector: 'input' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Dewi Lestari' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove Budi Santoso' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Invite member' })).toBeTruthy();
    expect(await screen.findByText('new@pesan.test')).toBeTruthy();
  });

  it('is read-only for a viewer: no role selects, no Remove, no Invite, no invitations', async () => {
    const calls = api();
    renderWithProviders(<MembersView me={{ id: 'u-dev', role: 'viewer' }} />);
    await screen.findByText('Dewi Lestari');
    expect(screen.queryByLabelText(/Role of/, { selector: 'input' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite member' })).toBeNull();
    expect(screen.getByText('Only owners and admins can invite, change roles or remove members.')).toBeTruthy();
    expect(calls.some((c) => c.key.includes('invitations'))).toBe(false);
  });

  it('asks before removing, naming the person and the organization, and shows a refusal of the server', async () => {
    const calls = api({
      'DELETE /api/organization/members/u-dev': () => jsonResponse({ error: { code: 'conflict', message: TEAMS_MESSAGES.lastOwner } }, 409),
    });
    renderWithProviders(<MembersView me={{ id: 'u-owner', role: 'owner' }} organizationName="Acme" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Dewi Lestari' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    expect(within(dialog).getByText(/Remove Dewi Lestari \(dewi@pesan\.test\) from Acme\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(TEAMS_MESSAGES.lastOwner)).toBeTruthy();
    expect(calls.some((c) => c.key === 'DELETE /api/organization/members/u-dev')).toBe(true);
  });

  it('changes a role through the row select', async () => {
    const calls = api({
      'PUT /api/organization/members/u-dev': (body) => jsonResponse({ data: { ...DEV, ...(body as object) }, message: TEAMS_MESSAGES.roleChanged }),
    });
    renderWithProviders(<MembersView me={{ id: 'u-owner', role: 'owner' }} />);
    const select = await screen.findByLabelText('Role of Dewi Lestari', { selector: 'input' });
    await userEvent.setup().click(select);
    const listbox = await waitFor(() => document.getElementById(select.getAttribute('aria-controls') ?? '') ?? Promise.reject(new Error('no listbox')));
    fireEvent.click(within(listbox).getByRole('option', { name: 'Admin', hidden: true }));
    await waitFor(() => expect(calls.find((c) => c.key === 'PUT /api/organization/members/u-dev')?.body).toEqual({ role: 'admin' }));
    expect(await screen.findByText(TEAMS_MESSAGES.roleChanged)).toBeTruthy();
  });

  it('invites a member from the modal and confirms with a toast', async () => {
    const calls = api({
      'POST /api/organization/invitations': (body) => jsonResponse({ data: { id: 'inv-2', expires_at: '2026-12-04T03:00:00Z', ...(body as object) } }, 201),
    });
    renderWithProviders(<MembersView me={{ id: 'u-owner', role: 'owner' }} organizationName="Acme" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite member' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'Rina@Pesan.test');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/organization/invitations')?.body).toEqual({ email: 'rina@pesan.test', role: 'developer' }));
    expect(await screen.findByText('Invitation sent to rina@pesan.test')).toBeTruthy();
  });

  it('revokes a pending invitation after confirming', async () => {
    const calls = api({ 'DELETE /api/organization/invitations/inv-1': () => new Response(null, { status: 204 }) });
    renderWithProviders(<MembersView me={{ id: 'u-owner', role: 'owner' }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke the invitation of new@pesan.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke invitation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE /api/organization/invitations/inv-1')).toBe(true));
    expect(await screen.findByText(TEAMS_MESSAGES.invitationRevoked)).toBeTruthy();
  });
});
