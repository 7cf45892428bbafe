/**
 * The OpenAPI documents (ARCHITECTURE.md §2, §5, §6, issue 14). @fastify/swagger generates ONE full
 * document from the zod route schemas; `completeOpenApi` completes it with what route schemas cannot
 * say (the tag list per area, the session-cookie security of console calls, the error envelope on
 * every operation, the multipart body of POST /api/upload, the text/plain token files and the 204
 * answers). Two documents are cut from it:
 *
 * - `publicOpenApi`: what customers download at /api/openapi.json and read at /api/reference —
 *   OpenAPI 3.1, only the `/v1` paths, the status webhooks as `webhooks`, customer-facing tags,
 *   texts and an introduction, and no reference to our specification (`stripSpecReferences`);
 * - `consoleOpenApi`: the console API (`/api/...`) for us, at /api/openapi-console.json (3.0).
 *
 * Every operation of the full document is in exactly one of them (test/openapi.test.ts); the
 * tenant-isolation suite and the fuzz guard walk both (test/openapi-walk.ts).
 */
import { z } from 'zod';
import { errorEnvelopeBody, errorEnvelopeSchema } from '@pesan/contracts/errors';
import { CHANNEL_IDS, type ChannelId } from '@pesan/contracts/channels';
import { FAILURE_STATUSES, LIFECYCLES, MESSAGE_STATUSES } from '@pesan/contracts/statuses';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_WINDOW_HOURS, SIGNATURE_TOLERANCE_SECONDS, V1_MESSAGES } from '@pesan/contracts/messaging';
import { DELIVERY_TIMEOUT_SECONDS, DISABLE_AFTER_FAILING_DAYS, RETRY_SCHEDULE_MS, SECRET_OVERLAP_HOURS } from '@pesan/contracts/webhooks';

/**
 * An error answer a route declares in its response schema (`{413: errorResponse('…')}`): the one
 * envelope, with what the code means on that route. Kept as the route declares it by completeOpenApi.
 */
export const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: errorEnvelopeSchema } } });

/** One tag per area, in the order the reference page shows them. */
export const OPENAPI_TAGS = [
  { name: 'auth', description: 'Registration, e-mail verification, sign-in, session, password reset and change (console.md §2, §5).' },
  { name: 'user', description: "The signed-in user's profile (console.md §7 User)." },
  { name: 'terms', description: 'Terms and privacy-policy acceptance (console.md §2 Terms modal).' },
  { name: 'upload', description: 'Uploads, checked by content: avatar images (JPEG, PNG or WebP up to 2 MB) and template media (JPEG or PNG up to 5 MB, MP4 up to 16 MB, PDF up to 100 MB).' },
  { name: 'organization', description: "The caller's organization (console.md §7 Organization)." },
  { name: 'applications', description: 'Channels and applications (console.md §2 My Application).' },
  { name: 'tokens', description: 'Per-channel access tokens and their token files (console.md §4, §8).' },
  { name: 'monitoring', description: 'Transaction records of one application and channel, and one message with its timeline (console.md §2 Monitoring).' },
  { name: 'dashboard', description: 'Overview dashboard: rates, usage counters, trend series, WhatsApp session figures and their Excel exports, from the hourly rollups (templates-dashboard-reports.md §2.6, §7.2).' },
  { name: 'reports', description: 'Generate Report: CSV and XLSX reports of one application, channel, statuses and range, generated in the background with progress, and their download (templates-dashboard-reports.md §2.7, §2.8, §7.3).' },
  { name: 'templates', description: 'WhatsApp message templates: list, name check, create and edit as Draft or submitted for review, duplicate, delete (templates-dashboard-reports.md §2.2–§2.5, §7.1).' },
  { name: 'quota', description: 'Billing type, remaining prepaid quota, the balance-quota check and quota warning settings (console.md §2 Notification settings, §7 Billing and quota).' },
  { name: 'webhooks', description: "An application's status webhook endpoint, its secret, delivery attempts and redelivery (ARCHITECTURE.md §6.2)." },
  { name: 'docs', description: 'The API documentation: versions, menu, page descriptions with code samples (read without a session); operators edit descriptions (console.md §7 Docs).' },
  { name: 'v1', description: 'Public messaging API: send on six channels and read message status (ARCHITECTURE.md §6).' },
] as const;

/** The error envelope as a JSON schema, generated from the one zod schema in contracts/errors.ts. */
export const ERROR_ENVELOPE_SCHEMA = (() => {
  const { $schema: _drop, ...schema } = z.toJSONSchema(errorEnvelopeBody, { target: 'openapi-3.0' }) as Record<string, unknown>;
  return schema;
})();

