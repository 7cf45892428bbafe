/**
 * The OpenAPI documents (ARCHITECTURE.md §2, §5, §6; issue 14) and the API reference page:
 * - the public document (/api/openapi.json): OpenAPI 3.1, only /v1 paths, bearer security, request
 *   body schemas and the error envelope for each §6 code, the status webhooks, customer-facing tags,
 *   and no internal route or reference to our specification in its text;
 * - the console document (/api/openapi-console.json): the /api routes with the session cookie and
 *   error responses;
 * - both valid for a maintained validator (@apidevtools/swagger-parser), and together holding every
 *   operation of the generated document, so the suites walking them (openapi-walk.ts) cover every route;
 * - /api/reference: an HTML page titled Pesan that loads the renderer's bundle from this origin.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callBodySchema, emailBodySchema, smsBodySchema, smsOtpBodySchema, voiceOtpBodySchema, whatsappBodySchema } from '@pesan/contracts/messaging';
import { waTemplateSchema } from '@pesan/contracts/wa-template-model';
import { verifyCheckBodySchema, verifyResendBodySchema, verifyStartBodySchema } from '@pesan/contracts/verify';
import { createTestApp, type TestApp } from './harness.ts';
import { fetchOpenApi, listOperations } from './openapi-walk.ts';

type Op = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: { $ref?: string } }> }>;
};
type Doc = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, Op>>;
  webhooks?: Record<string, Record<string, Op>>;
  components: Record<string, Record<string, unknown>>;
};

const SENDS = ['/v1/sms/messages', '/v1/sms-otp/messages', '/v1/whatsapp/messages', '/v1/calls', '/v1/voice-otp', '/v1/email/messages'];
/** §6 error codes and their statuses. */
const V1_ERRORS = { invalid_request: '400', unauthorized: '401', quota_exceeded: '402', channel_not_enabled: '403', idempotency_conflict: '409', template_not_approved: '422', rate_limited: '429' };
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
/** What the public document must never say: internal routes and references to our specification. */
const INTERNAL = ['§', 'console.md', 'ARCHITECTURE.md', 'templates-dashboard-reports', '/api/', 'sessionCookie'];

const opsOf = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => METHODS.includes(m))
      .map(([method, op]) => ({ path, method, op })),
  );

/** Every `$ref` of `doc` points at something. */
function expectResolvableRefs(doc: Doc): void {
  const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
  expect(refs.length).toBeGreaterThan(0);
  for (const ref of refs) {
    const path = ref.slice(8, -1).replace(/^#\//, '').split('/');
    expect(path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc), ref).toBeDefined();
  }
}

/** Every operation has a summary, one tag of the document's list and described responses. */
function expectDescribedOperations(doc: Doc): void {
  for (const { path, method, op } of opsOf(doc)) {
    expect(op.summary, `${method} ${path}`).toBeTruthy();
    expect(op.tags?.length, `${method} ${path}`).toBe(1);
    expect(doc.tags.map((x) => x.name), `${method} ${path}`).toContain(op.tags![0]);
    expect(Object.keys(op.responses).length, `${method} ${path}`).toBeGreaterThan(0);
    for (const r of Object.values(op.responses)) expect(r.description, `${method} ${path}`).toBeTruthy();
  }
}

