/**
 * Walks the OpenAPI documents of the real app for the suites that must cover every route by being
 * in a document (ARCHITECTURE.md §8: fuzz.test.ts, tenant-isolation.test.ts): the public /v1
 * document (GET /api/openapi.json) and the console's (GET /api/openapi-console.json), merged.
 *
 * Guarantees:
 * - `listOperations` returns every operation (method, path template, security: `sessionCookie`,
 *   `bearerAuth` or `none`, path / query / header parameters, JSON or multipart request body
 *   schema with `$ref`s resolved); an unknown security scheme throws.
 * - `paramKind` maps a path parameter to the kind of fixture it names (application, user,
 *   organization, message, upload, e-mail token) by its name or by the literal path segments
 *   before it; an unknown one throws `UnknownPathParameterError`, so a new route forces the suites
 *   to be extended instead of being skipped silently.
 * - `validBody` / `validQuery` build a plausible VALID input from a JSON schema (required fields,
 *   right type, first enum value, format and pattern respected, fixture ids for id fields), so a
 *   mutation changes one field at a time; `setAt` / `deleteAt` / `mutationTargets` do the mutation.
 * - `toJsonText` serialises with `RawJson` tokens (`-0`, `1e400`, `9007199254740993`) that
 *   JSON.stringify cannot write; `encodeSegment` percent-encodes any string, lone surrogates
 *   included (as their WTF-8 bytes, which are not valid UTF-8).
 * - `createFingerprinter` hashes every table of the public schema (minus the ones that
 *   legitimately change on refused input) and the files under DATA_DIR, so a test can prove that
 *   a refused request stored nothing (`settle` first lets work that runs after an answer land);
 *   `envelopeProblem` checks the error envelope of §6.
 * - `createTenant` builds, through the API, one organization with a fixture of every kind;
 *   `buildRequest` makes the valid request of an operation for a tenant with one part replaced;
 *   `tokenFor` finds the channel token a bearerAuth route takes.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { eq } from 'drizzle-orm';
import { parseTokenFile } from '@pesan/contracts/token-file';
import { applications } from '../src/db/schema/applications.ts';
import { signUpWithOrganization, TEST_PASSWORD } from './accounts-helper.ts';
import type { TestApp } from './harness.ts';

// ---------------------------------------------------------------------------------------------
// The document and its operations
// ---------------------------------------------------------------------------------------------

/** The subset of JSON Schema (OpenAPI 3.0 flavour, as @fastify/swagger emits from zod) we read. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  description?: string;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface RawOperation {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, unknown> };
}

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';
export type Security = 'sessionCookie' | 'bearerAuth' | 'none';

export interface Operation {
  method: HttpMethod;
  /** Path template as documented, e.g. `/api/application/{id}`. */
  path: string;
  /** `METHOD path`, for test names and messages. */
  name: string;
  tag: string | undefined;
  security: Security;
  /** Not GET/HEAD/OPTIONS: what the CSRF guard of §5 checks on /api. */
  stateChanging: boolean;
  pathParams: OpenApiParameter[];
  queryParams: OpenApiParameter[];
  headerParams: OpenApiParameter[];
  /** The request body: its content type and schema (`$ref`s resolved). */
  body: { contentType: string; schema: JsonSchema; required: boolean } | undefined;
  /** Documented response statuses. */
  responses: string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The documents walked: together they hold every documented operation (test/openapi.test.ts checks it). */
export const OPENAPI_DOCUMENTS = ['/api/openapi-console.json', '/api/openapi.json'] as const;

/**
 * GET both documents from the test app (anonymous, as the reference page does), merged into one:
 * the paths of both, and their components (a component both define, like ErrorEnvelope, is taken
 * from the public document; its paths' `$ref`s resolve to the same shape).
 */
export async function fetchOpenApi(t: TestApp): Promise<OpenApiDocument> {
  const docs: OpenApiDocument[] = [];
  for (const url of OPENAPI_DOCUMENTS) {
    const res = await t.app.inject({ method: 'GET', url });
    if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    docs.push(res.json() as OpenApiDocument);
  }
  const merged: OpenApiDocument = { openapi: docs[0]!.openapi, paths: {}, components: { schemas: {}, securitySchemes: {} } };
  for (const doc of docs) {
    for (const [path, item] of Object.entries(doc.paths)) {
      if (merged.paths[path]) throw new Error(`${path} is in more than one OpenAPI document`);
      merged.paths[path] = item;
    }
    Object.assign(merged.components!.schemas!, doc.components?.schemas);
    Object.assign(merged.components!.securitySchemes!, doc.components?.securitySchemes);
  }
  return merged;
}

/** Resolves `$ref`s (to `#/components/...`) everywhere in `schema`; cycles stop at depth 20. */
export function resolveRefs(doc: OpenApiDocument, schema: JsonSchema | undefined, depth = 0): JsonSchema {
  if (!schema || typeof schema !== 'object') return {};
  if (depth > 20) return {};
  if (schema.$ref) {
    const target = schema.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
    if (!target) throw new Error(`unresolvable $ref ${schema.$ref}`);
    return resolveRefs(doc, target as JsonSchema, depth + 1);
  }
  const out: JsonSchema = { ...schema };
  if (schema.items) out.items = resolveRefs(doc, schema.items, depth + 1);
  if (schema.properties) out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, resolveRefs(doc, v, depth + 1)]));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (schema[key]) out[key] = schema[key]!.map((s) => resolveRefs(doc, s, depth + 1));
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') out.additionalProperties = resolveRefs(doc, schema.additionalProperties, depth + 1);
  return out;
}