/** Console calls that work without a session (everything else under /api needs the cookie). */
const ANONYMOUS = new Set([
  'post /api/auth/register',
  'patch /api/auth/email_verification/{token}',
  'post /api/auth/send_verification',
  'post /api/auth/login',
  // The second sign-in step: the challenge from login stands in for the session (§5.1).
  'post /api/auth/login/2fa',
  'post /api/auth/logout',
  // Who is signed in: the user, or `{data: null}` for an anonymous caller (issue 23 item 13).
  'get /api/auth/session',
  'post /api/auth/forgot_password',
  'patch /api/auth/reset_password/{token}',
  'get /api/uploads/{file}',
  // The docs (console.md §6: no guard).
  'get /api/doc/api-version',
  'get /api/doc/menu',
  'get /api/doc/description',
  'get /api/doc/description/{id}',
  'get /api/doc/description/title/{titleId}',
]);
/** Console calls with the per-IP burst limit (AUTH_RATE_LIMIT per minute). */
const BURST_LIMITED = new Set([
  'post /api/auth/register',
  'post /api/auth/send_verification',
  'post /api/auth/login',
  'post /api/auth/login/2fa',
  'post /api/user/2fa/enable',
  'post /api/user/2fa/disable',
  'post /api/auth/forgot_password',
  'patch /api/auth/reset_password/{token}',
]);
const TOKEN_FILES = new Set(['post /api/channel/generate/access-token/{applicationId}', 'post /api/auth/rsa/generate-token']);
const NO_CONTENT = new Set(['post /api/auth/logout', 'delete /api/application/{id}', 'delete /api/doc/description/{id}']);
const SAFE = new Set(['get', 'head', 'options']);

interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  [key: string]: unknown;
}
export type OpenApiDoc = {
  openapi?: string;
  info?: Record<string, unknown>;
  tags?: unknown[];
  components?: { schemas?: Record<string, unknown>; [key: string]: unknown };
  paths?: Record<string, Record<string, Operation>>;
  [key: string]: unknown;
};

const errorRef = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});

/**
 * Completes the generated document (the `transformObject` of @fastify/swagger): adds the tags,
 * the ErrorEnvelope component, security and error responses on every /api operation (400 when it
 * takes input, 401 when it needs a session, 403 for cross-origin state changes, 404 with a path
 * id, 429 when burst-limited), the multipart body of /api/upload, text/plain token files and 204s.
 * Operations and responses already declared by a route are kept as they are.
 */
export function completeOpenApi(input: { openapiObject: Partial<OpenApiDoc> }): OpenApiDoc {
  const doc = input.openapiObject as OpenApiDoc;
  doc.tags = [...OPENAPI_TAGS];
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ErrorEnvelope: ERROR_ENVELOPE_SCHEMA } };
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, op] of Object.entries(ops)) {
      const key = `${method} ${path}`;
      const responses = (op.responses ??= {});
      const add = (status: string, description: string) => {
        responses[status] ??= errorRef(description);
      };
      // A route may declare `security: []` itself to be anonymous.
      op.security ??= ANONYMOUS.has(key) ? [] : [{ sessionCookie: [] }];
      const anonymous = op.security.length === 0;
      if (op.requestBody || op.parameters?.length || key === 'post /api/upload') add('400', 'invalid_request: a field is missing or not valid (details per field)');
      if (!anonymous) add('401', 'unauthorized: no live session');
      if (!SAFE.has(method)) add('403', 'forbidden: cross-origin state change refused (Origin / Sec-Fetch-Site), or no organization yet');
      if (path.includes('{')) add('404', 'not_found: unknown, malformed, or of another organization');
      if (BURST_LIMITED.has(key)) add('429', 'rate_limited: too many calls from this address; see Retry-After (seconds)');
      if (TOKEN_FILES.has(key)) {
        add('429', 'rate_limited: too many token generations by this user (TOKEN_RATE_LIMIT per minute); see Retry-After (seconds)');
        responses['200'] = {
          description: 'The token file, an attachment named `<applicationId>.txt`: application id, channel, access token (JWT) and PKCS#8 private key per channel.',
          content: { 'text/plain': { schema: { type: 'string' } } },
        };
      }
      if (NO_CONTENT.has(key)) {
        delete responses['200'];
        responses['204'] = { description: 'No Content' };
      }
      if (key === 'post /api/upload') {
        // The route documents its own multipart form (fields `image` and `file`); this is the fallback.
        op.requestBody ??= {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { type: 'object', required: ['image'], properties: { image: { type: 'string', format: 'binary', description: 'JPEG, PNG or WebP, at most 2 MB' } } },
            },
          },
        };
        add('413', 'payload_too_large: the image is over 2 MB');
        add('415', 'unsupported_media_type: the content is not JPEG, PNG or WebP');
      }
    }
  }
  return doc;
}

// ---------------------------------------------------------------------------------------------
// The two documents cut from the full one
// ---------------------------------------------------------------------------------------------

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPublicPath = (path: string) => path === '/v1' || path.startsWith('/v1/');

/**
 * `text` without references to our specification: parenthesised ones (`(console.md §2 Terms
 * modal)`, `(ARCHITECTURE.md §6.2)`, `(§7.1)`, `(issue 10)`) go whole, bare ones
 * (`templates-dashboard-reports.md §2.4`, `§5.3`) go on their own.
 */
export function stripSpecReferences(text: string): string {
  return text
    .replace(/\s*\([^()]*(?:§|\b[\w-]+\.md\b|\bissue \d+)[^()]*\)/g, '')
    .replace(/\b[\w-]+\.md\b(?:\s*§[\d.]+[a-z]?(?:(?:,|–|-)\s*§[\d.]+[a-z]?)*)?/g, '')
    .replace(/§[\d.]*\d/g, '')
    .replace(/ {2,}/g, ' ')
    .replace(/ ([.,;:])/g, '$1')
    .trim();
}

