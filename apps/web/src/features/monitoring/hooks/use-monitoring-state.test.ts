import { describe, expect, it } from 'vitest';
import { monitoringChannels, monitoringReducer, searchKeysFor, type MonitoringState } from './use-monitoring-state.ts';

const base: MonitoringState = { channel: 'sms', filter: 'delivered', range: ['2026-03-09', '2026-03-15'], searchKey: 'number', search: '0812', page: 4 };

describe('monitoring state', () => {
  it('changing channel resets the filter to All and the page to 1', () => {
    expect(monitoringReducer(base, { type: 'channel', channel: 'whatsapp' })).toMatchObject({ channel: 'whatsapp', filter: 'all', page: 1 });
  });
  it('drops the Email search key when leaving the email channel', () => {
    const onEmail = { ...base, channel: 'email' as const, searchKey: 'email' as const };
    expect(monitoringReducer(onEmail, { type: 'channel', channel: 'sms' }).searchKey).toBe('message_id');
    expect(searchKeysFor('email')).toEqual(['message_id', 'number', 'email']);
    expect(searchKeysFor('sms')).toEqual(['message_id', 'number']);
  });
  it('changing filter, search or date resets the page to 1', () => {
    expect(monitoringReducer(base, { type: 'filter', filter: 'failed' })).toMatchObject({ filter: 'failed', page: 1 });
    expect(monitoringReducer(base, { type: 'search', search: '0813' })).toMatchObject({ search: '0813', page: 1 });
    expect(monitoringReducer(base, { type: 'range', range: ['2026-03-15', '2026-03-15'] })).toMatchObject({ page: 1 });
  });
  it('keeps the page when nothing changes and moves pages', () => {
    expect(monitoringReducer(base, { type: 'filter', filter: 'delivered' })).toBe(base);
    expect(monitoringReducer(base, { type: 'range', range: ['2026-03-09', '2026-03-15'] })).toBe(base);
    expect(monitoringReducer(base, { type: 'page', page: 2 }).page).toBe(2);
  });
  it('orders the application channels as the selector does', () => {
    expect(monitoringChannels(['voice_otp', 'sms_otp', 'call', 'email', 'sms', 'whatsapp'])).toEqual(['whatsapp', 'sms', 'email', 'call', 'sms_otp', 'voice_otp']);
  });
});

describe('monitoring search', () => {
  it('applies the typed text after 2 s, or at once with applySearchNow (Enter), and resets the page', async () => {
    const { renderHook, act } = await import('@testing-library/react');
    const { useMonitoringState } = await import('./use-monitoring-state.ts');
    const { result } = renderHook(() => useMonitoringState({ channel: 'sms', range: ['2026-01-01', '2026-01-07'] }));
    act(() => result.current.dispatch({ type: 'page', page: 3 }));
    act(() => result.current.setSearchText(' 0812 '));
    expect(result.current.state.search).toBe('');
    act(() => result.current.applySearchNow());
    expect(result.current.state.search).toBe('0812');
    expect(result.current.state.page).toBe(1);
  });
});