function securityOf(op: RawOperation, name: string): Security {
  const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
  if (schemes.length === 0) return 'none';
  if (schemes.length > 1) throw new Error(`${name}: several security schemes (${schemes.join(', ')}); extend openapi-walk.ts`);
  if (schemes[0] === 'sessionCookie' || schemes[0] === 'bearerAuth') return schemes[0];
  throw new Error(`${name}: unknown security scheme '${schemes[0]}'; extend openapi-walk.ts`);
}

/** Every operation of the document, in document order. */
export function listOperations(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [m, raw] of Object.entries(item)) {
      if (!METHODS.includes(m)) continue;
      const method = m.toUpperCase() as HttpMethod;
      const name = `${method} ${path}`;
      const params = (raw.parameters ?? []).map((p) => ({ ...p, schema: resolveRefs(doc, p.schema) }));
      const content = raw.requestBody?.content ?? {};
      const contentType = Object.keys(content).find((c) => c === 'application/json') ?? Object.keys(content)[0];
      const documented = new Set(params.filter((p) => p.in === 'path').map((p) => p.name));
      for (const name of pathParamNames(path)) {
        if (!documented.has(name)) params.push({ name, in: 'path', required: true, schema: { type: 'string' } });
      }
      ops.push({
        method,
        path,
        name,
        tag: raw.tags?.[0],
        security: securityOf(raw, name),
        stateChanging: !SAFE_METHODS.has(method),
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        headerParams: params.filter((p) => p.in === 'header'),
        body: contentType ? { contentType, schema: resolveRefs(doc, content[contentType]!.schema), required: raw.requestBody?.required ?? false } : undefined,
        responses: Object.keys(raw.responses ?? {}),
      });
    }
  }
  return ops;
}

/** The `{name}` parameters of a path template, in order. */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

// ---------------------------------------------------------------------------------------------
// Path parameters -> fixtures
// ---------------------------------------------------------------------------------------------

/** What a path parameter (or an id field of a body) names. */
export type FixtureKind =
  | 'application'
  | 'user'
  | 'organization'
  | 'message'
  | 'upload'
  | 'emailToken'
  | 'webhookDelivery'
  | 'report'
  | 'template'
  | 'docTitle'
  | 'docDescription'
  | 'invitation'
  | 'session'
  | 'verification';

/** Kinds that belong to an organization: another organization's id must be a 404 (§3, §8). */
export const TENANT_KINDS: readonly FixtureKind[] = ['application', 'user', 'organization', 'message', 'upload', 'webhookDelivery', 'report', 'template', 'invitation', 'session', 'verification'];

/**
 * Parameter names that say what they name by themselves. Extend this (and the fixtures of the
 * suites) when a route brings a new name: the suites fail loudly on an unknown one.
 */
export const PARAM_KINDS_BY_NAME: Record<string, FixtureKind> = {
  userId: 'user',
  applicationId: 'application',
  organizationId: 'organization',
  messageId: 'message',
  file: 'upload',
  token: 'emailToken',
  deliveryId: 'webhookDelivery',
  // /api/doc/description/title/{titleId}: a docs page (not tenant data: the docs are public).
  titleId: 'docTitle',
};

/**
 * A generic name (`id`) is resolved by the nearest literal path segment before it that is listed
 * here (only segments after the previous parameter count), e.g. `/api/application/{id}`,
 * `/api/application/check/balance-quota/{id}` -> application, `/v1/messages/{id}` -> message.
 */
export const PARAM_KINDS_BY_SEGMENT: Record<string, FixtureKind> = {
  application: 'application',
  user: 'user',
  organization: 'organization',
  messages: 'message',
  records: 'message',
  uploads: 'upload',
  // /api/setting/balance-quota/{id}: an application's quota warning settings.
  'balance-quota': 'application',
  // /api/report/{id}, /api/report/{id}/download: a generated report.
  report: 'report',
  // /api/wa/template/{id}, /api/wa/template/duplicate/{id}: a WhatsApp template.
  template: 'template',
  // /api/doc/description/{id}: a docs page description (not tenant data).
  description: 'docDescription',
  // DELETE /api/organization/invitations/{id}: a pending invitation of the organization (§5.1).
  invitations: 'invitation',
  // DELETE /api/user/sessions/{id}: one of the caller's sessions (§5.1).
  sessions: 'session',
  // /v1/verify/{id}, /v1/verify/{id}/check …: a verification of the application (§6.4).
  verify: 'verification',
  // GET /api/verifications/{id}: a verification's timeline in the console (issue 27).
  verifications: 'verification',
  // /api/applications/{id}/verify-settings: an application's Verify settings (issue 27).
  applications: 'application',
};

export class UnknownPathParameterError extends Error {
  constructor(op: string, name: string) {
    super(
      `${op}: path parameter {${name}} names no known fixture. Add it to PARAM_KINDS_BY_NAME or PARAM_KINDS_BY_SEGMENT in ` +
        'test/openapi-walk.ts and give fuzz.test.ts and tenant-isolation.test.ts a fixture of that kind.',
    );
  }
}

/** The fixture kind of path parameter `name` of `op`, or throws UnknownPathParameterError. */
export function paramKind(op: Pick<Operation, 'path' | 'name'>, name: string): FixtureKind {
  const byName = PARAM_KINDS_BY_NAME[name];
  if (byName) return byName;
  const segments = op.path.split('/');
  const at = segments.indexOf(`{${name}}`);
  for (let i = at - 1; i >= 0 && !segments[i]!.startsWith('{'); i--) {
    const kind = PARAM_KINDS_BY_SEGMENT[segments[i]!];
    if (kind) return kind;
  }
  throw new UnknownPathParameterError(op.name, name);
}

/**
 * Body fields holding an id, by name. A string field whose name looks like an id
 * (`*_id`, `*Id`, `*_ids`) and is not listed here throws from `validBody`, like a path parameter.
 */
