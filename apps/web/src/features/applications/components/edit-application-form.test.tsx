/** Issue 10 item 5: the edit form says 'Application name must be at most 100 characters' / 'Application name is required'. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { applicationNameError, EditApplicationForm } from './edit-application-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const app = {
  id: '11111111-2222-4333-8444-555555555555',
  application_name: 'Shop',
  organization_id: 'o',
  user_id: 'u',
  billing_type: 'post-paid',
  require_signature: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
  channels: [],
};

describe('edit application messages', () => {
  it('names the rule', () => {
    expect(applicationNameError('a'.repeat(101))).toBe('Application name must be at most 100 characters');
    expect(applicationNameError(' ')).toBe('Application name is required');
    expect(applicationNameError('Shop')).toBeUndefined();
  });
  it('shows them under Application Name while typing and shows the App ID with a copy button', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ data: app }), { status: 200 })));
    renderWithProviders(<EditApplicationForm id={app.id} onSaved={() => {}} />);
    const name = (await screen.findByDisplayValue('Shop')) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'a'.repeat(101) } });
    expect(await screen.findByText('Application name must be at most 100 characters')).toBeTruthy();
    fireEvent.change(name, { target: { value: '' } });
    expect(await screen.findByText('Application name is required')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Copy App ID' })).toBeTruthy();
  });
});

describe('edit application Save (issue 23 item 18)', () => {
  it('stays disabled until the name changes', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ data: app }), { status: 200 })));
    renderWithProviders(<EditApplicationForm id={app.id} onSaved={() => {}} />);
    const name = (await screen.findByDisplayValue('Shop')) as HTMLInputElement;
    const save = () => screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    expect(save().disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'Shop 2' } });
    expect(save().disabled).toBe(false);
    fireEvent.change(name, { target: { value: 'Shop ' } });
    expect(save().disabled).toBe(true);
  });
});
