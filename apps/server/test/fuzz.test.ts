/**
 * The fuzz guard of issue 6 (ARCHITECTURE.md §5, §6, §8: "every bad input gets a clear error and
 * changes nothing"). Property-based with fast-check over EVERY operation of the OpenAPI documents
 * (the console's /api and the public /v1, merged by openapi-walk.ts), signed in where the route needs it (session cookie and same
 * origin; for /v1 the channel's real access token of a post-paid application). For each operation
 * it sends generated inputs:
 * - a valid body with ONE field replaced (or removed) by a nasty value of one class: text-safety
 *   (NUL, lone surrogates, control characters), sizes (empty, blank, 100k characters, over the
 *   1 MB body limit), unicode and injection strings (emoji, RTL, SQL, HTML, path traversal), extreme
 *   numbers (1e308, 1e400, -0, 2**53+1, 'NaN'), extreme dates ('0000-01-01T00:00:00Z',
 *   '9999-12-31', '2024-02-30'), wrong types (null, arrays, objects, deep nesting, __proto__);
 * - random JSON bodies (fc.jsonValue) and valid bodies with random extra fields;
 * - wrong content types (text/plain, form-urlencoded, multipart on JSON routes, XML, none,
 *   UTF-16), malformed JSON (empty, truncated, BOM, invalid UTF-8, __proto__ keys), JSON nested
 *   100k deep and bodies around the 1 MB limit (every such case runs, as fast-check examples);
 * - on the upload route: truncated (at a random byte), malformed, oversized and random multipart
 *   bodies, half of the random ones over a real loopback socket, where a body cut short reaches
 *   the parser as a dropped connection does (inject cannot reproduce that);
 * - nasty path parameters (percent-encoded, and raw encodings such as `%ED%A0%80`, `%zz`, `..`),
 *   query parameters and headers (set, removed, repeated, unknown), and forged credentials.
 * Every response must have status < 500, an X-Request-Id header, and on 4xx the envelope
 * `{error: {code, message (non-empty), request_id === X-Request-Id}}`; and a refused (4xx) request
 * must store NOTHING: the fingerprint of every public table (minus login_failures, rate_limits,
 * used_signatures; pg-boss has its own schema) and of the files under DATA_DIR is compared before
 * and after (after a success, once work that runs after the answer has landed). Fixed seeds (one
 * per operation and input class, FUZZ_SEED to vary, FUZZ_SCALE to run more); a failure names the
 * method, URL, headers, body, status and answer, so it replays. Each operation x input class is
 * its own test, so one defect does not hide another. A route whose path parameter or id field the
 * walk cannot fill fails loudly (extend openapi-walk.ts).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpWithOrganization, TEST_PASSWORD } from './accounts-helper.ts';
import { cookieFrom, createTestApp, sameOrigin } from './harness.ts';
import {
  buildRequest,
  createFingerprinter,
  createTenant,
  deleteAt,
  describeExchange,
  envelopeProblem,
  excerpt,
  fetchOpenApi,
  fixturePathValues,
  listOperations,
  multipartBody,
  mutationTargets,
  schemaAt,
  RawJson,
  requestArrays,
  send,
  sendOverSocket,
  setAt,
  tenantFixtures,
  TINY_PNG,
  toJsonText,
  tokenFor,
  validBody,
  validMultipart,
  validQuery,
  validValue,
  type FieldPath,
  type JsonSchema,
  type Fingerprint,
  type Fingerprinter,
  type Fixtures,
  type Operation,
  type Reply,
  type RequestParts,
  type SentRequest,
  type Tenant,
} from './openapi-walk.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_250_606);
/** Multiplies every run count (e.g. FUZZ_SCALE=10 for a deep local run). */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);

const t = await createTestApp({ workers: false, env: { AUTH_RATE_LIMIT: '100000', V1_RATE_LIMIT: '100000', TOKEN_RATE_LIMIT: '100000' } });
const ops = listOperations(await fetchOpenApi(t));

// ---------------------------------------------------------------------------------------------
// Nasty values. Each is wrapped with a short label so a counterexample prints readably.
// ---------------------------------------------------------------------------------------------