/** Applies `fn` to every `description` and `summary` string of `node`, in place. */
function rewriteTexts(node: unknown, fn: (text: string) => string): void {
  if (Array.isArray(node)) {
    for (const item of node) rewriteTexts(item, fn);
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'description' || key === 'summary') && typeof value === 'string') node[key] = fn(value);
    else rewriteTexts(value, fn);
  }
}

/**
 * A JSON Schema of OpenAPI 3.0 (what zod's `openapi-3.0` target emits) as JSON Schema 2020-12 for
 * OpenAPI 3.1, in place: `nullable` becomes a `null` type (or branch, or enum value), boolean
 * `exclusiveMinimum` / `exclusiveMaximum` become numbers.
 */
export function toJsonSchema2020(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const s of schema) toJsonSchema2020(s);
    return;
  }
  if (!isObject(schema)) return;
  for (const key of ['items', 'not', 'additionalProperties', 'contains', 'propertyNames']) toJsonSchema2020(schema[key]);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) toJsonSchema2020(schema[key]);
  for (const key of ['properties', 'patternProperties', '$defs', 'definitions']) {
    if (isObject(schema[key])) for (const s of Object.values(schema[key])) toJsonSchema2020(s);
  }
  if (schema['nullable'] === true) {
    if (typeof schema['type'] === 'string') schema['type'] = [schema['type'], 'null'];
    else if (Array.isArray(schema['type']) && !schema['type'].includes('null')) schema['type'] = [...schema['type'], 'null'];
    if (Array.isArray(schema['enum']) && !schema['enum'].includes(null)) schema['enum'] = [...schema['enum'], null];
    const branches = (schema['anyOf'] ?? schema['oneOf']) as unknown[] | undefined;
    if (branches && !schema['type']) branches.push({ type: 'null' });
    if (typeof schema['$ref'] === 'string') {
      schema['anyOf'] = [{ $ref: schema['$ref'] }, { type: 'null' }];
      delete schema['$ref'];
    }
  }
  delete schema['nullable'];
  // zod's bounds of a plain int (±(2^53 − 1)) say nothing to a reader.
  if (schema['minimum'] === Number.MIN_SAFE_INTEGER) delete schema['minimum'];
  if (schema['maximum'] === Number.MAX_SAFE_INTEGER) delete schema['maximum'];
  for (const [bound, limit] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (schema[bound] === true && typeof schema[limit] === 'number') {
      schema[bound] = schema[limit];
      delete schema[limit];
    } else if (typeof schema[bound] === 'boolean') delete schema[bound];
  }
}

/** Converts every schema of an OpenAPI document (values of `schema` keys and of components.schemas). */
function convertSchemas(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) convertSchemas(item);
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'schema') toJsonSchema2020(value);
    else if (key === 'schemas' && isObject(value)) for (const s of Object.values(value)) toJsonSchema2020(s);
    else convertSchemas(value);
  }
}

/** The console document (/api/openapi-console.json): every non-/v1 operation, for us. */
export function consoleOpenApi(full: OpenApiDoc): OpenApiDoc {
  const doc = structuredClone(full);
  doc.info = {
    ...doc.info,
    title: 'Pesan console API',
    description:
      "The console's own API under `/api` (session cookie), used by the web app; internal, it may change with the console. " +
      'Customers integrate with the public messaging API, documented at `/api/openapi.json` and rendered at `/api/reference`.',
  };
  doc.paths = Object.fromEntries(Object.entries(doc.paths ?? {}).filter(([path]) => !isPublicPath(path)));
  doc.tags = OPENAPI_TAGS.filter((t) => t.name !== 'v1');
  const schemes = (doc.components?.['securitySchemes'] ?? {}) as Record<string, unknown>;
  doc.components = { ...doc.components, securitySchemes: { sessionCookie: schemes['sessionCookie'] } };
  return doc;
}

/** Customer-facing tags of the public document, each with the /v1 paths it groups. */
export const PUBLIC_TAGS: { name: string; description: string; paths: string[] }[] = [
  { name: 'SMS', description: 'Text messages and one-time passwords by SMS.', paths: ['/v1/sms/messages', '/v1/sms-otp/messages', '/v1/sms/messages/batch', '/v1/sms-otp/messages/batch'] },
  { name: 'WhatsApp', description: 'WhatsApp messages: an approved template with its parameters, or free text inside the 24-hour customer-service window.', paths: ['/v1/whatsapp/messages', '/v1/whatsapp/messages/batch'] },
  { name: 'WhatsApp templates', description: "Create, list and delete WhatsApp message templates in Meta's own shapes.", paths: ['/v1/whatsapp/templates'] },
  { name: 'Voice', description: 'Text-to-speech calls, and one-time passwords by missed call (Voice OTP).', paths: ['/v1/calls', '/v1/voice-otp', '/v1/calls/batch', '/v1/voice-otp/batch'] },
  { name: 'E-mail', description: 'Transactional e-mail with open and click tracking.', paths: ['/v1/email/messages', '/v1/email/messages/batch'] },
  { name: 'Messages', description: 'A message with its status history, on any channel.', paths: ['/v1/messages/{id}'] },
  {
    name: 'Verify',
    description: 'One-time codes as a service: Pesan generates, sends, expires and checks the code, over SMS, WhatsApp, a call or e-mail.',
    paths: ['/v1/verify', '/v1/verify/{id}', '/v1/verify/{id}/check', '/v1/verify/{id}/resend', '/v1/verify/{id}/cancel'],
  },
  { name: 'Status webhooks', description: 'What Pesan POSTs to your webhook endpoint: message status changes, template review decisions, verification outcomes and test events.', paths: [] },
];

