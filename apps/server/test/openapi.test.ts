/**
 * The OpenAPI document at /api/openapi.json (ARCHITECTURE.md §2, §5, §6): valid OpenAPI 3 shape,
 * every operation with a summary and an area tag; /v1 with bearer security, request body schemas and
 * the error envelope for each §6 code; console calls with the session cookie and error responses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

type Op = {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: { $ref?: string } }> }>;
};

const SENDS = ['/v1/sms/messages', '/v1/sms-otp/messages', '/v1/whatsapp/messages', '/v1/calls', '/v1/voice-otp', '/v1/email/messages'];
/** §6 error codes and their statuses. */
const V1_ERRORS = { invalid_request: '400', unauthorized: '401', quota_exceeded: '402', channel_not_enabled: '403', idempotency_conflict: '409', template_not_approved: '422', rate_limited: '429' };
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: { openapi: string; info: { title: string; version: string }; tags: { name: string }[]; paths: Record<string, Record<string, Op>>; components: Record<string, Record<string, unknown>> };
  const ops = () => Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).filter(([m]) => METHODS.includes(m)).map(([method, op]) => ({ path, method, op })));
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => t.close());

  it('is OpenAPI 3 with info, area tags and resolvable references', () => {
    expect(doc.openapi).toMatch(/^3\.0\.\d$/);
    expect(doc.info.title).toBe('Pesan API');
    expect(doc.tags.map((x) => x.name)).toEqual(['auth', 'user', 'terms', 'upload', 'organization', 'applications', 'tokens', 'monitoring', 'dashboard', 'reports', 'templates', 'quota', 'webhooks', 'v1']);
    expect(Object.keys(doc.components.securitySchemes!)).toEqual(expect.arrayContaining(['bearerAuth', 'sessionCookie']));
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const path = ref.slice(8, -1).replace(/^#\//, '').split('/');
      expect(path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc), ref).toBeDefined();
    }
    for (const { path, method, op } of ops()) {
      expect(op.summary, `${method} ${path}`).toBeTruthy();
      expect(op.tags?.length, `${method} ${path}`).toBe(1);
      expect(doc.tags.map((x) => x.name)).toContain(op.tags![0]);
      expect(Object.keys(op.responses).length, `${method} ${path}`).toBeGreaterThan(0);
      for (const r of Object.values(op.responses)) expect(r.description, `${method} ${path}`).toBeTruthy();
    }
    expect(doc.paths['/api/openapi.json']).toBeUndefined();
  });

  it('documents every /v1 operation with bearer security, its body schema and each §6 error', () => {
    for (const path of SENDS) {
      const op = doc.paths[path]!.post!;
      expect(op.security, path).toEqual([{ bearerAuth: [] }]);
      expect(op.requestBody?.content['application/json']?.schema, path).toBeDefined();
      expect(op.responses['202']?.content?.['application/json']?.schema, path).toBeDefined();
      for (const status of Object.values(V1_ERRORS)) expect(op.responses[status]?.content?.['application/json']?.schema, `${path} ${status}`).toBeDefined();
    }
    const get = doc.paths['/v1/messages/{id}']!.get!;
    expect(get.security).toEqual([{ bearerAuth: [] }]);
    for (const status of ['200', '401', '403', '404']) expect(get.responses[status], status).toBeDefined();
  });

  it('documents the console calls: session security, error envelope, upload body, token files, 204s', () => {
    const api = ops().filter((o) => o.path.startsWith('/api/'));
    for (const path of ['/api/auth/login', '/api/auth/register', '/api/application', '/api/application/list', '/api/records', '/api/organization', '/api/upload']) {
      expect(doc.paths[path]?.post, path).toBeDefined();
    }
    const envelopeRef = '#/components/schemas/ErrorEnvelope';
    expect(doc.components.schemas!['ErrorEnvelope']).toBeDefined();
    for (const { path, method, op } of api) {
      const errors = Object.entries(op.responses).filter(([s]) => Number(s) >= 400);
      if (method !== 'get' || path.includes('{')) expect(errors.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const [, r] of errors) expect(r.content?.['application/json']?.schema?.$ref, `${method} ${path}`).toBe(envelopeRef);
    }
    expect(doc.paths['/api/application/{id}']!.get!.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.paths['/api/user/{id}']!.put!.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.paths['/api/auth/login']!.post!.security).toEqual([]);
    expect(doc.paths['/api/auth/login']!.post!.responses['429']).toBeDefined();
    expect(doc.paths['/api/application/{id}']!.put!.responses['403']).toBeDefined();
    expect(doc.paths['/api/application/{id}']!.get!.responses['404']).toBeDefined();
    const upload = doc.paths['/api/upload']!.post!;
    expect(upload.requestBody?.content['multipart/form-data']?.schema).toMatchObject({ required: ['image'] });
    for (const s of ['201', '400', '401', '403', '413', '415']) expect(upload.responses[s], s).toBeDefined();
    expect(doc.paths['/api/channel/generate/access-token/{applicationId}']!.post!.responses['200']!.content!['text/plain']).toBeDefined();
    expect(Object.keys(doc.paths['/api/auth/logout']!.post!.responses)).toContain('204');
    expect(Object.keys(doc.paths['/api/application/{id}']!.delete!.responses)).toEqual(expect.arrayContaining(['204', '404']));
  });

  it('serves the rendered reference page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/reference/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});