class Nasty {
  constructor(
    readonly label: string,
    readonly value: unknown,
  ) {}
  [fc.toStringMethod](): string {
    return this.label;
  }
}
const labelOf = (value: unknown): string => {
  if (typeof value === 'string') return value.length > 60 ? `${excerpt(value, 20)}` : JSON.stringify(value);
  if (value instanceof RawJson) return `raw(${value.text})`;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}… (${text.length} chars)` : text;
};
const nasty = (value: unknown, label = labelOf(value)) => new Nasty(label, value);
const REMOVE = nasty(Symbol('remove'), '(field removed)');

const deepArray = (depth: number): unknown => (depth === 0 ? [] : [deepArray(depth - 1)]);
const parsed = (json: string) => JSON.parse(json) as unknown;

const TEXT_SAFETY = [
  '\u0000',
  'a\u0000b',
  'a\ud800b',
  '\ud800',
  '\udfff',
  'x\udc00',
  '\ud83d',
  '\u0001\u001f\u007f',
  '\u001b[31mred',
  '\r\n\r\nX-Injected: 1',
  '\u2028\u2029',
  '\ufeffBOM',
  '\uffff\ufffe',
  '\u0085\u00a0',
];
const SIZES = ['', ' ', ' \t\n ', 'a'.repeat(100_000), '😀'.repeat(30_000), 'x'.repeat(1_001), '9'.repeat(5_000), 'a'.repeat(1_100_000)];
const UNICODE_INJECTION = [
  '😀👍🏽👨‍👩‍👧',
  '\u202eevil.exe\u202dgpj.',
  'مرحبا بالعالم',
  'שלום עולם',
  'Z̷̢̛a̶l̷g̸o̵ ̴t̶e̸x̵t̷',
  'ｆｕｌｌｗｉｄｔｈ',
  '𝕏𝕐ℤ 𐍈',
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '1); select pg_sleep(0); --',
  '%27%20OR%201%3D1',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd%00.png',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  'javascript:alert(1)',
  '{{7*7}}${7*7}<%= 7*7 %>',
  '%s%s%s%n',
  '\\',
  '"',
  '`$(id)`',
  '__proto__',
  'constructor',
  'null',
  'undefined',
];
const NUMBERS = [
  new RawJson('1e308'),
  new RawJson('-1e308'),
  new RawJson('1e400'),
  new RawJson('-0'),
  new RawJson('9007199254740993'),
  new RawJson('-9007199254740993'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('1e-400'),
  new RawJson('1.0000000000000001'),
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 63,
  -1,
  0,
  1.5,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_VALUE,
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '0x10',
  ' 1',
  '١٢٣',
];
const DATES = [
  '0000-01-01T00:00:00Z',
  '0000-01-01',
  '9999-12-31',
  '9999-12-31T23:59:59.999Z',
  '2024-02-30',
  '2024-02-30T00:00:00Z',
  '2023-02-29T00:00:00Z',
  '2024-13-01T00:00:00Z',
  '2024-01-01T24:00:00Z',
  '2024-01-01T23:59:60Z',
  '2024-01-01T00:00:00+14:00',
  '2024-01-01T00:00:00-23:59',
  '-000001-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '1970-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '2024-01-01T00:00:00.123456789123Z',
  '20240101',
  '2024-1-1',
  '01/02/2024',
  'yesterday',
  '2024-01-01 00:00:00',
];
const TYPES = [
  null,
  true,
  false,
  0,
  'string',
  [],
  {},
  [null],
  [[[]]],
  { a: { b: { c: {} } } },
  deepArray(400),
  parsed('{"__proto__":{"polluted":true}}'),
  parsed('{"constructor":{"prototype":{"polluted":true}}}'),
  Array.from({ length: 2_000 }, () => ({})),
];

const strings = (values: string[]) => fc.constantFrom(...values.map((v) => nasty(v)));
const BODY_CLASSES: Record<string, fc.Arbitrary<Nasty>> = {
  'text-safety': fc.oneof(
    strings(TEXT_SAFETY),
    fc.string({ unit: fc.constantFrom('a', ' ', '\u0000', '\ud800', '\udc00', '\u001b', '\u200b', 'é', '😀'), minLength: 1, maxLength: 12 }).map((s) => nasty(s)),
  ),
  sizes: strings(SIZES),
  'unicode and injection': fc.oneof(
    strings(UNICODE_INJECTION),
    fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => nasty(s)),
    fc.string({ unit: 'binary', maxLength: 40 }).map((s) => nasty(s)),
  ),
  numbers: fc.oneof(
    fc.constantFrom(...NUMBERS.map((v) => nasty(v))),
    fc.double().map((d) => nasty(d)),
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((b) => nasty(new RawJson(String(b)))),
  ),
  dates: fc.oneof(
    { arbitrary: strings(DATES), weight: 4 },
    { arbitrary: fc.date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => nasty(d.toISOString())), weight: 2 },
    { arbitrary: fc.integer().map((n) => nasty(n)), weight: 1 },
  ),
  types: fc.oneof(fc.constantFrom(...TYPES.map((v) => nasty(v)), REMOVE), fc.jsonValue({ maxDepth: 3 }).map((v) => nasty(v))),
};

/** Path parameter values sent verbatim (already percent-encoded or deliberately broken). */
const RAW_SEGMENTS = ['..', '.', '%2e%2e', '..%2F..%2Fetc%2Fpasswd', '%00', '%ED%A0%80', '%FF', '%', '%zz', '%25', 'a%2Fb', '%3B', '%C0%AE', '%EF%BF%BF', 'a'.repeat(5_000)];

// ---------------------------------------------------------------------------------------------
// Fixtures, credentials and the one exchange every property goes through
// ---------------------------------------------------------------------------------------------

/** The tenant the console routes are fuzzed on (recreated pieces when a fuzzed call removed them). */
let C: Tenant;
/** The tenant the /v1 routes are fuzzed on (the console fuzz never touches its ids). */
let V: Tenant;
/** A fresh uploader per upload property, so the per-user upload limit does not answer every run. */
let uploader: { cookie: string } | undefined;
const v1Tokens = new Map<string, string>();
let fp: Fingerprinter;
let last: Fingerprint;
let requests = 0;
const statuses = new Map<string, number>();
/** Where the app listens on loopback, for the cases that need a real socket. */
let base: string;

beforeAll(async () => {
  C = await createTenant(t);
  V = await createTenant(t);
  for (const op of ops.filter((o) => o.security === 'bearerAuth')) v1Tokens.set(op.name, await tokenFor(t, op, V));
  fp = await createFingerprinter(t);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  await t.close();
});

/**
 * Repairs the console tenant between properties: a fuzzed logout ends the session, a fuzzed
 * DELETE removes the application, a fuzzed password change may change the password.
 */
async function repairConsoleTenant(): Promise<void> {
  const session = await send(t, { method: 'GET', url: '/api/auth/session', headers: { cookie: C.cookie } });
  if (session.statusCode !== 200 || JSON.parse(session.body).data === null) {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: sameOrigin, payload: { email: C.email, password: TEST_PASSWORD } });
    if (login.statusCode === 200) {
      C = { ...C, cookie: cookieFrom(login), headers: { ...sameOrigin, cookie: cookieFrom(login) } };
    } else {
      C = await createTenant(t);
      return;
    }
  }
  const app = await send(t, { method: 'GET', url: `/api/application/${C.applicationId}`, headers: C.headers });
  if (app.statusCode !== 200) {
    const created = await t.app.inject({ method: 'POST', url: '/api/application', headers: C.headers, payload: { applicationName: 'Fuzz App', channels: [{ channel: 'sms' }] } });
    if (created.statusCode !== 201) throw new Error(`could not recreate the fuzz application: ${created.statusCode} ${created.body}`);
    C = { ...C, applicationId: created.json().id as string };
  }
}

const fixturesFor = (op: Operation): Fixtures => tenantFixtures(op.security === 'bearerAuth' ? V : C);

function credentialsFor(op: Operation): Record<string, string> {
  const origin = op.path.startsWith('/api/') ? { ...sameOrigin } : {};
  if (op.security === 'bearerAuth') return { authorization: `Bearer ${v1Tokens.get(op.name)!}` };
  if (op.body?.contentType === 'multipart/form-data' && uploader) return { ...origin, cookie: uploader.cookie };
  // Public console routes are called signed in too (a signed-in person may call them, and
  // GET /api/uploads/{file} then serves the tenant's organization media).
  if (op.path.startsWith('/api/')) return { ...C.headers };
  return origin;
}

/** Builds the request for `op` from the valid one with `parts` changed; the operation's credentials first. */
const request = (op: Operation, parts: Omit<RequestParts, 'fixtures'> = {}): SentRequest =>
  buildRequest(op, { fixtures: fixturesFor(op), ...parts, headers: { ...credentialsFor(op), ...parts.headers } });

/**
 * Sends `req` and throws, with the whole exchange, when an invariant breaks: status < 500, an
 * X-Request-Id, the error envelope on 4xx, and nothing stored by a 4xx.
 */
async function exchange(req: SentRequest, overSocket = false): Promise<Reply> {
  requests++;
  let res: Reply;
  try {
    res = overSocket ? await sendOverSocket(base, req) : await send(t, req);
  } catch (err) {
    throw new Error(`${overSocket ? 'fetch' : 'inject'} threw ${(err as Error).message}\n${describeExchange(req, undefined)}`);
  }
  const bucket = `${String(res.statusCode).slice(0, 1)}xx`;
  statuses.set(bucket, (statuses.get(bucket) ?? 0) + 1);
  // After a success, wait for work that runs after the answer (mail sent after answering) to land.
  const after = res.statusCode < 300 && req.method !== 'GET' ? await fp.settle() : await fp.take();
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`server error ${res.statusCode}`);
  if (typeof res.headers['x-request-id'] !== 'string') problems.push('no X-Request-Id header');
  if (res.statusCode >= 400 && res.statusCode < 500) {
    const envelope = envelopeProblem(res);
    if (envelope) problems.push(`error envelope: ${envelope}`);
    const changed = await fp.diff(last, after);
    if (changed.length) problems.push(`a refused request stored something: ${changed.join('; ')}`);
  }
  last = after;
  if (problems.length) throw new Error(`${problems.join('; ')}${overSocket ? ' (over a real socket)' : ''}\n${describeExchange(req, res)}`);
  return res;
}

/** A seed per operation and input class: adding a route does not change the others' inputs. */
function seedFor(op: Operation, category: string): number {
  let h = 0x811c9dc5;
  for (const ch of `${op.name}|${category}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return (SEED ^ h) | 0;
}