describe('OpenAPI documents', () => {
  let t: TestApp;
  let pub: Doc;
  let con: Doc;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    pub = res.json();
    const res2 = await t.app.inject({ method: 'GET', url: '/api/openapi-console.json' });
    expect(res2.statusCode).toBe(200);
    con = res2.json();
  });
  afterAll(async () => t.close());

  it('are valid OpenAPI for a maintained validator (swagger-parser)', async () => {
    await expect(SwaggerParser.validate(structuredClone(pub) as never)).resolves.toBeTruthy();
    await expect(SwaggerParser.validate(structuredClone(con) as never)).resolves.toBeTruthy();
    // The validator does refuse a broken document (a $ref to nothing).
    const broken = structuredClone(pub);
    broken.paths['/v1/messages/{id}']!.get!.responses['200']!.content!['application/json']!.schema = { $ref: '#/components/schemas/Nothing' };
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
  });

  it('hold, together, every operation of the generated document, each in one of them', () => {
    const full = t.app.swagger() as unknown as Doc;
    const all = opsOf(full).map((o) => `${o.method} ${o.path}`);
    const split = [...opsOf(pub), ...opsOf(con)].map((o) => `${o.method} ${o.path}`);
    expect(split.sort()).toEqual(all.sort());
    expect(all.some((k) => k.includes(' /v1/'))).toBe(true);
  });

  it('are walked together by the isolation and fuzz suites (openapi-walk.ts), /v1 and console', async () => {
    const walked = listOperations(await fetchOpenApi(t)).map((op) => `${op.method.toLowerCase()} ${op.path}`);
    expect(walked.sort()).toEqual([...opsOf(pub), ...opsOf(con)].map((o) => `${o.method} ${o.path}`).sort());
  });

  describe('the public document (/api/openapi.json)', () => {
    it('is OpenAPI 3.1 titled Pesan, with only /v1 paths, customer tags and resolvable references', () => {
      expect(pub.openapi).toMatch(/^3\.1\.\d$/);
      expect(pub.info.title).toBe('Pesan API');
      expect(pub.info.description).toMatch(/Authentication/);
      expect(Object.keys(pub.paths).length).toBeGreaterThan(0);
      for (const path of Object.keys(pub.paths)) expect(path, path).toMatch(/^\/v1\//);
      expect(Object.keys(pub.components['securitySchemes']!)).toEqual(['bearerAuth']);
      expect(pub.tags.map((x) => x.name)).not.toContain('v1');
      expectResolvableRefs(pub);
      expectDescribedOperations(pub);
      for (const { path, method, op } of opsOf(pub)) {
        for (const r of Object.values(op.responses)) expect(r.description, `${method} ${path}`).not.toBe('Default Response');
      }
    });

    it('names no internal route and no section of our specification', () => {
      const text = JSON.stringify(pub);
      for (const s of INTERNAL) expect(text.includes(s), s).toBe(false);
    });

    it('documents every /v1 operation with bearer security, its body schema and each §6 error', () => {
      for (const path of SENDS) {
        const op = pub.paths[path]!.post!;
        expect(op.security, path).toEqual([{ bearerAuth: [] }]);
        expect(op.description, path).toBeTruthy();
        expect(op.requestBody?.content['application/json']?.schema, path).toBeDefined();
        expect(op.responses['202']?.content?.['application/json']?.schema, path).toEqual({ $ref: '#/components/schemas/Message' });
        for (const status of Object.values(V1_ERRORS)) expect(op.responses[status]?.content?.['application/json']?.schema, `${path} ${status}`).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
      }
      const get = pub.paths['/v1/messages/{id}']!.get!;
      expect(get.security).toEqual([{ bearerAuth: [] }]);
      for (const status of ['200', '401', '403', '404']) expect(get.responses[status], status).toBeDefined();
      for (const method of ['get', 'post', 'delete']) expect(pub.paths['/v1/whatsapp/templates']![method], method).toBeDefined();
    });

    it('shows request examples that are valid bodies, and an answer example, for every operation', () => {
      const bodies: Record<string, z.ZodType> = {
        'post /v1/sms/messages': smsBodySchema,
        'post /v1/sms-otp/messages': smsOtpBodySchema,
        'post /v1/whatsapp/messages': whatsappBodySchema,
        'post /v1/calls': callBodySchema,
        'post /v1/voice-otp': voiceOtpBodySchema,
        'post /v1/email/messages': emailBodySchema,
        'post /v1/whatsapp/templates': waTemplateSchema,
        'post /v1/verify': verifyStartBodySchema,
        'post /v1/verify/{id}/check': verifyCheckBodySchema,
        'post /v1/verify/{id}/resend': verifyResendBodySchema,
      };
      for (const [key, schema] of Object.entries(bodies)) {
        if (key.startsWith('post /v1/') && !key.includes('/templates') && !key.includes('/verify')) bodies[`${key}/batch`] = z.object({ messages: z.array(schema).min(1).max(1000) });
      }
      for (const { path, method, op } of opsOf(pub)) {
        const key = `${method} ${path}`;
        const json = op.requestBody?.content['application/json'] as { examples?: Record<string, { value: unknown }> } | undefined;
        if (json) {
          expect(Object.keys(json.examples ?? {}).length, key).toBeGreaterThan(0);
          for (const [name, example] of Object.entries(json.examples!)) {
            const parsed = bodies[key]!.safeParse(example.value);
            expect(parsed.success, `${key} example ${name}: ${parsed.error?.message}`).toBe(true);
          }
        }
        const ok = Object.entries(op.responses).find(([status]) => status.startsWith('2'))!;
        expect((ok[1].content?.['application/json'] as { example?: unknown } | undefined)?.example, key).toBeDefined();
      }
    });

    it('documents the status webhooks: each event type, its signature headers and payload', () => {
      expect(Object.keys(pub.webhooks ?? {}).sort()).toEqual(['message.status', 'template.status', 'verification.status', 'webhook.test']);
      for (const [type, item] of Object.entries(pub.webhooks!)) {
        const op = item['post']!;
        expect(op.summary, type).toBeTruthy();
        const headers = ((op as { parameters?: { name: string }[] }).parameters ?? []).map((p) => p.name);
        expect(headers, type).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
        expect(op.requestBody?.content['application/json']?.schema, type).toBeDefined();
      }
      const data = pub.components['schemas']!['MessageStatusData'] as { required: string[] };
      expect(data.required).toEqual(expect.arrayContaining(['message_id', 'status', 'previous_status', 'at', 'step']));
    });
  });

  describe('the console document (/api/openapi-console.json)', () => {
    it('is OpenAPI 3.0 with the console routes, area tags and resolvable references', () => {
      expect(con.openapi).toMatch(/^3\.0\.\d$/);
      expect(con.info.title).toBe('Pesan console API');
      for (const path of Object.keys(con.paths)) expect(path, path).toMatch(/^\/api\//);
      expect(con.tags.map((x) => x.name)).toEqual(['auth', 'user', 'terms', 'upload', 'organization', 'applications', 'tokens', 'monitoring', 'dashboard', 'reports', 'templates', 'quota', 'webhooks', 'docs']);
      expect(Object.keys(con.components['securitySchemes']!)).toEqual(['sessionCookie']);
      expectResolvableRefs(con);
      expectDescribedOperations(con);
      for (const hidden of ['/api/openapi.json', '/api/openapi-console.json', '/api/reference', '/api/health']) expect(con.paths[hidden], hidden).toBeUndefined();
    });

    it('documents the console calls: session security, error envelope, upload body, token files, 204s', () => {
      const api = opsOf(con);
      for (const path of ['/api/auth/login', '/api/auth/register', '/api/application', '/api/application/list', '/api/records', '/api/organization', '/api/upload']) {
        expect(con.paths[path]?.post, path).toBeDefined();
      }
      const envelopeRef = '#/components/schemas/ErrorEnvelope';
      expect(con.components['schemas']!['ErrorEnvelope']).toBeDefined();
      for (const { path, method, op } of api) {
        const errors = Object.entries(op.responses).filter(([s]) => Number(s) >= 400);
        if (method !== 'get' || path.includes('{')) expect(errors.length, `${method} ${path}`).toBeGreaterThan(0);
        for (const [, r] of errors) expect(r.content?.['application/json']?.schema?.$ref, `${method} ${path}`).toBe(envelopeRef);
      }
      expect(con.paths['/api/application/{id}']!.get!.security).toEqual([{ sessionCookie: [] }]);
      expect(con.paths['/api/user/{id}']!.put!.security).toEqual([{ sessionCookie: [] }]);
      expect(con.paths['/api/auth/login']!.post!.security).toEqual([]);
      expect(con.paths['/api/auth/login']!.post!.responses['429']).toBeDefined();
      expect(con.paths['/api/application/{id}']!.put!.responses['403']).toBeDefined();
      expect(con.paths['/api/application/{id}']!.get!.responses['404']).toBeDefined();
      const upload = con.paths['/api/upload']!.post!;
      expect(upload.requestBody?.content['multipart/form-data']?.schema).toMatchObject({ properties: { image: { type: 'string', format: 'binary' } } });
      for (const s of ['201', '400', '401', '403', '413', '415']) expect(upload.responses[s], s).toBeDefined();
      expect(con.paths['/api/channel/generate/access-token/{applicationId}']!.post!.responses['200']!.content!['text/plain']).toBeDefined();
      expect(Object.keys(con.paths['/api/auth/logout']!.post!.responses)).toContain('204');
      expect(Object.keys(con.paths['/api/application/{id}']!.delete!.responses)).toEqual(expect.arrayContaining(['204', '404']));
    });
  });
});

