import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectPath } from './safe-redirect.ts';

describe('safeRedirectPath', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeRedirectPath('/my-application/detail/abc')).toBe('/my-application/detail/abc');
    expect(safeRedirectPath('/my-application?search=shop&page=2#x')).toBe('/my-application?search=shop&page=2#x');
  });
  it('refuses absolute URLs, //host, backslash tricks, control characters and paths resolving to //', () => {
    for (const bad of [
      null,
      '',
      'https://evil.example/x',
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\tevil',
      '/\n/evil.example',
      '/.//evil.example',
      'my-application',
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeRedirectPath(bad), String(bad)).toBeNull();
    }
  });
});

describe('loginPathFor', () => {
  it('carries a deep link, not the default landing or an auth page', () => {
    expect(loginPathFor('/my-application/detail/abc?x=1')).toBe('/auth/login?redirect=%2Fmy-application%2Fdetail%2Fabc%3Fx%3D1');
    expect(loginPathFor('/')).toBe('/auth/login');
    expect(loginPathFor('/my-application')).toBe('/auth/login');
    expect(loginPathFor('/auth/company-data-first')).toBe('/auth/login');
    expect(loginPathFor('//evil.example')).toBe('/auth/login');
  });
});