export const BODY_ID_FIELDS: Record<string, FixtureKind> = {
  application_id: 'application',
  applicationId: 'application',
  application: 'application',
  message_id: 'message',
  messageId: 'message',
  user_id: 'user',
  userId: 'user',
  organization_id: 'organization',
  organizationId: 'organization',
  // POST /api/wa/delete/template/bulk {template_ids}.
  template_ids: 'template',
  template_id: 'template',
  // POST / PUT /api/doc/description {titleId}: a docs page.
  titleId: 'docTitle',
};
const ID_LIKE = /(^id$|_id$|[a-z]Id$|_ids$|[a-z]Ids$)/;

/** Ids (and the avatar URL) the valid inputs use. */
export type Fixtures = Partial<Record<FixtureKind, string>> & { uploadUrl?: string };

/** Fills a path template with `values` (percent-encoded unless `raw` lists the name). */
export function fillPath(template: string, values: Record<string, string>, raw: ReadonlySet<string> = new Set()): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return raw.has(name) ? v : encodeSegment(v);
  });
}

/**
 * Percent-encodes any JS string as a URL component. Lone surrogates (which encodeURIComponent
 * refuses) become their WTF-8 bytes (`\ud800` -> `%ED%A0%80`), which are not valid UTF-8.
 */
export function encodeSegment(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += `%${(0xe0 | (c >> 12)).toString(16).toUpperCase()}%${(0x80 | ((c >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (c & 0x3f)).toString(16).toUpperCase()}`;
    } else {
      out += encodeURIComponent(s[i]!);
    }
  }
  return out;
}

/** `?a=1&b=2` from pairs (values percent-encoded with encodeSegment), or '' for none. */
export function queryString(pairs: [string, string][]): string {
  return pairs.length ? `?${pairs.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).join('&')}` : '';
}

// ---------------------------------------------------------------------------------------------
// Valid inputs from a schema
// ---------------------------------------------------------------------------------------------

export interface ValueContext {
  op: Pick<Operation, 'path' | 'name'>;
  fixtures: Fixtures;
}

const typeOf = (s: JsonSchema): string | undefined => (Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type);

/** The first branch of anyOf/oneOf, allOf merged: the schema a valid value follows. */
export function effectiveSchema(s: JsonSchema): JsonSchema {
  if (s.allOf?.length) {
    const merged: JsonSchema = { ...s, allOf: undefined };
    for (const part of s.allOf.map(effectiveSchema)) {
      merged.type ??= part.type;
      merged.properties = { ...merged.properties, ...part.properties };
      merged.required = [...(merged.required ?? []), ...(part.required ?? [])];
    }
    return merged;
  }
  const branches = s.anyOf ?? s.oneOf;
  if (branches?.length) return effectiveSchema(branches.find((b) => typeOf(b) !== 'null') ?? branches[0]!);
  return s;
}

function fitsString(s: JsonSchema, v: string): boolean {
  if (s.minLength !== undefined && v.length < s.minLength) return false;
  if (s.maxLength !== undefined && v.length > s.maxLength) return false;
  if (s.pattern) {
    try {
      if (!new RegExp(s.pattern, 'u').test(v)) return false;
    } catch {
      if (!new RegExp(s.pattern).test(v)) return false;
    }
  }
  if (s.format === 'email' && !/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(v)) return false;
  if (s.format === 'date-time' && Number.isNaN(Date.parse(v))) return false;
  if (s.format === 'uuid' && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)) return false;
  return true;
}

/** A plausible valid string for field `name` of schema `s` (by enum, id field, format, pattern and name). */
function validString(s: JsonSchema, name: string, ctx: ValueContext): string {
  if (s.enum?.length) return String(s.enum[0]);
  if (s.const !== undefined) return String(s.const);
  const lower = name.toLowerCase();
  const kind = BODY_ID_FIELDS[name];
  if (kind && s.format !== 'binary') {
    const id = ctx.fixtures[kind];
    if (id === undefined) throw new Error(`${ctx.op.name}: body field '${name}' needs a ${kind} fixture`);
    return id;
  }
  if (ID_LIKE.test(name) && s.format !== 'binary') {
    throw new Error(`${ctx.op.name}: body field '${name}' looks like an id but is not in BODY_ID_FIELDS (test/openapi-walk.ts); add it with its fixture kind`);
  }
  const end = /end|until|to_?date/i.test(name);
  const candidates: string[] = [];
  if (s.format === 'date-time') candidates.push(end ? '2024-01-31T23:59:59Z' : '2024-01-01T00:00:00Z');
  if (s.format === 'date') candidates.push(end ? '2024-01-31' : '2024-01-01');
  if (s.format === 'uuid') candidates.push('00000000-0000-4000-8000-000000000000');
  if (s.format === 'email' || lower.includes('email') || lower === 'reply_to' || (lower === 'to' && /email/.test(ctx.op.path))) candidates.push('fuzz.person@example.com');
  if (lower.includes('password')) candidates.push(TEST_PASSWORD);
  if (/avatar|image/.test(lower) && ctx.fixtures.uploadUrl) candidates.push(ctx.fixtures.uploadUrl);
  if (/url|website|link/.test(lower) || s.format === 'uri' || s.format === 'url') candidates.push('https://example.com');
  if (lower === 'to' || lower.includes('phone') || lower.includes('number') || lower === 'msisdn') candidates.push(ctx.op.path.startsWith('/v1/') ? '+6281234567890' : '081234567890');
  if (lower.includes('date')) candidates.push(end ? '2024-01-31' : '2024-01-01');
  // allowed_countries (Verify settings, issue 27): ISO 3166-1 alpha-2 codes.
  if (lower.includes('countr')) candidates.push('ID');
  if (lower === 'language' || lower === 'lang' || lower === 'locale') candidates.push('en');
  if (lower === 'check') candidates.push('true');
  if (lower === 'code') candidates.push('123456');
  if (lower.includes('sender')) candidates.push('Pesan');
  if (lower.includes('timezone') || lower.includes('time_zone') || lower === 'tz') candidates.push('Asia/Jakarta');
  if (lower === 'search' || lower === 'q') candidates.push('');
  candidates.push('Fuzz value', 'fuzz', 'abc', 'a', '1', '081234567890', '+6281234567890', 'fuzz.person@example.com', 'https://example.com', '2024-01-01');
  const min = s.minLength ?? 0;
  for (const c of candidates) if (fitsString(s, c)) return c;
  const fallback = 'a'.repeat(Math.max(min, 1));
  return s.maxLength !== undefined ? fallback.slice(0, Math.max(s.maxLength, min)) : fallback;
}