/** Descriptions of the documented statuses of /v1 answers that say no more than 'Default Response'. */
const PUBLIC_RESPONSES: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted: the message is queued. Follow its status with `GET /v1/messages/{id}` or the `message.status` webhook.',
  '400': '`invalid_request`: a field is missing or not valid; `details` names each field.',
  '401': '`unauthorized`: no access token, a malformed or revoked one, or a missing, expired, wrong or replayed request signature.',
  '402': '`quota_exceeded`: not enough prepaid quota left for this message.',
  '403': '`channel_not_enabled`: this access token cannot be used on this channel.',
  '404': '`not_found`: no such resource for this application.',
  '409': '`idempotency_conflict`: this `Idempotency-Key` was used with another request body.',
  '422': '`template_not_approved`: the WhatsApp template does not exist or is not approved.',
  '429': '`rate_limited`: too many requests for this access token; retry after `Retry-After` seconds.',
};

/** A message answer as the examples show it. */
const exampleMessage = (channel: ChannelId, to: string, status: string, extra: Record<string, unknown> = {}) => ({
  id: '0b6b5c1e-7c1f-4a57-9f5e-0d6f1f8a2b3c',
  channel,
  to,
  status,
  ...extra,
  created_at: '2026-01-05T08:30:00.000Z',
  updated_at: '2026-01-05T08:30:00.000Z',
  error: null,
});

/** A verification answer as the examples show it. */
function exampleVerification(status: string) {
  return {
    id: '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b',
    to: '+6281234567890',
    channel: 'sms',
    status,
    created_at: '2026-01-05T08:30:00.000Z',
    expires_at: '2026-01-05T08:40:00.000Z',
    attempts_left: 5,
    sends: [{ channel: 'sms', message_id: '0b6b5c1e-7c1f-4a57-9f5e-0d6f1f8a2b3c', at: '2026-01-05T08:30:00.000Z' }],
  };
}

/**
 * Request and answer examples of the public operations (`METHOD path`): what a first call looks
 * like. Every request example is a valid body (test/openapi.test.ts parses them with the route schemas).
 */
export const PUBLIC_EXAMPLES: Record<string, { request?: Record<string, { summary: string; value: unknown }>; response?: { status: string; value: unknown } }> = {
  'post /v1/sms/messages': {
    request: { sms: { summary: 'An SMS', value: { to: '+6281234567890', text: 'Your order #1234 has shipped and arrives tomorrow.' } } },
    response: { status: '202', value: exampleMessage('sms', '+6281234567890', 'submitted', { total_sms: 1, country: 'ID' }) },
  },
  'post /v1/sms-otp/messages': {
    request: { otp: { summary: 'A one-time password', value: { to: '081234567890', text: 'Your verification code is 482913. It expires in 5 minutes.' } } },
    response: { status: '202', value: exampleMessage('sms_otp', '+6281234567890', 'submitted', { total_sms: 1, country: 'ID' }) },
  },
  'post /v1/whatsapp/messages': {
    request: {
      template: { summary: 'An approved template with positional parameters', value: { to: '+6281234567890', template: { name: 'order_update', language: 'en', parameters: ['Budi', '#1234'] } } },
      named: { summary: 'A template with named parameters', value: { to: '+6281234567890', template: { name: 'order_confirmation', language: 'en', parameters: { first_name: 'Budi', order_number: '#1234' } } } },
      text: { summary: 'Free text, inside the 24-hour window', value: { to: '+6281234567890', text: 'Thanks Budi, your question is with our team.' } },
    },
    response: { status: '202', value: exampleMessage('whatsapp', '+6281234567890', 'submitted', { country: 'ID' }) },
  },
  'post /v1/calls': {
    request: { call: { summary: 'A text-to-speech call', value: { to: '+6281234567890', text: 'Hello, this is a reminder of your appointment tomorrow at 10 am.' } } },
    response: { status: '202', value: exampleMessage('call', '+6281234567890', 'in_queue', { country: 'ID' }) },
  },
  'post /v1/voice-otp': {
    request: { otp: { summary: 'A 4-digit code by missed call', value: { to: '+6281234567890', code_length: 4 } } },
    response: { status: '202', value: exampleMessage('voice_otp', '+6281234567890', 'in_queue', { country: 'ID', otp: '4821' }) },
  },
  'post /v1/email/messages': {
    request: {
      email: {
        summary: 'An HTML e-mail with a plain-text part',
        value: { to: 'budi@example.com', subject: 'Your receipt for order #1234', html: '<p>Thank you for your order, Budi.</p>', text: 'Thank you for your order, Budi.', from_name: 'Toko Budi', reply_to: 'help@example.com' },
      },
    },
    response: { status: '202', value: exampleMessage('email', 'budi@example.com', 'submitted') },
  },
  'get /v1/messages/{id}': {
    response: {
      status: '200',
      value: {
        ...exampleMessage('sms', '+6281234567890', 'delivered', { total_sms: 1, country: 'ID' }),
        updated_at: '2026-01-05T08:30:09.000Z',
        events: [
          { status: 'submitted', at: '2026-01-05T08:30:00.000Z', reason: null },
          { status: 'in_queue', at: '2026-01-05T08:30:01.000Z', reason: null },
          { status: 'sent', at: '2026-01-05T08:30:03.000Z', reason: null },
          { status: 'delivered', at: '2026-01-05T08:30:09.000Z', reason: null },
        ],
      },
    },
  },
  'post /v1/whatsapp/templates': {
    request: {
      utility: {
        summary: 'A utility template with two positional variables',
        value: {
          name: 'order_update',
          language: 'en',
          category: 'UTILITY',
          components: [{ type: 'BODY', text: 'Hi {{1}}, your order {{2}} has shipped.', example: { body_text: [['Budi', '#1234']] } }],
        },
      },
    },
    response: { status: '201', value: { id: '9c2d1e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f', status: 'PENDING', category: 'UTILITY' } },
  },
  'get /v1/whatsapp/templates': {
    response: {
      status: '200',
      value: {
        data: [
          {
            id: '9c2d1e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
            name: 'order_update',
            language: 'en',
            status: 'APPROVED',
            category: 'UTILITY',
            parameter_format: 'POSITIONAL',
            components: [{ type: 'BODY', text: 'Hi {{1}}, your order {{2}} has shipped.', example: { body_text: [['Budi', '#1234']] } }],
          },
        ],
        paging: { cursors: { before: 'MAA', after: 'MjQZD' } },
      },
    },
  },
  'delete /v1/whatsapp/templates': { response: { status: '200', value: { success: true } } },
  'post /v1/verify': {
    request: {
      sms: { summary: 'A 6-digit code by SMS', value: { to: '+6281234567890', channel: 'sms' } },
      whatsapp: { summary: 'A code by WhatsApp, in Indonesian', value: { to: '+6281234567890', channel: 'whatsapp', template: 'login_code', locale: 'id' } },
      email: { summary: 'An 8-digit code by e-mail, valid 15 minutes', value: { to: 'budi@example.com', channel: 'email', code_length: 8, expires_in: 900 } },
    },
    response: { status: '201', value: exampleVerification('pending') },
  },
  'post /v1/verify/{id}/check': {
    request: { code: { summary: 'The code the user entered', value: { code: '482913' } } },
    response: { status: '200', value: { ...exampleVerification('approved'), attempts_left: 4, valid: true } },
  },
  'post /v1/verify/{id}/resend': {
    request: { call: { summary: 'A new code by a call', value: { channel: 'call' } } },
    response: {
      status: '200',
      value: { ...exampleVerification('pending'), sends: [...exampleVerification('pending').sends, { channel: 'call', message_id: '7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a', at: '2026-01-05T08:31:00.000Z' }] },
    },
  },
  'post /v1/verify/{id}/cancel': { response: { status: '200', value: exampleVerification('canceled') } },
  'get /v1/verify/{id}': { response: { status: '200', value: exampleVerification('pending') } },
};

