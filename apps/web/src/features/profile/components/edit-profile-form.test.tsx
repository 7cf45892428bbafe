/** Issue 10 item 5: Account Settings says 'Full Name must be at most 120 characters' / 'Fullname is required'. */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { EditProfileForm } from './edit-profile-form.tsx';

const user = { id: 'u1', fullName: 'Demo', email: 'demo@pesan.local', phoneNumber: '0812', avatar: null, organizationId: 'o1', emailVerified: true, language: null, timeZone: 'Asia/Jakarta', role: 'owner' as const, twoFactorEnabled: false, twoFactorSetupRequired: false };

describe('edit profile form messages', () => {
  it('says an over-long full name is too long and an empty one is required, with no API field name', async () => {
    renderWithProviders(<EditProfileForm user={user} onSaved={() => {}} />);
    const name = screen.getByLabelText('Full Name');
    fireEvent.change(name, { target: { value: 'a'.repeat(121) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Full Name must be at most 120 characters')).toBeTruthy();
    expect(screen.queryByText('Fullname is required')).toBeNull();
    expect(document.body.textContent).not.toContain('fullName');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Fullname is required')).toBeTruthy();
  });
});

describe('edit profile Save (issue 23 item 18)', () => {
  const save = () => screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
  it('stays disabled until something changes, and again when the change is undone', () => {
    renderWithProviders(<EditProfileForm user={{ ...user, language: 'en' }} onSaved={() => {}} />);
    expect(save().disabled).toBe(true);
    const name = screen.getByLabelText('Full Name');
    fireEvent.change(name, { target: { value: 'Demo Baru' } });
    expect(save().disabled).toBe(false);
    fireEvent.change(name, { target: { value: ' Demo ' } });
    expect(save().disabled).toBe(true);
    fireEvent.click(screen.getByText('Bahasa Indonesia'));
    expect(save().disabled).toBe(false);
    fireEvent.click(screen.getByText('English'));
    expect(save().disabled).toBe(true);
  });
});