/** Runs `runs` generated cases of `arb` through `exchange` with the seed of (op, category). */
async function fuzz<T>(
  op: Operation,
  category: string,
  arb: fc.Arbitrary<T>,
  runs: number,
  build: (c: T) => SentRequest,
  opts: { overSocket?: (c: T) => boolean; examples?: T[] } = {},
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(fc.limitShrink(arb, 20), async (c) => {
      await exchange(build(c), opts.overSocket?.(c) ?? false);
    }),
    // fast-check counts the examples within numRuns: every example runs, then `runs` random cases.
    { seed: seedFor(op, category), numRuns: (opts.examples?.length ?? 0) + Math.max(1, Math.round(runs * SCALE)), examples: (opts.examples ?? []).map((e) => [e] as [T]) },
  );
}

// ---------------------------------------------------------------------------------------------
// Case builders
// ---------------------------------------------------------------------------------------------

/**
 * How often a mutation of input class `className` picks the field at `path`: fields of the type
 * the class is about (strings for text, numbers for numbers, date fields for dates) are picked
 * more, so a short run still reaches them; every field stays possible.
 */
function targetWeight(op: Operation, path: FieldPath, className: string): number {
  const s = schemaAt(op.body!.schema, path);
  const type = Array.isArray(s?.type) ? s?.type.find((x) => x !== 'null') : s?.type;
  const name = String(path[path.length - 1] ?? '');
  const dateLike = s?.format === 'date' || s?.format === 'date-time' || /date|time|_at$|since|until/i.test(name);
  if (className === 'dates') return dateLike ? 8 : 1;
  if (className === 'numbers') return type === 'integer' || type === 'number' ? 5 : 1;
  if (className === 'types') return 1;
  return type === 'string' && !s?.enum ? 4 : 1;
}

