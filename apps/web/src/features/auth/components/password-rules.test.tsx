import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { PASSWORD_RULES } from '@pesan/contracts/auth';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { PasswordWithRules, PasswordRulesList } from './password-rules.tsx';

function Harness() {
  const [value, setValue] = useState('');
  return <PasswordWithRules label="Password" value={value} onChange={(e) => setValue(e.currentTarget.value)} />;
}

describe('password rules tooltip', () => {
  it('lists the five rule labels, marking which are met', () => {
    renderWithProviders(<PasswordRulesList password="abcdefgh" />);
    for (const r of PASSWORD_RULES) expect(screen.getByText(r.label)).toBeTruthy();
    expect(screen.getAllByText('(met)', { exact: false })).toHaveLength(2);
    expect(screen.getByText('Must be at least 8 charcters').textContent).toContain('(met)');
    expect(screen.getByText('Use lower case (a-z)').textContent).toContain('(met)');
    expect(screen.getByText('Use upper case (A-Z)').textContent).toContain('(not met)');
  });

  it('is hidden while the field is empty and unfocused', () => {
    renderWithProviders(<Harness />);
    expect(screen.queryByText('Use upper case (A-Z)')).toBeNull();
  });

  it('shows all five labels while a rule fails and hides once all pass', async () => {
    renderWithProviders(<Harness />);
    const input = screen.getByLabelText('Password', { selector: 'input' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'short' } });
    for (const r of PASSWORD_RULES) expect(await screen.findByText(r.label)).toBeTruthy();
    fireEvent.blur(input);
    // Still visible after leaving the field: a rule is unmet.
    expect(screen.getByText('Use number (0-9)')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Str0ng#Pass' } });
    expect(screen.queryByText('Use number (0-9)')).toBeNull();
  });

  it('names the show/hide toggle', () => {
    renderWithProviders(<Harness />);
    const toggle = screen.getByRole('button', { name: 'Show password' });
    fireEvent.mouseDown(toggle);
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeTruthy();
    expect(screen.getByLabelText('Password', { selector: 'input' }).getAttribute('type')).toBe('text');
  });
});
