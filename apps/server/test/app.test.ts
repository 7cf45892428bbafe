import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

describe('app shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers unknown API paths with the error envelope and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    const body = res.json();
    expect(body.error.code).toBe('not_found');
    expect(body.error.request_id).toBe(res.headers['x-request-id']);
  });

  it('names the field in default validation messages', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot_password', headers: { origin: 'http://localhost:3000' }, payload: [1] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The request body must be a JSON object');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });

  it('treats the loopback aliases of a localhost PUBLIC_URL as the same origin, and nothing else', async () => {
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin } });
      expect(res.statusCode, origin).toBe(204);
    }
    for (const origin of ['http://127.0.0.1:3001', 'https://127.0.0.1:3000', 'http://localhost.evil.example:3000']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin } });
      expect(res.statusCode, origin).toBe(403);
    }
  });

  it('refuses a cross-origin state change', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  });
});