/** The valid JSON body of `op` with the field at `target` replaced by (or removed for) `value`. */
function mutatedBody(op: Operation, target: FieldPath, value: Nasty): Omit<RequestParts, 'fixtures'> {
  const valid = validBody(op, fixturesFor(op));
  if (value === REMOVE) {
    const body = deleteAt(valid, target);
    return body === undefined ? { raw: { contentType: null, payload: '' } } : { json: body };
  }
  return { json: setAt(valid, target, value.value) };
}

/** Content-type cases for a route whose body is `jsonText`. */
function contentTypeCases(jsonText: string): Nasty[] {
  const form = new URLSearchParams(Object.entries((JSON.parse(jsonText) ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)])).toString();
  const utf16 = Buffer.from(`\ufeff${jsonText}`, 'utf16le');
  const c = (contentType: string | null, payload: string | Buffer, label: string) => nasty({ contentType, payload }, label);
  return [
    c('text/plain', jsonText, 'text/plain with the valid JSON'),
    c('application/x-www-form-urlencoded', form || 'a=1', 'form-urlencoded'),
    c('multipart/form-data; boundary=fz', multipartBody('fz', [{ name: 'field', data: jsonText }]), 'multipart on a JSON route'),
    c('application/xml', '<?xml version="1.0"?><a>1</a>', 'XML'),
    c('application/octet-stream', Buffer.from([0, 1, 2, 255]), 'octet-stream'),
    c(null, jsonText, 'no content type'),
    c('application/json; charset=utf-16le', utf16, 'UTF-16 JSON'),
    c('APPLICATION/JSON; charset=UTF-8', jsonText, 'upper-case JSON type'),
    c('application/json, text/plain', jsonText, 'two types'),
    c('application/vnd.api+json', jsonText, 'vendor JSON type'),
  ];
}

/** Malformed JSON text for a route whose valid body is `jsonText`. */
function malformedJsonCases(jsonText: string): Nasty[] {
  const c = (contentType: string | null, payload: string | Buffer, label: string) => nasty({ contentType, payload }, label);
  return [
    c('application/json', '', 'empty JSON body'),
    c('application/json', '{', 'truncated JSON'),
    c('application/json', jsonText.slice(0, Math.max(1, jsonText.length - 2)), 'valid JSON cut short'),
    c('application/json', 'nul', 'bad literal'),
    c('application/json', '\ufeff' + jsonText, 'JSON with a BOM'),
    c('application/json', '{"__proto__":{"polluted":true}}', '__proto__ key'),
    c('application/json', '{"constructor":{"prototype":{"polluted":true}}}', 'constructor.prototype key'),
    c('application/json', 'null', 'null body'),
    c('application/json', '[]', 'array body'),
    c('application/json', '"text"', 'string body'),
    c('application/json', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 'invalid UTF-8'),
    c('application/json', jsonText.replace(/}$/, ',"extra":1,}'), 'trailing comma'),
  ];
}

/** Bodies at the limits: nesting deep enough to overflow a recursive walk (even on a worker thread's larger stack) and sizes around 1 MB. */
function limitCases(jsonText: string): Nasty[] {
  const c = (contentType: string | null, payload: string | Buffer, label: string) => nasty({ contentType, payload }, label);
  // The valid object with one more field written as raw JSON text (JSON.stringify itself recurses).
  const withField = (key: string, raw: string) => (/^\{\s*\}$/.test(jsonText) || !jsonText.startsWith('{') ? `{"${key}":${raw}}` : `${jsonText.replace(/\}\s*$/, '')},"${key}":${raw}}`);
  const padded = (n: number) => withField('padding', `"${'a'.repeat(n)}"`);
  return [
    c('application/json', '['.repeat(100_000) + ']'.repeat(100_000), '100k nested arrays'),
    c('application/json', '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000), '100k nested objects'),
    c('application/json', withField('nested', '['.repeat(100_000) + ']'.repeat(100_000)), 'valid body with a 100k-deep extra field'),
    c('application/json', withField('many', JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i])))), '20k keys'),
    c('application/json', padded(1024 * 1024 - 200), 'just under 1 MB'),
    c('application/json', '"' + 'a'.repeat(1_200_000) + '"', 'over the 1 MB body limit'),
  ];
}

