/**
 * The OpenAPI document at /api/openapi.json (ARCHITECTURE.md §2, §5, §6): generated from the zod
 * route schemas, then completed here with what route schemas cannot say — the tag list per area,
 * the session-cookie security of console calls, the error envelope on every operation, the
 * multipart body of POST /api/upload, the text/plain token files and the 204 answers.
 */
import { z } from 'zod';
import { errorEnvelopeBody } from '@pesan/contracts/errors';

/** One tag per area, in the order the reference page shows them. */
export const OPENAPI_TAGS = [
  { name: 'auth', description: 'Registration, e-mail verification, sign-in, session, password reset and change (console.md §2, §5).' },
  { name: 'user', description: "The signed-in user's profile (console.md §7 User)." },
  { name: 'terms', description: 'Terms and privacy-policy acceptance (console.md §2 Terms modal).' },
  { name: 'upload', description: 'Image upload for avatars: JPEG, PNG or WebP up to 2 MB, checked by content.' },
  { name: 'organization', description: "The caller's organization (console.md §7 Organization)." },
  { name: 'applications', description: 'Channels and applications (console.md §2 My Application).' },
  { name: 'tokens', description: 'Per-channel access tokens and their token files (console.md §4, §8).' },
  { name: 'monitoring', description: 'Transaction records of one application and channel, and one message with its timeline (console.md §2 Monitoring).' },
  { name: 'dashboard', description: 'Overview dashboard: rates, usage counters, trend series, WhatsApp session figures and their Excel exports, from the hourly rollups (templates-dashboard-reports.md §2.6, §7.2).' },
  { name: 'reports', description: 'Generate Report: CSV and XLSX reports of one application, channel, statuses and range, generated in the background with progress, and their download (templates-dashboard-reports.md §2.7, §2.8, §7.3).' },
  { name: 'templates', description: 'WhatsApp message templates: list, name check, create and edit as Draft or submitted for review, duplicate, delete (templates-dashboard-reports.md §2.2–§2.5, §7.1).' },
  { name: 'quota', description: 'Billing type, remaining prepaid quota, the balance-quota check and quota warning settings (console.md §2 Notification settings, §7 Billing and quota).' },
  { name: 'webhooks', description: "An application's status webhook endpoint, its secret, delivery attempts and redelivery (ARCHITECTURE.md §6.2)." },
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
  'post /api/auth/logout',
  'post /api/auth/forgot_password',
  'patch /api/auth/reset_password/{token}',
  'get /api/uploads/{file}',
]);
/** Console calls with the per-IP burst limit (AUTH_RATE_LIMIT per minute). */
const BURST_LIMITED = new Set([
  'post /api/auth/register',
  'post /api/auth/send_verification',
  'post /api/auth/login',
  'post /api/auth/forgot_password',
  'patch /api/auth/reset_password/{token}',
]);
const TOKEN_FILES = new Set(['post /api/channel/generate/access-token/{applicationId}', 'post /api/auth/rsa/generate-token']);
const NO_CONTENT = new Set(['post /api/auth/logout', 'delete /api/application/{id}']);
const SAFE = new Set(['get', 'head', 'options']);

interface Operation {
  security?: unknown[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  [key: string]: unknown;
}
type OpenApiDoc = {
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
      const anonymous = ANONYMOUS.has(key);
      op.security = anonymous ? [] : [{ sessionCookie: [] }];
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
        op.requestBody = {
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
