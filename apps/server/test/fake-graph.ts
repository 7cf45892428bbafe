/**
 * A loopback stand-in for Meta's Graph API (Cloud API send and template management, ARCHITECTURE.md
 * §6.1): records every request (path, headers, JSON body) and answers like Meta: a send
 * `{messaging_product, contacts, messages: [{id: 'wamid.…'}]}`, or a scripted error for a
 * recipient (a Graph error body `{error: {message, type, code, error_subcode, error_data,
 * fbtrace_id}}` or a bare 500); `POST /{waba_id}/message_templates` Meta's published answer
 * `{id, status, category}` (or a scripted error by template name); Meta's template edit
 * `POST /{template_id}` and `DELETE /{waba_id}/message_templates` `{success: true}`; the Resumable
 * Upload API (Meta's "Upload a file" guide): `POST /{app_id}/uploads?file_name&file_length&file_type`
 * answers `{id: 'upload:…'}` and `POST /upload:…` (headers `Authorization: OAuth {token}` and
 * `file_offset: 0`, the bytes as the body) answers `{h: '4::…'}`; a session whose bytes do not
 * match its `file_length`, or an unknown session, answers Meta's error.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface GraphRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** When it arrived (ms since the epoch). */
  at: number;
  /** The phone number id of the path `/{version}/{phone_number_id}/messages`. */
  phoneNumberId: string;
}

/** A scripted answer: a Graph error (code, HTTP status, message, details) or a bare HTTP 500. */
export type GraphAnswer = { code: number; http?: number; message: string; details?: string; subcode?: number } | { bare500: true } | null;

export interface FakeGraph {
  url: string;
  requests: GraphRequest[];
  /** wamids answered, in order. */
  wamids: string[];
  /**
   * Script by recipient digits (`to`): called with the attempt number (1 = first), returns the
   * error to answer or null for success.
   */
  script: Map<string, (attempt: number) => GraphAnswer>;
  /** Requests for recipient `to` (digits). */
  requestsTo(to: string): GraphRequest[];
  /**
   * Throughput per phone number id, as Meta enforces it: more than `perSecond` requests within any
   * second are answered with error 130429 (and counted in `throttled`).
   */
  rateLimits: Map<string, number>;
  throttled: GraphRequest[];
  /** Template requests (`/message_templates` and template edits), in order; not in `requests`. */
  templateRequests: GraphRequest[];
  /** Template ids answered to `POST /{waba_id}/message_templates`, in order. */
  templateIds: string[];
  /** Script by template name: an error to answer, or the status to answer instead of PENDING. */
  templateScript: Map<string, GraphAnswer | { status: string }>;
  /** Files uploaded with the Resumable Upload API, in order: the session's query, the headers and bytes of the upload, the handle answered. */
  uploads: { appId: string; fileName: string; fileLength: number; fileType: string; headers: IncomingHttpHeaders; bytes: Buffer; handle: string }[];
  close(): Promise<void>;
}

/** Meta's error examples (error codes page): message as Graph phrases it. */
export const GRAPH_ERRORS = {
  throughput: { code: 130429, http: 400, message: '(#130429) Rate limit hit', details: 'Cloud API message throughput has been reached.' },
  undeliverable: { code: 131026, http: 400, message: '(#131026) Message Undeliverable', details: 'Message failed to send because of an unknown error with the recipient.' },
  token: { code: 190, http: 401, message: 'Error validating access token: Session has expired on Friday, 01-Jan-21 00:00:00 PST.', subcode: 463 },
} as const;

