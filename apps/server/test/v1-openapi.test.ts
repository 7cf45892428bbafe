import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ workers: false });
});
afterAll(async () => t.close());

it('documents every /v1 operation in the OpenAPI document', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  for (const path of ['/v1/sms/messages', '/v1/sms-otp/messages', '/v1/whatsapp/messages', '/v1/calls', '/v1/voice-otp', '/v1/email/messages']) {
    expect(doc.paths[path]?.post?.responses?.['202'], path).toBeDefined();
  }
  expect(doc.paths['/v1/messages/{id}']?.get?.responses?.['200']).toBeDefined();
});
