import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { routeErrorMessage } from './route-error.tsx';

describe('route error message', () => {
  it('says the server cannot be reached instead of showing a stack trace', () => {
    expect(routeErrorMessage(new ApiError(0, 'network_error', 'Cannot reach the server. Check your connection and try again.'))).toBe(
      'Cannot reach the server. Check your connection and try again.',
    );
    expect(routeErrorMessage(new TypeError('Failed to fetch dynamically imported module'))).toBe(
      'Cannot reach the server. Check your connection and try again.',
    );
    expect(routeErrorMessage(new Error('boom'))).toBe('Something went wrong while loading this page. Please try again.');
  });
});
