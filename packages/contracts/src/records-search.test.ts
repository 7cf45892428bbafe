import { describe, expect, it } from 'vitest';
import { recordsSearchTerm } from './records-search.ts';

describe('recordsSearchTerm (Monitoring search, console.md §2, §5)', () => {
  it('normalises a number as the send API does', () => {
    for (const typed of ['081234567890', '6281234567890', '+6281234567890', '+62 812-3456-7890'])
      expect(recordsSearchTerm('sms', { key: 'number', value: typed })).toEqual({ kind: 'recipient_prefix', value: '+6281234567890' });
    expect(recordsSearchTerm('sms', { key: 'number', value: '0812' })).toEqual({ kind: 'recipient_prefix', value: '+62812' });
  });
  it('cannot match letters in a number, a malformed id or an e-mail off the email channel', () => {
    expect(recordsSearchTerm('sms', { key: 'number', value: '0812abc' })).toEqual({ kind: 'never' });
    expect(recordsSearchTerm('sms', { key: 'message_id', value: 'hello' })).toEqual({ kind: 'never' });
    expect(recordsSearchTerm('sms', { key: 'email', value: 'a@b.co' })).toEqual({ kind: 'never' });
    expect(recordsSearchTerm('email', { key: 'email', value: 'a@b.co' })).toEqual({ kind: 'recipient_contains', value: 'a@b.co' });
    expect(recordsSearchTerm('sms', { key: 'message_id', value: 'ABC-12' })).toEqual({ kind: 'id_prefix', value: 'abc-12' });
  });
  it('is no filter for an empty search', () => {
    expect(recordsSearchTerm('sms', '')).toEqual({ kind: 'none' });
    expect(recordsSearchTerm('sms', { key: 'number', value: '  ' })).toEqual({ kind: 'none' });
  });
});