/** The batch twin of each send (ARCHITECTURE.md §6.3): its examples made of the single send's, two items each. */
for (const path of ['/v1/sms/messages', '/v1/sms-otp/messages', '/v1/whatsapp/messages', '/v1/calls', '/v1/voice-otp', '/v1/email/messages']) {
  const single = PUBLIC_EXAMPLES[`post ${path}`]!;
  const [name, first] = Object.entries(single.request!)[0]!;
  const item = first.value as Record<string, unknown>;
  const second = String(item['to']).includes('@') ? { ...item, to: 'sari@example.com' } : { ...item, to: '+6281298765432' };
  const answer = single.response!.value as Record<string, unknown>;
  PUBLIC_EXAMPLES[`post ${path}/batch`] = {
    request: { [name]: { summary: `Two messages: ${first.summary.charAt(0).toLowerCase()}${first.summary.slice(1)} each`, value: { messages: [item, second] } } },
    response: {
      status: '202',
      value: {
        batch_id: '5f0c2a9e-3b1d-4e6f-9a8b-7c6d5e4f3a2b',
        data: [answer, { error: { code: 'invalid_request', message: V1_MESSAGES.invalidPhone, details: [{ path: 'to', message: V1_MESSAGES.invalidPhone }] } }],
      },
    },
  };
}

const REQUEST_ID_HEADER = { description: 'The id of this request; quote it when you contact support.', schema: { type: 'string' } };

/** The lifecycle of each channel, as Markdown lines. */
function lifecycleLines(): string {
  const names: Record<ChannelId, string> = { whatsapp: 'WhatsApp', sms: 'SMS', sms_otp: 'SMS OTP', call: 'Call', voice_otp: 'Voice OTP', email: 'E-mail' };
  return CHANNEL_IDS.map((c) => `- **${names[c]}** (\`${c}\`): ${LIFECYCLES[c].map((s) => `\`${s}\``).join(' → ')}; or ${FAILURE_STATUSES[c].map((s) => `\`${s}\``).join(' / ')}`).join('\n');
}

const duration = (ms: number) => (ms < 60_000 ? `${ms / 1000} s` : ms < 3_600_000 ? `${ms / 60_000} min` : `${ms / 3_600_000} h`);

/** The introduction of the public document (Markdown): everything an integration needs besides the operations. */
function publicIntroduction(v1RateLimit: number): string {
  return `Send SMS, SMS OTP, WhatsApp, voice calls, Voice OTP and e-mail from one API, and follow every message to its final status.

