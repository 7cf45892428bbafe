import { describe, expect, it } from 'vitest';
import { focusPageStart } from './use-route-focus.ts';

describe('focus after navigation', () => {
  it('focuses the page heading inside main', () => {
    document.body.innerHTML = '<main id="m"><p>x</p><h1>My Application</h1></main>';
    focusPageStart('m');
    expect(document.activeElement?.textContent).toBe('My Application');
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });

  it('leaves focus inside an open dialog alone', () => {
    document.body.innerHTML = '<main id="m"><h1>Page</h1></main><div role="dialog"><button>Confirm</button></div>';
    const button = document.querySelector('button')!;
    button.focus();
    focusPageStart('m');
    expect(document.activeElement).toBe(button);
  });
});
