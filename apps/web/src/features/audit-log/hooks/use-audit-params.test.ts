import { describe, expect, it } from 'vitest';
import { resolveAuditParams } from './use-audit-params.ts';

const today = new Date(2026, 10, 28);
const ACTOR = '0b6f2a8e-3c1d-4e5f-8a9b-1c2d3e4f5a6b';

describe('resolveAuditParams', () => {
  it('defaults to every member and action, the last 7 days, page 1', () => {
    expect(resolveAuditParams(new URLSearchParams(), today)).toEqual({ actorId: null, actions: [], start: '2026-11-22', end: '2026-11-28', page: 1 });
  });
  it('reads the actor, each known action once, a valid range and the page', () => {
    const p = new URLSearchParams(`actor=${ACTOR}&action=member.removed&action=nope&action=member.removed&action=auth.sign_in&start=2026-11-01&end=2026-11-10&page=3`);
    expect(resolveAuditParams(p, today)).toEqual({ actorId: ACTOR, actions: ['member.removed', 'auth.sign_in'], start: '2026-11-01', end: '2026-11-10', page: 3 });
  });
  it('drops what is not valid: a bad actor, a range in the future or too long, a bad page', () => {
    expect(resolveAuditParams(new URLSearchParams('actor=x&start=2026-11-27&end=2026-12-02&page=-1'), today)).toEqual({ actorId: null, actions: [], start: '2026-11-22', end: '2026-11-28', page: 1 });
    expect(resolveAuditParams(new URLSearchParams('start=2026-09-01&end=2026-11-01'), today).start).toBe('2026-11-22');
  });
});
