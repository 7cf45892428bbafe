/**
 * Issue 10 item 5: the organization form has no client validation (console.md §5); the server's
 * messages show under the fields with human labels ('Business unit name must be at most 150
 * characters', 'Business unit name is required'), never the API names (business_name).
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { organizationSchema } from '@pesan/contracts/organization';
import { ApiError } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { OrganizationForm } from './organization-form.tsx';

/** Stands in for the server: validates with the shared schema and rejects like the API does. */
async function serverLike(input: unknown) {
  const r = organizationSchema.safeParse(input);
  if (r.success) return {};
  const details = r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw new ApiError(400, 'invalid_request', details[0]!.message, details);
}

describe('organization form messages', () => {
  it.each([
    ['an over-long', 'a'.repeat(151), 'Business unit name must be at most 150 characters'],
    ['an empty', '', 'Business unit name is required'],
  ])('shows the server message for %s business unit name under the field', async (_what, value, message) => {
    const onOtherError = vi.fn();
    renderWithProviders(<OrganizationForm mode="create" pending={false} onSubmit={serverLike} onOtherError={onOtherError} />);
    fireEvent.change(screen.getByLabelText('Business Unit Name'), { target: { value } });
    fireEvent.change(screen.getByLabelText('Business Phone'), { target: { value: '0215550100' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'a'.repeat(501) } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText('Address must be at most 500 characters')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/business_|`/);
    expect(onOtherError).not.toHaveBeenCalled();
  });
});

describe('edit organization Save (issue 23 item 18)', () => {
  it('stays disabled until a field changes', () => {
    const initial = { id: 'o1', business_name: 'Toko', business_phone: '0215550100', business_address: 'Jl. Sudirman 1', website_url: 'https://toko.example', time_zone: 'Asia/Jakarta' };
    const onSubmit = vi.fn(async () => ({}));
    renderWithProviders(<OrganizationForm mode="edit" initial={initial} pending={false} onSubmit={onSubmit} onOtherError={vi.fn()} />);
    const save = () => screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    expect(save().disabled).toBe(true);
    fireEvent.click(save());
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'Jl. Thamrin 2' } });
    expect(save().disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'Jl. Sudirman 1 ' } });
    expect(save().disabled).toBe(true);
  });
});