## Authentication
Create an application in the Pesan console, enable its channels and generate an access token: you get a **token file** holding, per channel, the access token (a JWT) and an RSA private key. Send the token of the channel you use as \`Authorization: Bearer <access token>\`. A token works on its own channel only (else \`403 channel_not_enabled\`); generating a new token revokes the previous one.

### Signed requests
When the application requires signed requests, every request also carries:
- \`X-Timestamp\`: unix seconds, within ${SIGNATURE_TOLERANCE_SECONDS / 60} minutes of the server clock;
- \`X-Signature\`: base64 RSA-SHA256, with the private key from the same token file, of \`METHOD:PATH:TIMESTAMP:hex(sha256(body))\` (PATH with its query string; the body exactly as sent, empty for GET).

A signature is accepted once: sign every request, retries included, with a new timestamp.

## Requests and answers
Bodies are JSON (\`Content-Type: application/json\`). A send answers \`202 Accepted\` with the message; its status then moves along its channel's lifecycle, never backwards:

${lifecycleLines()}

Phone numbers are normalised to E.164: send \`+6281234567890\`, or \`081234567890\` (a leading 0 is an Indonesian number). An SMS is counted in segments (\`total_sms\`): GSM-7 texts take 160 characters in one segment and 153 per segment when longer; any other character makes the text UCS-2, 70 and 67.

## Idempotency
Send an \`Idempotency-Key\` header (at most ${IDEMPOTENCY_KEY_MAX} characters) with a send to retry it safely: the same key with the same body within ${IDEMPOTENCY_WINDOW_HOURS} hours answers the first result again (with \`Idempotent-Replayed: true\`) and sends nothing; with another body it is \`409 idempotency_conflict\`.

## Errors
Every error has one shape: \`{"error": {"code", "message", "details"?, "request_id"}}\`. \`code\` is stable, the HTTP status follows from it:

| status | code | when |
|---|---|---|
| 400 | \`invalid_request\` | a field is missing or not valid (\`details\`: one entry per field) |
| 401 | \`unauthorized\` | missing, malformed or revoked token; missing, expired, wrong or replayed signature |
| 402 | \`quota_exceeded\` | not enough prepaid quota for this message |
| 403 | \`channel_not_enabled\` | the token is not for this channel |
| 404 | \`not_found\` | no such message or template for this application |
| 409 | \`idempotency_conflict\` | the \`Idempotency-Key\` was used with another body |
| 422 | \`template_not_approved\` | the WhatsApp template does not exist or is not approved |
| 429 | \`rate_limited\` | too many requests; wait \`Retry-After\` seconds |

Every answer carries \`X-Request-Id\`.

## Rate limits
Each application may send ${v1RateLimit} messages per minute over all its channels (a batch counts each of its messages; your Pesan operator may set another rate), and each access token may make ${v1RateLimit} other requests per minute; past that, \`429 rate_limited\` with \`Retry-After\`.

## Sandbox
Until a carrier is connected, every channel runs on the sandbox: nothing is delivered, and the recipient chooses the outcome. Phone numbers ending \`0001\` fail, \`0002\` are rejected, \`0003\` are undelivered, \`0004\` stay at \`sent\`, \`0005\` give \`rna\` on calls, \`0006\` give \`user_busy\`; others are delivered (WhatsApp then read) or answered. E-mail local parts containing \`+bounce\` fail, \`+open\` are opened, \`+click\` are opened then clicked, \`+unsub\` unsubscribe; others are delivered.

## Status webhooks
Set a webhook endpoint (HTTPS) on the application in the console and Pesan POSTs every event to it as JSON \`{type, timestamp, data}\` (see **Webhooks**), signed with the [Standard Webhooks](https://www.standardwebhooks.com) scheme:
- \`webhook-id\`: the event id, the same on every retry (deduplicate on it);
- \`webhook-timestamp\`: unix seconds of this attempt;
- \`webhook-signature\`: \`v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">\`, keyed with the base64-decoded part of your \`whsec_…\` secret after \`whsec_\`. After a secret rotation the previous secret signs too for ${SECRET_OVERLAP_HOURS} hours: several signatures are then separated by spaces, and one match is enough.

Verify the signature on the raw body before parsing it, and refuse timestamps far from your clock. Answer any 2xx within ${DELIVERY_TIMEOUT_SECONDS} s; anything else (or no answer) is retried after ${RETRY_SCHEDULE_MS.map(duration).join(', ')}, honouring \`Retry-After\`. A \`410 Gone\` disables the endpoint, and so do ${DISABLE_AFTER_FAILING_DAYS} days of failures. Events may arrive out of order: \`data.step\` orders a message's statuses.`;
}

const eventHeaders = [
  { name: 'webhook-id', in: 'header', required: true, description: 'The event id (`evt_…`), the same on every retry: deduplicate on it.', schema: { type: 'string' } },
  { name: 'webhook-timestamp', in: 'header', required: true, description: 'Unix seconds of this attempt.', schema: { type: 'string' } },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description: '`v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">` with your endpoint secret; several are separated by spaces during a secret rotation.',
    schema: { type: 'string' },
  },
];