/** Starts the fake on 127.0.0.1 (a free port); `url` is the WHATSAPP_GRAPH_URL to use (with a version path). */
export async function startFakeGraph(): Promise<FakeGraph> {
  const requests: GraphRequest[] = [];
  const wamids: string[] = [];
  const script = new Map<string, (attempt: number) => GraphAnswer>();
  const rateLimits = new Map<string, number>();
  const throttled: GraphRequest[] = [];
  const accepted = new Map<string, number[]>();
  const templateRequests: GraphRequest[] = [];
  const templateIds: string[] = [];
  const templateScript = new Map<string, GraphAnswer | { status: string }>();
  let nextTemplateId = 1_689_556_908_129_832;
  const uploads: FakeGraph['uploads'] = [];
  const sessions = new Map<string, { appId: string; fileName: string; fileLength: number; fileType: string }>();
  const graphError = (answer: Exclude<GraphAnswer, null | { bare500: true }>) =>
    JSON.stringify({
      error: {
        message: answer.message,
        type: 'OAuthException',
        code: answer.code,
        ...(answer.subcode ? { error_subcode: answer.subcode } : {}),
        ...(answer.details ? { error_data: { messaging_product: 'whatsapp', details: answer.details } } : {}),
        fbtrace_id: 'A7fYaJxYbQ1Zr8Jx9x',
      },
    });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        // recorded as {}
      }
      const phoneNumberId = /^\/[^/]+\/([^/]+)\//.exec(req.url ?? '')?.[1] ?? '';
      const r: GraphRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, at: Date.now(), phoneNumberId };
      const path = (req.url ?? '').split('?')[0]!;
      res.setHeader('content-type', 'application/json');
      // Resumable Upload API: start a session, then send the bytes at offset 0.
      const startUpload = /^\/[^/]+\/(\d+)\/uploads$/.exec(path);
      if (req.method === 'POST' && startUpload) {
        const q = new URL(req.url ?? '', 'http://x').searchParams;
        const fileLength = Number(q.get('file_length'));
        const fileType = q.get('file_type') ?? '';
        if (!Number.isInteger(fileLength) || fileLength <= 0 || !['application/pdf', 'image/jpeg', 'image/jpg', 'image/png', 'video/mp4'].includes(fileType)) {
          res.statusCode = 400;
          return res.end(graphError({ code: 100, message: '(#100) Invalid parameter', details: 'file_length and a supported file_type are required' }));
        }
        const id = `upload:${Buffer.from(`${randomBytes(9).toString('hex')}?file_name=${q.get('file_name') ?? ''}`).toString('base64')}?sig=ARZ${randomBytes(6).toString('hex')}`;
        sessions.set(id, { appId: startUpload[1]!, fileName: q.get('file_name') ?? '', fileLength, fileType });
        return res.end(JSON.stringify({ id }));
      }
      const sessionId = decodeURIComponent((req.url ?? '').replace(/^\/[^/]+\//, ''));
      if (req.method === 'POST' && sessionId.startsWith('upload:')) {
        const session = sessions.get(sessionId);
        const bytes = Buffer.concat(chunks);
        if (!session || req.headers['file_offset'] !== '0' || bytes.length !== session.fileLength || !String(req.headers.authorization ?? '').startsWith('OAuth ')) {
          res.statusCode = 400;
          return res.end(graphError({ code: 100, message: '(#100) Invalid upload session or offset' }));
        }
        sessions.delete(sessionId);
        const handle = `4::aW1hZ2UvanBlZw==:ARa${randomBytes(24).toString('base64url')}`;
        uploads.push({ ...session, headers: req.headers, bytes, handle });
        return res.end(JSON.stringify({ h: handle }));
      }
      // Template management: /{version}/{waba_id}/message_templates, and the edit /{version}/{template_id}.
      if (/^\/[^/]+\/[^/]+\/message_templates$/.test(path) || (req.method === 'POST' && /^\/[^/]+\/\d+$/.test(path))) {
        templateRequests.push(r);
        if (req.method === 'DELETE' || !path.endsWith('/message_templates')) return res.end('{"success":true}');
        const scripted = templateScript.get(String(body['name'] ?? ''));
        if (scripted && 'code' in scripted) {
          res.statusCode = scripted.http ?? 400;
          return res.end(graphError(scripted));
        }
        const id = String(nextTemplateId++);
        templateIds.push(id);
        return res.end(JSON.stringify({ id, status: scripted && 'status' in scripted ? scripted.status : 'PENDING', category: body['category'] }));
      }
      requests.push(r);
      const to = String(body['to'] ?? '');
      const attempt = requests.filter((x) => x.body['to'] === to).length;
      let answer = script.get(to)?.(attempt) ?? null;
      const limit = rateLimits.get(phoneNumberId);
      if (!answer && limit !== undefined) {
        const times = (accepted.get(phoneNumberId) ?? []).filter((t) => t > r.at - 1000);
        if (times.length >= limit) {
          throttled.push(r);
          answer = GRAPH_ERRORS.throughput;
        } else times.push(r.at);
        accepted.set(phoneNumberId, times);
      }
      if (answer && 'bare500' in answer) {
        res.statusCode = 500;
        return res.end('{"error":{"message":"An unknown error occurred","type":"OAuthException","code":1,"fbtrace_id":"AbC"}}');
      }
      if (answer) {
        res.statusCode = answer.http ?? 400;
        return res.end(graphError(answer));
      }
      const wamid = `wamid.HBgL${randomBytes(18).toString('base64url')}`;
      wamids.push(wamid);
      res.statusCode = 200;
      res.end(JSON.stringify({ messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: wamid }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v23.0`,
    requests,
    wamids,
    script,
    requestsTo: (to) => requests.filter((r) => r.body['to'] === to),
    rateLimits,
    throttled,
    templateRequests,
    templateIds,
    templateScript,
    uploads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