/** A plausible valid value for schema `s` (field `name`), see validBody. */
export function validValue(schemaIn: JsonSchema, name: string, ctx: ValueContext, depth = 0): unknown {
  const s = effectiveSchema(schemaIn);
  if (s.enum?.length) return s.enum[0];
  if (s.const !== undefined) return s.const;
  const type = typeOf(s) ?? (s.properties ? 'object' : s.items ? 'array' : undefined);
  switch (type) {
    case 'string':
      return validString(s, name, ctx);
    case 'integer':
    case 'number': {
      if (typeof s.default === 'number') return s.default;
      let v = typeof s.minimum === 'number' ? s.minimum : 1;
      if (typeof s.exclusiveMinimum === 'number') v = s.exclusiveMinimum + 1;
      if (typeof s.maximum === 'number' && v > s.maximum) v = s.maximum;
      return v;
    }
    case 'boolean':
      return typeof s.default === 'boolean' ? s.default : false;
    case 'array': {
      const items = s.items ?? { type: 'string' };
      const idItems = BODY_ID_FIELDS[name] ?? (/_ids$|Ids$/.test(name) ? 'idList' : undefined);
      const n = Math.max(s.minItems ?? 0, idItems ? 1 : 0);
      if (n === 0 && Array.isArray(s.default)) return s.default;
      const itemName = name.replace(/_ids$/, '_id').replace(/Ids$/, 'Id');
      return Array.from({ length: n }, () => validValue(items, itemName, ctx, depth + 1));
    }
    case 'object':
    case undefined: {
      if (!s.properties) return type === 'object' ? {} : 'fuzz';
      if (depth > 8) return {};
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) {
        const prop = s.properties[key];
        if (prop) out[key] = validValue(prop, key, ctx, depth + 1);
      }
      return out;
    }
    default:
      return null;
  }
}

/** A valid JSON body for `op` (required fields only), or undefined when it has none or is multipart. */
export function validBody(op: Operation, fixtures: Fixtures): unknown {
  if (!op.body || op.body.contentType !== 'application/json') return undefined;
  return validValue(op.body.schema, '', { op, fixtures });
}

/** Valid query pairs for `op`: every required parameter, plus optional ones with an obvious value. */
export function validQuery(op: Operation, fixtures: Fixtures): [string, string][] {
  return op.queryParams
    .filter((p) => p.required || p.schema?.enum?.length || BODY_ID_FIELDS[p.name])
    .map((p) => [p.name, String(validValue(p.schema ?? { type: 'string' }, p.name, { op, fixtures }))]);
}

// ---------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------

export type FieldPath = (string | number)[];

/**
 * Where one field of a body can be replaced: the root, every documented property (present in
 * `value` or not, nested objects and the first item of arrays included), and one unknown property.
 */
export function mutationTargets(schemaIn: JsonSchema, value: unknown, prefix: FieldPath = [], depth = 0): FieldPath[] {
  const out: FieldPath[] = prefix.length === 0 ? [[]] : [];
  if (depth > 6) return out;
  const s = effectiveSchema(schemaIn);
  if (s.properties && value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, prop] of Object.entries(s.properties)) {
      out.push([...prefix, key]);
      const child = (value as Record<string, unknown>)[key];
      if (child && typeof child === 'object') out.push(...mutationTargets(prop, child, [...prefix, key], depth + 1));
    }
    out.push([...prefix, 'unexpected_field']);
  } else if (Array.isArray(value) && value.length > 0 && s.items) {
    out.push([...prefix, 0]);
    if (value[0] && typeof value[0] === 'object') out.push(...mutationTargets(s.items, value[0], [...prefix, 0], depth + 1));
  }
  return out;
}

/** An array a request of an operation may hold: in its JSON body or a query parameter, at `path` (an array's item as 0). */
export interface RequestArray {
  in: 'body' | 'query';
  path: FieldPath;
  schema: JsonSchema;
}

/**
 * Every array of `op`'s request (issue 23 item 21): body fields at any depth (properties, items,
 * every anyOf/oneOf/allOf branch, a record's values as key `*`) and query parameters. Branches
 * of one field are listed each, so a branch without maxItems is found.
 */
export function requestArrays(op: Operation): RequestArray[] {
  const out: RequestArray[] = [];
  const walk = (s: JsonSchema | undefined, path: FieldPath, where: RequestArray['in'], depth: number): void => {
    if (!s || depth > 16) return;
    if (typeOf(s) === 'array' || (s.items && !s.properties)) {
      out.push({ in: where, path, schema: s });
      walk(s.items, [...path, 0], where, depth + 1);
    }
    for (const [key, prop] of Object.entries(s.properties ?? {})) walk(prop, [...path, key], where, depth + 1);
    if (s.additionalProperties && typeof s.additionalProperties === 'object') walk(s.additionalProperties, [...path, '*'], where, depth + 1);
    for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(branch, path, where, depth + 1);
  };
  if (op.body?.contentType === 'application/json') walk(op.body.schema, [], 'body', 0);
  for (const p of op.queryParams) walk(p.schema, [p.name], 'query', 0);
  return out;
}