/** The payload schemas of the status webhooks (JSON Schema 2020-12). */
function webhookSchemas(): Record<string, unknown> {
  const event = (type: string, data: string, description: string, example: unknown) => ({
    type: 'object',
    description,
    required: ['type', 'timestamp', 'data'],
    properties: {
      type: { const: type, description: 'The event type.' },
      timestamp: { type: 'string', format: 'date-time', description: 'When it happened (ISO 8601, UTC).' },
      data: { $ref: `#/components/schemas/${data}` },
    },
    examples: [example],
  });
  const statuses = [...MESSAGE_STATUSES];
  return {
    MessageStatusEvent: event('message.status', 'MessageStatusData', 'A message changed status.', {
      type: 'message.status',
      timestamp: '2026-01-05T08:30:12.000Z',
      data: {
        message_id: '0b6b5c1e-7c1f-4a57-9f5e-0d6f1f8a2b3c',
        application_id: '5f1e0c2a-3b4d-4e6f-8a9b-0c1d2e3f4a5b',
        channel: 'sms',
        status: 'delivered',
        previous_status: 'sent',
        reason: null,
        provider_code: null,
        at: '2026-01-05T08:30:12.000Z',
        step: 4,
      },
    }),
    MessageStatusData: {
      type: 'object',
      required: ['message_id', 'application_id', 'channel', 'status', 'previous_status', 'reason', 'provider_code', 'at', 'step'],
      properties: {
        message_id: { type: 'string', description: 'The `id` a send answered.' },
        application_id: { type: 'string' },
        channel: { type: 'string', enum: [...CHANNEL_IDS] },
        status: { type: 'string', enum: statuses, description: 'The new status.' },
        previous_status: { type: ['string', 'null'], enum: [...statuses, null], description: 'The status before, or null for the first one.' },
        reason: { type: ['string', 'null'], description: 'Why the message failed, was rejected or undelivered; null otherwise.' },
        provider_code: { type: ['string', 'null'], description: "The carrier's own code for the outcome, when it gave one." },
        at: { type: 'string', format: 'date-time', description: 'When the status was reached.' },
        step: { type: 'integer', minimum: 1, description: "The status's place in the channel's lifecycle (a failure ranks last): ignore an event whose step is below one you already have." },
      },
    },
    TemplateStatusEvent: event('template.status', 'TemplateStatusData', 'A WhatsApp template was reviewed.', {
      type: 'template.status',
      timestamp: '2026-01-05T09:00:00.000Z',
      data: { template_id: '9c2d1e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f', name: 'order_update', language: 'en', category: 'UTILITY', status: 'APPROVED', reason: null, recommendation: null, at: '2026-01-05T09:00:00.000Z' },
    }),
    TemplateStatusData: {
      type: 'object',
      required: ['template_id', 'name', 'language', 'category', 'status', 'reason', 'recommendation', 'at'],
      properties: {
        template_id: { type: 'string', description: 'The template id (`id` of `GET /v1/whatsapp/templates`).' },
        name: { type: 'string' },
        language: { type: 'string' },
        category: { type: 'string', description: 'MARKETING, UTILITY or AUTHENTICATION (the category may be changed by the review).' },
        status: { type: 'string', description: 'The decision: APPROVED, REJECTED, PAUSED, DISABLED, …' },
        reason: { type: ['string', 'null'], description: 'Why it was rejected; null otherwise.' },
        recommendation: { type: ['string', 'null'], description: 'How to fix a rejected template, when known.' },
        at: { type: 'string', format: 'date-time' },
      },
    },
    VerificationStatusEvent: event('verification.status', 'VerificationStatusData', 'A verification was approved, expired, failed or canceled.', {
      type: 'verification.status',
      timestamp: '2026-01-05T08:31:10.000Z',
      data: { verification_id: '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b', to: '+6281234567890', channel: 'sms', status: 'approved', at: '2026-01-05T08:31:10.000Z' },
    }),
    VerificationStatusData: {
      type: 'object',
      required: ['verification_id', 'to', 'channel', 'status', 'at'],
      properties: {
        verification_id: { type: 'string', description: 'The `id` `POST /v1/verify` answered.' },
        to: { type: 'string' },
        channel: { type: 'string', enum: ['sms', 'whatsapp', 'call', 'email'], description: 'The channel it was started on.' },
        status: { type: 'string', enum: ['approved', 'expired', 'failed', 'canceled'], description: 'How it ended; the code is never sent.' },
        at: { type: 'string', format: 'date-time' },
      },
    },
    TestEvent: event('webhook.test', 'TestEventData', 'A test event, sent from the console to check the endpoint.', {
      type: 'webhook.test',
      timestamp: '2026-01-05T09:00:00.000Z',
      data: { application_id: '5f1e0c2a-3b4d-4e6f-8a9b-0c1d2e3f4a5b', message: 'This is a test event from Pesan.' },
    }),
    TestEventData: {
      type: 'object',
      required: ['application_id', 'message'],
      properties: { application_id: { type: 'string' }, message: { type: 'string' } },
    },
  };
}

