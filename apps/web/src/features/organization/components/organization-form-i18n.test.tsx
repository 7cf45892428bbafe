/** The organization form in Indonesian (issue 15). */
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import i18n from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { OrganizationForm } from './organization-form.tsx';

afterEach(() => i18n.changeLanguage('en'));

describe('organization form in Indonesian', () => {
  it.each([
    ['create', 'Kirim'],
    ['edit', 'Simpan Perubahan'],
  ] as const)('labels the %s form in Indonesian', async (mode, button) => {
    await i18n.changeLanguage('id');
    renderWithProviders(<OrganizationForm mode={mode} pending={false} onSubmit={async () => ({})} onOtherError={() => {}} />);
    for (const label of ['Nama Unit Bisnis', 'Telepon Bisnis', 'Alamat', 'Situs Web']) expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.getByPlaceholderText('Jalan, kota')).toBeTruthy();
    expect(screen.getByRole('button', { name: button })).toBeTruthy();
  });
});