/** The schema of the value at `path` inside a value of `schema` (undefined when not documented). */
export function schemaAt(schema: JsonSchema, path: FieldPath): JsonSchema | undefined {
  let node: JsonSchema | undefined = schema;
  for (const key of path) {
    if (!node) return undefined;
    const s: JsonSchema = effectiveSchema(node);
    node = typeof key === 'number' ? s.items : s.properties?.[key];
  }
  return node && effectiveSchema(node);
}

const clone = <T>(v: T): T => (v === undefined ? v : structuredClone(v));

/** A copy of `root` with the value at `path` set (containers created as needed); path [] replaces the root. */
export function setAt(root: unknown, path: FieldPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const out = clone(root) ?? {};
  let node = (typeof out === 'object' && out !== null ? out : {}) as Record<string | number, unknown>;
  const top = node;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string | number, unknown>;
  }
  node[path[path.length - 1]!] = value;
  return top;
}

/** A copy of `root` without the value at `path` (array items are spliced out). */
export function deleteAt(root: unknown, path: FieldPath): unknown {
  if (path.length === 0) return undefined;
  const out = clone(root);
  let node = out as Record<string | number, unknown> | undefined;
  for (const key of path.slice(0, -1)) node = node?.[key] as Record<string | number, unknown> | undefined;
  const last = path[path.length - 1]!;
  if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1);
  else if (node && typeof node === 'object') delete node[last];
  return out;
}

// ---------------------------------------------------------------------------------------------
// JSON text with tokens JSON.stringify cannot write
// ---------------------------------------------------------------------------------------------

/** A JSON token written verbatim by toJsonText, e.g. `new RawJson('-0')` or `new RawJson('1e400')`. */
export class RawJson {
  constructor(readonly text: string) {}
  toJSON(): string {
    return `__raw__${this.text}`;
  }
}

/** JSON text of `value`, with RawJson tokens written verbatim (lone surrogates are escaped as `\udXXX`). */
export function toJsonText(value: unknown): string {
  const text = JSON.stringify(value === undefined ? null : value);
  return text.replace(/"__raw__((?:[^"\\]|\\.)*)"/g, (_, raw: string) => JSON.parse(`"${raw}"`) as string);
}

// ---------------------------------------------------------------------------------------------
// Responses: the error envelope and readable failure messages
// ---------------------------------------------------------------------------------------------

export interface Reply {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

/**
 * What is wrong with the error envelope of a 4xx/5xx `res` (§6:
 * `{error: {code: string, message: non-empty string, request_id === X-Request-Id}}`), or undefined.
 */
export function envelopeProblem(res: Reply): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `the body is not JSON (content-type ${String(res.headers['content-type'])})`;
  }
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  if (!error || typeof error !== 'object') return 'no `error` object';
  if (typeof error['code'] !== 'string' || error['code'] === '') return '`error.code` is not a non-empty string';
  if (typeof error['message'] !== 'string' || error['message'].trim() === '') return '`error.message` is not a non-empty string';
  const requestId = res.headers['x-request-id'];
  if (typeof requestId !== 'string' || requestId === '') return 'no X-Request-Id header';
  if (error['request_id'] !== requestId) return `error.request_id ${JSON.stringify(error['request_id'])} is not the X-Request-Id header ${JSON.stringify(requestId)}`;
  return undefined;
}

/** A string shown escaped (NUL, lone surrogates visible) and cut to `max` characters. */
export function excerpt(s: string | Buffer | undefined, max = 400): string {
  if (s === undefined) return '(none)';
  const text = Buffer.isBuffer(s) ? s.toString('latin1') : s;
  const cut = text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
  return JSON.stringify(cut);
}

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** `METHOD url`, the request headers and body, the status and the answer: enough to replay a failure. */
export function describeExchange(req: SentRequest, res: Reply | undefined): string {
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, /cookie|authorization/i.test(k) ? `${v.slice(0, 12)}…` : v.length > 200 ? `${v.slice(0, 200)}… (${v.length} chars)` : v]));
  return [
    `${req.method} ${req.url.length > 300 ? `${req.url.slice(0, 300)}… (${req.url.length} chars)` : req.url}`,
    `  request headers: ${JSON.stringify(headers)}`,
    `  request body: ${excerpt(req.payload)}`,
    res ? `  -> ${res.statusCode} ${excerpt(res.body, 600)}` : '  -> no answer',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Database and file fingerprint: proves that nothing was stored
// ---------------------------------------------------------------------------------------------

/**
 * Tables that legitimately change on refused input: `login_failures` (a wrong password is
 * recorded), `rate_limits` (counters), `used_signatures` (replay protection). The pg-boss schema
 * is not in `public`, so it is never hashed.
 */
export const TABLES_CHANGED_BY_REFUSALS = ['login_failures', 'rate_limits', 'used_signatures'];

/**
 * Columns any signed-in request may refresh, refused or not, left out of the hash: a session's
 * last-seen time (one write a minute, plugins/session.ts LAST_SEEN_RESOLUTION_MS).
 */
export const COLUMNS_CHANGED_BY_REQUESTS: Record<string, string[]> = { sessions: ['last_seen_at'] };

export type Fingerprint = Record<string, string>;

export interface Fingerprinter {
  /** Hash per table of the public schema (and `files:` per file under DATA_DIR). */
  take(): Promise<Fingerprint>;
  /**
   * The fingerprint once work that runs after an answer (e.g. the quota warning check) has landed
   * (`app.afterAnswer.drain()`). Account mail is a queued job (pgboss schema, not hashed).
   */
  settle(): Promise<Fingerprint>;
  /** The tables and files whose hash differs between `before` and `after`, with a hint at the rows. */
  diff(before: Fingerprint, after: Fingerprint): Promise<string[]>;
  tables: string[];
}

function listFiles(dir: string, root = dir): [string, number][] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return listFiles(full, root);
    let size = -1;
    try {
      size = statSync(full).size;
    } catch {
      // Vanished between readdir and stat: still listed.
    }
    return [[relative(root, full), size] as [string, number]];
  });
}

