import { describe, expect, it } from 'vitest';
import { shortenUserAgent } from './user-agent.ts';

describe('shortenUserAgent', () => {
  it('names the browser, its major version and the system', () => {
    expect(shortenUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toEqual({ browser: 'Chrome 131', os: 'Windows' });
    expect(shortenUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1')).toEqual({ browser: 'Safari 17', os: 'iOS' });
    expect(shortenUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0')).toEqual({ browser: 'Edge 120', os: 'macOS' });
    expect(shortenUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toEqual({ browser: 'Firefox 128', os: 'Linux' });
  });
  it('keeps other clients short and gives null for nothing', () => {
    expect(shortenUserAgent('curl/8.5.0')).toEqual({ browser: 'curl 8.5', os: null });
    expect(shortenUserAgent('MyIntegration/2.1 (+https://example.com)')).toEqual({ browser: 'MyIntegration/2.1', os: null });
    expect(shortenUserAgent('  ')).toBeNull();
  });
});
