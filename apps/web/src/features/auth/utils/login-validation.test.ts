import { afterEach, describe, expect, it, vi } from 'vitest';

const empty = { email: '', password: '', remember: false };

describe('login validation (schema loaded on first use)', () => {
  afterEach(() => {
    vi.doUnmock('@pesan/contracts/auth');
    vi.resetModules();
  });

  it("waits for the schema the first time, then answers at once with the schema's messages", async () => {
    const { validateLogin } = await import('./login-validation.ts');
    const first = validateLogin(empty);
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toEqual({ email: 'Email is required', password: 'Password is required' });
    const long = validateLogin({ email: `${'a'.repeat(250)}@x.io`, password: 'x', remember: false });
    expect(long).toEqual({ email: 'Email must be at most 254 characters' });
    expect(validateLogin({ email: ' Demo@Pesan.local ', password: 'x', remember: true })).toEqual({});
  });

  it('checks the empty fields when the schema cannot load, and tries again next time', async () => {
    vi.doMock('@pesan/contracts/auth', () => {
      throw new Error('offline');
    });
    const { loadLoginSchema, validateLogin } = await import('./login-validation.ts');
    expect(await validateLogin({ email: ' ', password: '', remember: false })).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(await validateLogin({ email: 'a@b.co', password: 'x', remember: false })).toEqual({});
    vi.doUnmock('@pesan/contracts/auth');
    vi.resetModules();
    await expect(loadLoginSchema()).resolves.toBeDefined();
  });
});