/**
 * One SQL statement hashing every table of the public schema (rows as text, sorted), minus
 * `exclude`, plus the file list of DATA_DIR (mail outbox, uploads, reports).
 */
export async function createFingerprinter(t: TestApp, exclude: string[] = TABLES_CHANGED_BY_REFUSALS): Promise<Fingerprinter> {
  const exec = (sql: string) => t.ctx.database.executor.executeSql(sql);
  const { rows } = await exec(
    "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1",
  );
  const tables = (rows as { name: string }[]).map((r) => r.name).filter((n) => !exclude.includes(n));
  const q = (n: string) => `"${n.replace(/"/g, '""')}"`;
  const rowText = (n: string) => (COLUMNS_CHANGED_BY_REQUESTS[n] ? `(to_jsonb(x) - array[${COLUMNS_CHANGED_BY_REQUESTS[n]!.map((c) => `'${c}'`).join(', ')}]::text[])::text` : 'x::text');
  const sql = `select ${tables.map((n) => `(select md5(coalesce(string_agg(${rowText(n)}, ',' order by ${rowText(n)}), '')) from ${q(n)} x) as ${q(n)}`).join(', ')}`;
  const take = async (): Promise<Fingerprint> => {
    const [row] = (await exec(sql)).rows as Record<string, string>[];
    const files = listFiles(t.dataDir).sort(([a], [b]) => a.localeCompare(b));
    return { ...row, files: JSON.stringify(files) };
  };
  return {
    tables,
    take,
    async settle() {
      await t.app.afterAnswer.drain();
      return take();
    },
    async diff(before, after) {
      const changed = Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
      const out: string[] = [];
      for (const name of changed) {
        if (name === 'files') {
          const a = new Set((JSON.parse(before[name] ?? '[]') as [string, number][]).map((f) => f.join(':')));
          const b = (JSON.parse(after[name] ?? '[]') as [string, number][]).map((f) => f.join(':'));
          out.push(`files under DATA_DIR: ${b.filter((f) => !a.has(f)).join(', ') || '(removed or resized)'}`);
        } else {
          const sample = await exec(`select x::text as row from ${q(name)} x order by x::text desc limit 3`).catch(() => ({ rows: [] }));
          out.push(`table ${name} (some rows now: ${excerpt((sample.rows as { row: string }[]).map((r) => r.row).join(' | '), 300)})`);
        }
      }
      return out;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Tenant fixtures: one organization with everything a path parameter can name
// ---------------------------------------------------------------------------------------------

/** A 1×1 PNG: the smallest image POST /api/upload accepts. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A multipart/form-data body of `parts` with `boundary`. */
export function multipartBody(boundary: string, parts: { name: string; filename?: string; type?: string; data: string | Buffer }[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`, 'latin1'));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data, 'utf8'));
    chunks.push(Buffer.from('\r\n', 'latin1'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`, 'latin1'));
  return Buffer.concat(chunks);
}

export interface Tenant {
  email: string;
  cookie: string;
  userId: string;
  organizationId: string;
  applicationId: string;
  /** Access token (JWT) per channel, from the token files the console hands out. */
  tokens: Record<string, string>;
  messageId: string;
  /** A webhook delivery attempt (a test event to the tenant's endpoint, never sent: workers are off). */
  webhookDeliveryId: string;
  /** A generated report (queued: workers are off). */
  reportId: string;
  /** A Draft WhatsApp template of the tenant's application (created through the console API). */
  templateId: string;
  /** A pending invitation of the organization (when POST /api/organization/invitations exists). */
  invitationId?: string;
  /** Another session of the tenant's user, not the one of `cookie` (when GET /api/user/sessions exists). */
  sessionId?: string;
  /** A pending verification started through /v1/verify over SMS (when the route exists), lasting an hour. */
  verificationId?: string;
  /** Stored name of an image this tenant's user uploaded (organization media when the route supports it). */
  upload: string;
  uploadUrl: string;
  /** Headers of a same-origin signed-in console call. */
  headers: Record<string, string>;
}

/** The fixture id of each kind for `tenant` (e-mail tokens are opaque strings nobody owns). */
export function tenantFixtures(tenant: Tenant): Fixtures {
  return {
    application: tenant.applicationId,
    user: tenant.userId,
    organization: tenant.organizationId,
    message: tenant.messageId,
    upload: tenant.upload,
    uploadUrl: tenant.uploadUrl,
    emailToken: 'no-such-email-token',
    webhookDelivery: tenant.webhookDeliveryId,
    report: tenant.reportId,
    template: tenant.templateId,
    invitation: tenant.invitationId,
    session: tenant.sessionId,
    verification: tenant.verificationId,
    // The docs are nobody's: ids that name no page (the suites' app has no docs imported).
    docTitle: DOC_FIXTURE_ID,
    docDescription: DOC_FIXTURE_ID,
  };
}

/** The id the walk puts where a docs page or description id goes (names nothing; docs are not tenant data). */
export const DOC_FIXTURE_ID = '00000000-0000-4000-8000-00000000d0c5';

async function expectStatus(what: string, res: { statusCode: number; body: string }, status: number): Promise<void> {
  if (res.statusCode !== status) throw new Error(`${what}: expected ${status}, got ${res.statusCode} ${res.body.slice(0, 300)}`);
}

/**
 * Creates, through the console API the way a customer does, a tenant: a verified user signed in
 * with an organization, an application with every channel (made post-paid in the database, as the
 * operator CLI does, so sends need no quota), one access token per channel (from the token files),
 * one SMS sent through /v1, one upload (organization media when POST /api/upload takes
 * `purpose=template_media`, else an avatar), a webhook delivery, a report and a Draft template.
 */
export async function createTenant(t: TestApp): Promise<Tenant> {
  const account = await signUpWithOrganization(t);
  const origin = t.ctx.config.publicOrigin;
  const headers = { origin, cookie: account.cookie };
  const channels = await t.app.inject({ method: 'GET', url: '/api/channel', headers });
  await expectStatus('GET /api/channel', channels, 200);
  const channelIds = (channels.json().data as { id: string }[]).map((c) => c.id);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/application',
    headers,
    payload: { applicationName: 'Tenant App', channels: channelIds.map((channel) => ({ channel })) },
  });
  await expectStatus('POST /api/application', created, 201);
  const applicationId = (created.json().id ?? created.json().data?.id) as string;
  await t.ctx.database.db.update(applications).set({ billingType: 'post-paid' }).where(eq(applications.id, applicationId));
  const tokens: Record<string, string> = {};
  for (const channel of channelIds) {
    const res = await t.app.inject({ method: 'POST', url: `/api/channel/generate/access-token/${applicationId}`, headers, payload: { channel } });
    await expectStatus(`generate ${channel} token`, res, 200);
    const entry = parseTokenFile(res.body).find((e) => e.channel === channel);
    if (!entry) throw new Error(`no ${channel} entry in the token file: ${res.body.slice(0, 200)}`);
    tokens[channel] = entry.accessToken;
  }
  const sent = await t.app.inject({
    method: 'POST',
    url: '/v1/sms/messages',
    headers: { authorization: `Bearer ${tokens['sms']}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ to: '+6281234567890', text: 'Tenant fixture' }),
  });
  await expectStatus('POST /v1/sms/messages', sent, 202);
  const messageId = sent.json().id as string;
  const boundary = 'tenantfixture';
  let upload: { statusCode: number; body: string; json(): { data: { url: string } } } | undefined;
  for (const query of ['?purpose=template_media', '']) {
    upload = await t.app.inject({
      method: 'POST',
      url: `/api/upload${query}`,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipartBody(boundary, [{ name: 'image', filename: 'a.png', type: 'image/png', data: TINY_PNG }]),
    });
    if (upload.statusCode === 201) break;
  }
  await expectStatus('POST /api/upload', upload!, 201);
  const uploadUrl = upload!.json().data.url;
  const hook = await t.app.inject({ method: 'PUT', url: `/api/application/${applicationId}/webhook`, headers, payload: { url: 'http://127.0.0.1:9/hook', enabled: true } });
  await expectStatus('PUT webhook', hook, 200);
  const test = await t.app.inject({ method: 'POST', url: `/api/application/${applicationId}/webhook/test`, headers });
  await expectStatus('POST webhook/test', test, 200);
  const webhookDeliveryId = test.json().data.id as string;
  const day = new Date().toISOString().slice(0, 10);
  const report = await t.app.inject({
    method: 'POST',
    url: '/api/report/generate-report',
    headers,
    payload: { application_id: applicationId, title: 'tenant report', channel: 'sms', status: [], start_date: day, end_date: day, type: 'csv' },
  });
  await expectStatus('POST /api/report/generate-report', report, 201);
  const reportId = report.json().data._id as string;
  const template = await t.app.inject({
    method: 'POST',
    url: '/api/wa/template?draft=true',
    headers,
    payload: { application_id: applicationId, template_name: 'tenant_template', template_category: 'UTILITY', language: 'en', body: { text: 'Your order is on its way.' } },
  });
  await expectStatus('POST /api/wa/template', template, 201);
  const templateId = template.json().data._id as string;
  // Teams (§5.1), once their routes exist (404 before): a pending invitation, and a second session.
  let invitationId: string | undefined;
  const invite = await t.app.inject({
    method: 'POST',
    url: '/api/organization/invitations',
    headers,
    payload: { email: `invitee-${Math.random().toString(36).slice(2, 10)}@example.com`, role: 'viewer' },
  });
  if (invite.statusCode !== 404) {
    await expectStatus('POST /api/organization/invitations', invite, 201);
    invitationId = invite.json().data.id as string;
  }
  let sessionId: string | undefined;
  if ((await t.app.inject({ method: 'GET', url: '/api/user/sessions', headers })).statusCode !== 404) {
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin }, payload: { email: account.user.email, password: TEST_PASSWORD } });
    await expectStatus('second POST /api/auth/login', again, 200);
    const list = await t.app.inject({ method: 'GET', url: '/api/user/sessions', headers });
    await expectStatus('GET /api/user/sessions', list, 200);
    sessionId = (list.json().data as { id: string; current: boolean }[]).find((x) => !x.current)?.id;
    if (!sessionId) throw new Error(`GET /api/user/sessions lists no second session: ${list.body.slice(0, 300)}`);
  }
  // Verify (§6.4), once its routes exist (404 before): a pending verification lasting an hour.
  let verificationId: string | undefined;
  if (tokens['sms_otp']) {
    const started = await t.app.inject({
      method: 'POST',
      url: '/v1/verify',
      headers: { authorization: `Bearer ${tokens['sms_otp']}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ to: '+6281234567891', channel: 'sms', expires_in: 3600 }),
    });
    if (started.statusCode !== 404) {
      await expectStatus('POST /v1/verify', started, 201);
      verificationId = started.json().id as string;
    }
  }
  return {
    email: account.user.email,
    cookie: account.cookie,
    userId: account.user.id,
    organizationId: account.organizationId,
    applicationId,
    tokens,
    messageId,
    webhookDeliveryId,
    reportId,
    templateId,
    invitationId,
    sessionId,
    verificationId,
    upload: uploadUrl.split('/').pop()!,
    uploadUrl,
    headers,
  };
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export interface RequestParts {
  fixtures: Fixtures;
  /** Path parameter values instead of the fixtures (percent-encoded unless named in `rawPath`). */
  pathValues?: Record<string, string>;
  rawPath?: ReadonlySet<string>;
  /** Query pairs instead of validQuery. */
  query?: [string, string][];
  /** JSON body instead of validBody (`undefined` = the valid one). */
  json?: unknown;
  /** A payload sent verbatim with this content type (or none when null) instead of JSON. */
  raw?: { contentType: string | null; payload: string | Buffer };
  /** Headers added last (credentials, origin, sec-fetch-site, idempotency-key…). */
  headers?: Record<string, string>;
}

