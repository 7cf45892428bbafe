import { describe, expect, it } from 'vitest';
import { initialFilters } from './monitoring-view.tsx';

describe("Monitoring's first filters (the dashboard's 'View All Monitoring' link)", () => {
  const options = ['whatsapp', 'sms', 'email'] as const;
  it('takes the channel and range of the link', () => {
    expect(initialFilters(new URLSearchParams('channel=email&start=2026-11-01&end=2026-11-07'), [...options])).toEqual({ channel: 'email', range: ['2026-11-01', '2026-11-07'] });
  });
  it('falls back to the first channel and the default range on anything invalid', () => {
    const none = initialFilters(new URLSearchParams(''), [...options]);
    for (const query of ['channel=call', 'channel=sms&start=2026-11-07&end=2026-11-01', 'start=2026-01-01&end=2026-03-01', 'start=2026-13-01&end=x']) {
      const got = initialFilters(new URLSearchParams(query), [...options]);
      expect(got.range, query).toEqual(none.range);
      expect(got.channel, query).toBe(query.startsWith('channel=sms') ? 'sms' : 'whatsapp');
    }
  });
});
