/** Members, the invitation page and the audit log's texts in Indonesian (issue 15 rule, issue 26). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { TEAMS_MESSAGES } from '@pesan/contracts/teams';
import { jsonResponse, renderWithProviders } from '../../../components/test-render.tsx';
import i18n from '../../../lib/i18n.ts';
import { fakeApi, member } from '../test/fake-api.ts';
import { MembersView } from './members-view.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('id');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('Members in Indonesian', () => {
  it('shows the page, the remove question and a server refusal in Indonesian', async () => {
    fakeApi({
      'GET /api/organization/members': () => jsonResponse({ data: [member('u1', 'Budi Santoso', 'owner'), member('u2', 'Dewi Lestari', 'viewer', { last_seen_at: null })] }),
      'GET /api/organization/invitations': () => jsonResponse({ data: [] }),
      'DELETE /api/organization/members/u2': () => jsonResponse({ error: { code: 'conflict', message: TEAMS_MESSAGES.lastOwner } }, 409),
    });
    renderWithProviders(<MembersView me={{ id: 'u1', role: 'owner' }} organizationName="Acme" />);
    expect(screen.getByRole('heading', { name: 'Anggota' })).toBeTruthy();
    expect(await screen.findByText('Belum pernah')).toBeTruthy();
    expect(await screen.findByText('Tidak ada undangan tertunda.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Undang anggota' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keluarkan Dewi Lestari' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keluarkan anggota' });
    expect(within(dialog).getByText(/Keluarkan Dewi Lestari \(dewi@pesan\.test\) dari Acme\?/)).toBeTruthy();
  });
});