/** Multipart bodies for an upload route: valid, truncated, malformed, oversized, random bytes. */
function multipartCases(op: Operation): { fixed: Nasty[]; arb: fc.Arbitrary<Nasty> } {
  const valid = validMultipart(op, 'fzb');
  const field = /name="([^"]+)"/.exec(valid.payload.toString('latin1'))![1]!;
  const type = valid.contentType;
  const c = (contentType: string | null, payload: string | Buffer, label: string) => nasty({ contentType, payload }, label);
  const png = (data: Buffer, extra: Partial<{ name: string; filename: string; type: string }> = {}) =>
    multipartBody('fzb', [{ name: field, filename: 'a.png', type: 'image/png', data, ...extra }]);
  const fixed = [
    c(type, valid.payload, 'the valid upload'),
    c(type, png(TINY_PNG, { name: 'other' }), 'wrong field name'),
    c(type, multipartBody('fzb', [{ name: field, filename: 'a.png', type: 'image/png', data: TINY_PNG }, { name: field, filename: 'b.png', type: 'image/png', data: TINY_PNG }]), 'two files'),
    c(type, multipartBody('fzb', [{ name: field, data: TINY_PNG }]), 'a field, not a file'),
    c(type, png(Buffer.alloc(0)), 'empty file'),
    c(type, png(TINY_PNG, { filename: '../../../etc/passwd' }), 'traversal file name'),
    c(type, png(TINY_PNG, { filename: 'a\u0000.png' }), 'NUL in the file name'),
    c(type, png(TINY_PNG, { filename: 'ä😀\ud800.png' }), 'unicode and a lone surrogate in the file name'),
    c(type, png(TINY_PNG, { type: 'text/html' }), 'PNG declared as HTML'),
    c(type, png(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')), 'SVG with script'),
    c(type, png(Buffer.concat([TINY_PNG.subarray(0, 16), Buffer.alloc(64, 0xff)])), 'PNG signature then garbage'),
    c(type, png(Buffer.alloc(3 * 1024 * 1024, 0x41)), '3 MB file'),
    c('multipart/form-data', valid.payload, 'no boundary parameter'),
    c('multipart/form-data; boundary=other', valid.payload, 'boundary mismatch'),
    c('multipart/form-data; boundary=', valid.payload, 'empty boundary'),
    c('multipart/mixed; boundary=fzb', valid.payload, 'multipart/mixed'),
    c(type, valid.payload.toString('latin1').replace('--fzb--\r\n', ''), 'no closing boundary'),
    c(type, valid.payload.toString('latin1').replace(/\r\n/g, '\n'), 'LF line ends'),
    c(type, `--fzb\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\n${'X-Pad: a\r\n'.repeat(200)}\r\n\u0089PNG\r\n--fzb--\r\n`, '200 part headers'),
    c(type, Array.from({ length: 20 }, (_, i) => `--fzb\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('') + '--fzb--\r\n', '20 fields'),
    c(type, '', 'empty body'),
    c('application/json', JSON.stringify({ [field]: TINY_PNG.toString('base64') }), 'JSON on the upload route'),
    c('text/plain', 'hello', 'text/plain on the upload route'),
  ];
  const arb = fc.oneof(
    { arbitrary: fc.constantFrom(...fixed), weight: 2 },
    { arbitrary: fc.nat({ max: valid.payload.length - 1 }).map((n) => c(type, valid.payload.subarray(0, n), `the valid upload truncated to ${n} bytes`)), weight: 3 },
    { arbitrary: fc.uint8Array({ maxLength: 3_000 }).map((bytes) => c(type, png(Buffer.from(bytes)), `${bytes.length} random file bytes`)), weight: 1 },
    {
      arbitrary: fc.tuple(fc.nat({ max: valid.payload.length - 1 }), fc.uint8Array({ minLength: 1, maxLength: 64 })).map(([n, bytes]) =>
        c(type, Buffer.concat([valid.payload.subarray(0, n), Buffer.from(bytes), valid.payload.subarray(n)]), `${bytes.length} random bytes inserted at ${n}`),
      ),
      weight: 2,
    },
  );
  return { fixed, arb };
}

/** Forged credentials for a secured route. */
function credentialCases(op: Operation): fc.Arbitrary<Nasty> {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  if (op.security === 'bearerAuth') {
    const token = v1Tokens.get(op.name) ?? 'x.y.z';
    const [h, p, s] = token.split('.');
    const kid = (JSON.parse(Buffer.from(h ?? '', 'base64url').toString() || '{}') as { kid?: string }).kid ?? randomUUID();
    const bearer = (v: string, label: string) => nasty({ authorization: v }, label);
    return fc.oneof(
      fc.constantFrom(
        bearer('Bearer ', 'empty bearer'),
        bearer(`Bearer ${token}x`, 'token with an extra character'),
        bearer(`Bearer ${h}.${b64({ sub: 'other', channel: 'sms' })}.${s}`, 'token with a forged payload'),
        bearer(`Bearer ${b64({ alg: 'none', kid })}.${p}.`, 'alg none'),
        bearer(`Bearer ${b64({ alg: 'HS256', kid })}.${p}.${s}`, 'alg HS256 with a real kid'),
        bearer(`Bearer ${b64({ alg: 'RS256', kid: "' OR 1=1 --" })}.${p}.${s}`, 'SQL in kid'),
        bearer(`Bearer ${'a'.repeat(100_000)}`, '100k-character token'),
        bearer('Basic dXNlcjpwYXNz', 'basic auth'),
        bearer(`Bearer ${token} ${token}`, 'two tokens'),
      ),
      fc.string({ unit: 'binary-ascii', maxLength: 60 }).filter((s) => /^[\x20-\x7e]*$/.test(s)).map((s) => bearer(`Bearer ${s}`, `Bearer ${JSON.stringify(s)}`)),
    );
  }
  const cookie = (v: string, label: string) => nasty({ cookie: v }, label);
  const real = credentialsFor(op).cookie ?? 'pesan_session=x';
  return fc.oneof(
    fc.constantFrom(
      cookie('pesan_session=', 'empty session cookie'),
      cookie(real.slice(0, -1) + (real.endsWith('A') ? 'B' : 'A'), 'tampered signature'),
      cookie(`pesan_session=${'a'.repeat(10_000)}`, '10k cookie'),
      cookie(`${real}; ${real}`, 'the cookie twice'),
      cookie('pesan_session=s%3Aabc.def; pesan_session=%00', 'two forged cookies'),
      cookie("pesan_session=' OR 1=1 --", 'SQL in the cookie'),
    ),
    fc.string({ unit: 'binary-ascii', maxLength: 60 }).filter((s) => /^[\x21-\x7e]*$/.test(s) && !s.includes(';')).map((s) => cookie(`pesan_session=${s}`, `pesan_session=${s}`)),
  );
}

// ---------------------------------------------------------------------------------------------
// Oversized arrays (issue 23 item 21)
// ---------------------------------------------------------------------------------------------

/** Items sent when an array documents no maximum (the probe's 70,000 `channel_id`s). */
const UNBOUNDED_ITEMS = 70_000;
/** Invalid items sent to every body array: the answer's details stay capped. */
const INVALID_ITEMS = 100_000;
/** The largest error answer an oversized array may get, in bytes. */
const MAX_ERROR_BYTES = 10_000;

/** The dotted name of an array field (`components.0.buttons`, `?channel`). */
const arrayName = (a: { in: 'body' | 'query'; path: FieldPath }) => (a.in === 'query' ? `?${a.path.join('.')}` : a.path.join('.') || '(whole body)');

/**
 * The valid body of `op` with `items` at `path`, every container on the way filled with a valid
 * value (an array's item 0 added when the array is empty), so the array itself is what is judged.
 */
function bodyWithArray(op: Operation, path: FieldPath, items: unknown[]): unknown {
  const ctx = { op, fixtures: fixturesFor(op) };
  let body = validBody(op, ctx.fixtures);
  for (let i = 1; i < path.length; i++) {
    const prefix = path.slice(0, i);
    let node: unknown = body;
    for (const key of prefix) node = (node as Record<string | number, unknown> | undefined)?.[key];
    if (node === undefined || node === null || typeof node !== 'object') {
      const schema = schemaAt(op.body!.schema, prefix) ?? {};
      const value = validValue(schema, String(prefix[prefix.length - 1]), ctx);
      body = setAt(body, prefix, Array.isArray(value) && typeof path[i] === 'number' && !value.length ? [validValue(schema.items ?? {}, '', ctx)] : value);
    } else if (Array.isArray(node) && typeof path[i] === 'number' && !node.length) {
      body = setAt(body, prefix, [validValue(schemaAt(op.body!.schema, [...prefix, 0]) ?? {}, '', ctx)]);
    }
  }
  return setAt(body, path, items);
}

// ---------------------------------------------------------------------------------------------
// The properties: every operation, every input class
// ---------------------------------------------------------------------------------------------

describe('fuzz: every documented operation refuses bad input cleanly and stores nothing', () => {
  beforeEach(async () => {
    await repairConsoleTenant();
    last = await fp.settle();
  });

  afterAll(() => {
    const answers = [...statuses].sort().map(([k, n]) => `${n} ${k}`).join(', ');
    console.info(`fuzz: ${requests} requests over ${ops.length} operations (${answers}; seed ${SEED}, scale ${SCALE})`);
  });

  it('documents a maximum (maxItems) for every array of every request, body and query (issue 23 item 21)', () => {
    const unbounded = ops.flatMap((op) => requestArrays(op).filter((a) => a.schema.maxItems === undefined).map((a) => `${op.name} ${arrayName(a)}`));
    expect(unbounded).toEqual([]);
  });

  it('has operations to walk, console and /v1', () => {
    expect(ops.length).toBeGreaterThan(10);
    expect(ops.some((op) => op.path.startsWith('/api/'))).toBe(true);
    expect(ops.some((op) => op.path.startsWith('/v1/'))).toBe(true);
  });

  /** Any id: enough to learn at collection whether the walk knows every path parameter and id field. */
  const anyIds: Fixtures = { application: 'x', user: 'x', organization: 'x', message: 'x', upload: 'x', emailToken: 'x', webhookDelivery: 'x', report: 'x', template: 'x', docTitle: 'x', docDescription: 'x', invitation: 'x', session: 'x', verification: 'x' };

  for (const op of ops) {
    describe(op.name, () => {
      try {
        fixturePathValues(op, anyIds);
        validBody(op, anyIds);
      } catch (err) {
        // A new route with a path parameter or id field the walk cannot fill: fail loudly, once.
        it('maps its path parameters and id fields to fixtures', () => {
          throw err;
        });
        return;
      }
      const json = op.body?.contentType === 'application/json';
      const multipart = op.body?.contentType === 'multipart/form-data';

      if (json) {
        for (const [name, values] of Object.entries(BODY_CLASSES)) {
          it(`body, one field replaced: ${name}`, async () => {
            const targets = mutationTargets(op.body!.schema, validBody(op, fixturesFor(op)));
            const target = fc.oneof(...targets.map((p) => ({ arbitrary: fc.constant(nasty(p, p.length ? p.join('.') : '(whole body)')), weight: targetWeight(op, p, name) })));
            const arb = fc.record({ target, value: values });
            // Every extreme date on every date field first (deterministic), then random cases.
            const examples = name === 'dates' ? targets.filter((p) => targetWeight(op, p, name) > 1).flatMap((p) => DATES.map((d) => ({ target: nasty(p, p.join('.')), value: nasty(d) }))) : [];
            await fuzz(op, `body:${name}`, arb, 10, (c) => request(op, mutatedBody(op, c.target.value as FieldPath, c.value)), { examples });
          });
        }
        it('body: random JSON, and the valid body with random extra fields', async () => {
          const props = Object.keys(op.body!.schema.properties ?? {});
          const keys = props.length ? fc.oneof(fc.constantFrom(...props), fc.string({ maxLength: 10 })) : fc.string({ maxLength: 10 });
          const arb = fc.oneof(
            fc.jsonValue({ maxDepth: 4 }).map((v) => nasty({ whole: v })),
            fc.dictionary(keys, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }).map((extra) => nasty({ extra })),
          );
          await fuzz(op, 'body:random', arb, 10, (c) => {
            const v = c.value as { whole?: unknown; extra?: Record<string, unknown> };
            return request(op, { json: 'extra' in v ? { ...(validBody(op, fixturesFor(op)) as object), ...v.extra } : v.whole });
          });
        });
      }

      if (op.stateChanging && !multipart) {
        // Every case once (examples), then one drawn at random.
        const fixedCases = (name: string, category: string, cases: (jsonText: string) => Nasty[]) =>
          it(name, async () => {
            const all = cases(toJsonText(validBody(op, fixturesFor(op)) ?? {}));
            await fuzz(op, category, fc.constantFrom(...all), 1, (c) => request(op, { raw: c.value as { contentType: string | null; payload: string | Buffer } }), { examples: all });
          });
        fixedCases('body: wrong content types', 'content-type', contentTypeCases);
        fixedCases('body: malformed JSON', 'malformed-json', malformedJsonCases);
        fixedCases('body: deep nesting and the 1 MB limit', 'limits', limitCases);
      }

      if (multipart) {
        it('multipart: truncated, malformed, oversized and random uploads', async () => {
          uploader = await signUpWithOrganization(t);
          last = await fp.settle();
          try {
            // Every fixed case once through inject, then random ones, half of them over a real socket.
            const cases = multipartCases(op);
            const arb = fc.record({ body: cases.arb, socket: fc.boolean() });
            await fuzz(op, 'multipart', arb, 30, (c) => request(op, { raw: c.body.value as { contentType: string | null; payload: string | Buffer } }), {
              overSocket: (c) => c.socket,
              examples: cases.fixed.map((body) => ({ body, socket: false })),
            });
          } finally {
            uploader = undefined;
          }
        });
      }

      if (op.pathParams.length) {
        it('path parameters: nasty, encoded and raw', async () => {
          const names = op.pathParams.map((p) => p.name);
          const arb = fc.record({
            name: fc.constantFrom(...names),
            value: fc.oneof(
              fc.constantFrom(...[...TEXT_SAFETY, ...UNICODE_INJECTION, ...DATES.slice(0, 3), '', ' ', 'a'.repeat(300), '-1', '0', '1e308'].map((v) => nasty({ value: v, raw: false }, JSON.stringify(v).slice(0, 60)))),
              fc.constantFrom(...RAW_SEGMENTS.map((v) => nasty({ value: v, raw: true }, `raw ${v.slice(0, 40)}`))),
              fc.string({ unit: 'binary', maxLength: 30 }).map((v) => nasty({ value: v, raw: false })),
              fc.uuid().map((v) => nasty({ value: v, raw: false })),
            ),
          });
          await fuzz(op, 'path', arb, 10, (c) => {
            const v = c.value.value as { value: string; raw: boolean };
            return request(op, { pathValues: { [c.name]: v.value }, rawPath: new Set(v.raw ? [c.name] : []) });
          });
        });
      }

      it('query and header parameters: nasty, removed, repeated and unknown', async () => {
        const queryNames = op.queryParams.map((p) => p.name);
        const headerNames = op.headerParams.map((p) => p.name);
        const documented = queryNames.length + headerNames.length > 0;
        const value = fc.oneof(
          fc.constantFrom(...[...TEXT_SAFETY, ...SIZES.slice(0, 5), ...UNICODE_INJECTION.slice(0, 12), ...DATES.slice(0, 6), 'NaN', '-1', '1e308', 'true', '[]'].map((v) => nasty(v))),
          fc.string({ unit: 'binary', maxLength: 20 }).map((v) => nasty(v)),
        );
        const headerValue = fc.oneof(
          fc.constantFrom(...['', ' ', 'a'.repeat(1_001), 'a'.repeat(100_000), "' OR 1=1 --", '../../etc/passwd', '\t'].map((v) => nasty(v))),
          fc.string({ unit: 'binary-ascii', maxLength: 40 }).filter((s) => /^[\x20-\x7e]*$/.test(s)).map((v) => nasty(v)),
        );
        const arb = fc.oneof(
          ...(queryNames.length
            ? [
                fc.record({ mode: fc.constant('set' as const), name: fc.constantFrom(...queryNames), value }),
                fc.record({ mode: fc.constant('remove' as const), name: fc.constantFrom(...queryNames), value }),
                fc.record({ mode: fc.constant('repeat' as const), name: fc.constantFrom(...queryNames), value }),
              ]
            : []),
          ...(headerNames.length ? [fc.record({ mode: fc.constant('header' as const), name: fc.constantFrom(...headerNames), value: headerValue })] : []),
          fc.record({ mode: fc.constant('extra' as const), name: fc.constantFrom('__proto__', 'a[b]', 'constructor[prototype][x]', 'page', 'limit', 'x'.repeat(200), ''), value }),
        );
        await fuzz(op, 'query', arb, documented ? 10 : 3, (c) => {
          const query = validQuery(op, fixturesFor(op));
          const v = String(c.value.value);
          if (c.mode === 'header') return request(op, { headers: { [c.name]: v } });
          if (c.mode === 'set') return request(op, { query: [...query.filter(([k]) => k !== c.name), [c.name, v]] });
          if (c.mode === 'remove') return request(op, { query: query.filter(([k]) => k !== c.name) });
          return request(op, { query: [...query, [c.name, v]] }); // 'repeat' a documented name, or an 'extra' one
        });
      });

      const arrays = requestArrays(op);
      if (arrays.length) {
        it('arrays: one item over the maximum (70,000 when none is documented), and 100,000 invalid items', async () => {
          const ctx = { op, fixtures: fixturesFor(op) };
          // One case per field (the largest maximum of its branches: an array over it fits none).
          const fields = new Map<string, { in: 'body' | 'query'; path: FieldPath; max: number; items: JsonSchema | undefined }>();
          for (const a of arrays) {
            const key = arrayName(a);
            const max = a.schema.maxItems ?? UNBOUNDED_ITEMS - 1;
            const known = fields.get(key);
            if (!known || max > known.max) fields.set(key, { in: a.in, path: a.path, max, items: a.schema.items });
          }
          for (const f of fields.values()) {
            const item = validValue(f.items ?? { type: 'string' }, String(f.path[f.path.length - 1] ?? '').replace(/_ids$/, '_id').replace(/s$/, ''), ctx);
            const over = Array.from({ length: f.max + 1 }, () => structuredClone(item));
            const cases: [string, SentRequest][] =
              f.in === 'query'
                ? [[`${f.max + 1} items`, request(op, { query: [...validQuery(op, ctx.fixtures).filter(([k]) => k !== f.path[0]), ...over.map((v): [string, string] => [String(f.path[0]), String(v)])] })]]
                : [
                    [`${f.max + 1} items`, request(op, { json: bodyWithArray(op, f.path, over) })],
                    [`${INVALID_ITEMS} invalid items`, request(op, { json: bodyWithArray(op, f.path, Array.from({ length: INVALID_ITEMS }, () => ({ '': [] }))) })],
                  ];
            // A batch refuses an item alone (ARCHITECTURE.md §6.3): an array over its maximum inside
            // `messages[i]` is that item's 400 in a 202 answer; only the envelope refuses the whole request.
            const inBatchItem = op.path.endsWith('/batch') && f.in === 'body' && f.path[0] === 'messages' && f.path.length > 1;
            for (const [label, req] of cases) {
              const res = await exchange(req);
              const where = `${op.name} ${arrayName(f)} with ${label}: ${res.statusCode} ${excerpt(res.body, 300)}`;
              if (inBatchItem) {
                expect(res.statusCode, where).toBe(202);
                const entries = (JSON.parse(res.body) as { data: { error?: { code: string } }[] }).data;
                expect(entries.length, where).toBeGreaterThan(0);
                expect(entries.every((e) => e.error?.code === 'invalid_request'), where).toBe(true);
              } else expect(res.statusCode >= 400 && res.statusCode < 500, where).toBe(true);
              expect(Buffer.byteLength(res.body), where).toBeLessThanOrEqual(MAX_ERROR_BYTES);
            }
          }
        });
      }

      if (op.security !== 'none') {
        it('credentials: forged tokens and cookies', async () => {
          await fuzz(op, 'credentials', credentialCases(op), 5, (c) => request(op, { headers: c.value as Record<string, string> }));
        });
      }
    });
  }
});