/** The valid multipart body of an upload operation: one PNG in its first documented binary field. */
export function validMultipart(op: Operation, boundary = 'pesanfuzz'): { contentType: string; payload: Buffer } {
  const props = op.body?.schema.properties ?? {};
  const field = Object.keys(props).find((k) => props[k]!.format === 'binary') ?? op.body?.schema.required?.[0] ?? 'file';
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: multipartBody(boundary, [{ name: field, filename: 'a.png', type: 'image/png', data: TINY_PNG }]) };
}

/** The path parameter values of `op` from `fixtures` (throws UnknownPathParameterError). */
export function fixturePathValues(op: Operation, fixtures: Fixtures): Record<string, string> {
  const values: Record<string, string> = {};
  for (const p of op.pathParams) {
    const kind = paramKind(op, p.name);
    const v = fixtures[kind];
    if (v === undefined) throw new Error(`${op.name}: no ${kind} fixture for {${p.name}}`);
    values[p.name] = v;
  }
  return values;
}

/** A request for `op`: valid path, query and body from `parts.fixtures` unless overridden. */
export function buildRequest(op: Operation, parts: RequestParts): SentRequest {
  const values = { ...fixturePathValues(op, parts.fixtures), ...parts.pathValues };
  const url = fillPath(op.path, values, parts.rawPath) + queryString(parts.query ?? validQuery(op, parts.fixtures));
  const headers: Record<string, string> = {};
  let payload: string | Buffer | undefined;
  if (parts.raw) {
    if (parts.raw.contentType !== null) headers['content-type'] = parts.raw.contentType;
    payload = parts.raw.payload;
  } else if (op.body?.contentType === 'multipart/form-data' && parts.json === undefined) {
    const m = validMultipart(op);
    headers['content-type'] = m.contentType;
    payload = m.payload;
  } else if (op.body || parts.json !== undefined) {
    const json = parts.json !== undefined ? parts.json : validBody(op, parts.fixtures);
    if (json !== undefined || op.body?.required) {
      headers['content-type'] = 'application/json';
      payload = toJsonText(json);
    }
  }
  return { method: op.method, url, headers: { ...headers, ...parts.headers }, payload };
}