describe('API reference page (/api/reference)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
  });
  afterAll(async () => t.close());

  it('serves an HTML page titled Pesan whose scripts are all files of this origin', async () => {
    for (const url of ['/api/reference', '/api/reference/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toMatch(/<title>[^<]*Pesan[^<]*<\/title>/);
      // The app's CSP as it is: scripts from this origin only, none inline.
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
      const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThanOrEqual(2);
      for (const [, attrs, inline] of scripts) {
        expect(inline!.trim(), 'no inline script').toBe('');
        expect(attrs).toMatch(/\bsrc="\/api\/reference\/[^"]+\.js"/);
      }
      expect(res.body).not.toMatch(/https?:\/\//);
    }
  });

  it('serves the local bundle and the setup script as JavaScript, the bundle compressed and long-cached', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/api/reference' })).body;
    const srcs = [...page.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
    const bundleSrc = srcs.find((s) => /scalar-[\d.]+\.js$/.test(s));
    expect(bundleSrc).toBeDefined();
    for (const src of srcs) {
      const res = await t.app.inject({ method: 'GET', url: src });
      expect(res.statusCode, src).toBe(200);
      expect(res.headers['content-type'], src).toMatch(/^text\/javascript/);
    }
    const plain = await t.app.inject({ method: 'GET', url: bundleSrc!, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('createApiReference');
    expect(plain.headers['cache-control']).toMatch(/immutable/);
    const br = await t.app.inject({ method: 'GET', url: bundleSrc!, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gz = await t.app.inject({ method: 'GET', url: bundleSrc!, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const setup = await t.app.inject({ method: 'GET', url: srcs.find((s) => s.endsWith('/setup.js'))! });
    expect(setup.body).toContain("'/api/openapi.json'".replace(/'/g, '"'));
    expect(setup.body).toContain('Pesan');
  });
});
