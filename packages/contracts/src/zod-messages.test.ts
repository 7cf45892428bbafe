import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installClearZodMessages } from './zod-messages.ts';
import { createApplicationSchema, listApplicationsSchema } from './application.ts';
import { loginSchema } from './auth.ts';

installClearZodMessages();
const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('clear default validation messages', () => {
  it('names the field instead of zod’s generic text', () => {
    expect(messages(listApplicationsSchema, { page: -1 })).toEqual(['page: `page` must be at least 1']);
    expect(messages(createApplicationSchema, [1])).toEqual([': The request body must be a JSON object']);
    expect(messages(z.strictObject({ a: z.string() }), { a: 'x', b: 2 })).toEqual([': Unknown field(s): b']);
    expect(messages(z.object({ n: z.number() }), { n: 'x' })).toEqual(['n: `n` must be a number']);
  });

  it('keeps the spec’s own messages', () => {
    expect(messages(createApplicationSchema, { applicationName: '', channels: [] })).toEqual([
      'applicationName: Application name is required',
      'channels: Must be at least 1 channel',
    ]);
    expect(messages(loginSchema, {})).toEqual(['email: Email is required', 'password: Password is required']);
  });
});