/** Sends `req` through inject (no socket). */
export async function send(t: TestApp, req: SentRequest): Promise<Reply> {
  if (req.method === 'GET') {
    // A GET may open a Server-Sent Events stream that never ends by itself: read its head, then
    // hang up as a browser closing the tab does; any other answer is read whole.
    const res = await t.app.inject({ method: 'GET', url: req.url, headers: req.headers, payloadAsStream: true });
    const headers = res.headers as Record<string, unknown>;
    if (isEventStream(headers)) {
      (res.raw.res as unknown as { destroy(): void }).destroy();
      return { statusCode: res.statusCode, body: '', headers };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of res.stream()) chunks.push(Buffer.from(chunk as Uint8Array));
    return { statusCode: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), headers };
  }
  const res = await t.app.inject({ method: req.method as HttpMethod, url: req.url, headers: req.headers, ...(req.payload !== undefined ? { payload: req.payload } : {}) });
  return { statusCode: res.statusCode, body: res.body, headers: res.headers as Record<string, unknown> };
}

/** Whether an answer is a Server-Sent Events stream (GET /api/events/stream). */
const isEventStream = (headers: Record<string, unknown>) => String(headers['content-type'] ?? '').startsWith('text/event-stream');

/**
 * Sends `req` over a real socket to `base` (the app listening on loopback): a body cut short
 * reaches the parsers the way a dropped connection does, which inject does not reproduce.
 */
export async function sendOverSocket(base: string, req: SentRequest): Promise<Reply> {
  const res = await fetch(`${base}${req.url}`, {
    method: req.method,
    headers: req.headers,
    ...(req.payload !== undefined && req.method !== 'GET' && req.method !== 'HEAD' ? { body: typeof req.payload === 'string' ? req.payload : new Uint8Array(req.payload) } : {}),
  });
  const headers: Record<string, unknown> = {};
  res.headers.forEach((value, key) => {
    headers[key] = value;
  });
  if (isEventStream(headers)) {
    await res.body?.cancel();
    return { statusCode: res.status, body: '', headers };
  }
  return { statusCode: res.status, body: await res.text(), headers };
}

/**
 * The access token `tenant` must use on a bearerAuth operation: the first of its channel tokens
 * the route does not refuse with 401/403 (probed with an empty JSON object body, which the route
 * refuses with 400 after authentication, so nothing is sent).
 */
export async function tokenFor(t: TestApp, op: Operation, tenant: Tenant): Promise<string> {
  const seen: string[] = [];
  for (const [channel, token] of Object.entries(tenant.tokens)) {
    const req = buildRequest(op, { fixtures: tenantFixtures(tenant), ...(op.body ? { raw: { contentType: 'application/json', payload: '{}' } } : {}), headers: { authorization: `Bearer ${token}` } });
    const res = await send(t, req);
    seen.push(`${channel}: ${res.statusCode}`);
    if (res.statusCode !== 401 && res.statusCode !== 403) return token;
  }
  throw new Error(`${op.name}: every channel token is refused (${seen.join(', ')})`);
}