/** The `webhooks` of the public document: one POST per event type. */
function publicWebhooks(): Record<string, unknown> {
  const hook = (summary: string, description: string, schema: string) => ({
    post: {
      tags: ['Status webhooks'],
      summary,
      security: [],
      description,
      parameters: eventHeaders,
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } },
      responses: {
        '2XX': { description: 'Received. Answer within the time limit; the body is ignored.' },
        '410': { description: 'Gone: the endpoint is disabled and receives nothing more until it is enabled again in the console.' },
        default: { description: 'Anything else, or no answer in time: the event is retried on the schedule above.' },
      },
    },
  });
  return {
    'message.status': hook('Message status changed', "Sent for every status a message reaches, on every channel (see each channel's lifecycle in the introduction).", 'MessageStatusEvent'),
    'template.status': hook('Template reviewed', "Sent when a WhatsApp template's review is decided (approved, rejected, paused, disabled).", 'TemplateStatusEvent'),
    'verification.status': hook('Verification ended', 'Sent when a verification is approved, fails (5 wrong codes), expires or is canceled.', 'VerificationStatusEvent'),
    'webhook.test': hook('Test event', 'Sent by the "Send test event" button of the console.', 'TestEvent'),
  };
}

export interface PublicOpenApiOptions {
  /** Where the API is served (PUBLIC_URL's origin). */
  origin: string;
  /** Requests per minute per access token (V1_RATE_LIMIT). */
  v1RateLimit: number;
}

/**
 * The public document (/api/openapi.json, rendered at /api/reference): OpenAPI 3.1 with only the
 * /v1 operations of `full`, customer-facing tags and response texts, the message answer as the
 * `Message` component, the status webhooks, an introduction, and no spec references.
 */
export function publicOpenApi(full: OpenApiDoc, opts: PublicOpenApiOptions): OpenApiDoc {
  const source = structuredClone(full);
  const paths = Object.fromEntries(Object.entries(source.paths ?? {}).filter(([path]) => isPublicPath(path)));
  const schemas: Record<string, unknown> = { ErrorEnvelope: source.components?.schemas?.['ErrorEnvelope'] ?? ERROR_ENVELOPE_SCHEMA };
  let message: string | undefined;
  for (const [path, ops] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = PUBLIC_TAGS.find((t) => t.paths.includes(path));
      // An unmapped /v1 path keeps its route tag, which the public tag list lacks: test/openapi.test.ts fails on it.
      if (tag) op.tags = [tag.name];
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const r = response as { description?: string; headers?: Record<string, unknown>; content?: Record<string, { schema?: unknown }> };
        if (!r.description || r.description === 'Default Response') r.description = PUBLIC_RESPONSES[status] ?? r.description ?? 'Answer';
        r.headers = { 'X-Request-Id': REQUEST_ID_HEADER, ...r.headers };
        if (status === '429') r.headers['Retry-After'] = { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } };
        if (status === '202' && method === 'post') r.headers['Idempotent-Replayed'] = { description: '`true` when this answer is the replay of an earlier request with the same `Idempotency-Key`.', schema: { type: 'string' } };
        // The message answer of the sends and of GET /v1/messages/{id} is one `Message` component.
        const json = r.content?.['application/json'];
        if (json?.schema && (status === '202' || path === '/v1/messages/{id}') && status.startsWith('2')) {
          const text = JSON.stringify(json.schema);
          message ??= text;
          if (text === message) json.schema = { $ref: '#/components/schemas/Message' };
        }
      }
      const examples = PUBLIC_EXAMPLES[`${method} ${path}`];
      const requestJson = (op.requestBody as { content?: Record<string, Record<string, unknown>> } | undefined)?.content?.['application/json'];
      if (examples?.request && requestJson) requestJson['examples'] = examples.request;
      const responseJson = (op.responses?.[examples?.response?.status ?? ''] as { content?: Record<string, Record<string, unknown>> } | undefined)?.content?.['application/json'];
      if (examples?.response && responseJson) responseJson['example'] = examples.response.value;
      for (const p of (op.parameters ?? []) as { name?: string; in?: string; description?: string; schema?: Record<string, unknown> }[]) {
        if (p.in === 'header' && p.name === 'idempotency-key') {
          p.name = 'Idempotency-Key';
          // The route's schema takes up to 1000 characters; the send refuses more than this.
          if (p.schema) p.schema['maxLength'] = IDEMPOTENCY_KEY_MAX;
          p.description ??= `Makes a retry safe: the same key with the same body within ${IDEMPOTENCY_WINDOW_HOURS} hours answers the first result and sends nothing (at most ${IDEMPOTENCY_KEY_MAX} characters).`;
        }
      }
    }
  }
  if (message) schemas['Message'] = { ...JSON.parse(message), description: 'A message, as sends and GET /v1/messages/{id} answer it.' };
  const bearer = (source.components?.['securitySchemes'] as Record<string, unknown> | undefined)?.['bearerAuth'];
  const doc: OpenApiDoc = {
    openapi: '3.1.0',
    info: { title: 'Pesan API', version: String(source.info?.['version'] ?? '1.0.0'), description: publicIntroduction(opts.v1RateLimit) },
    servers: [{ url: opts.origin, description: 'Pesan' }],
    security: [{ bearerAuth: [] }],
    tags: PUBLIC_TAGS.map(({ name, description }) => ({ name, description })),
    paths,
    webhooks: publicWebhooks(),
    components: { schemas, securitySchemes: { bearerAuth: bearer } },
  };
  convertSchemas(doc.paths);
  toJsonSchema2020(schemas['ErrorEnvelope']);
  toJsonSchema2020(schemas['Message']);
  Object.assign(schemas, webhookSchemas());
  rewriteTexts(doc, stripSpecReferences);
  return doc;
}
