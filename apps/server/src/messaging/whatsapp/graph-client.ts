/**
 * A minimal client of Meta's Graph API (ARCHITECTURE.md §6.1): the Cloud API send
 * (`POST {graphUrl}/{phone_number_id}/messages`) and template management of a WABA (create, edit,
 * delete), with the system-user bearer token. The token is
 * only ever put in the Authorization header: never in an error, a reason or a log line.
 */

/** How long a Graph call may take before it counts as a (retryable) timeout, in ms. */
export const GRAPH_TIMEOUT_MS = 15_000;

/** Where and as whom the client calls. */
export interface GraphOptions {
  /** Base URL without trailing slash, e.g. https://graph.facebook.com/v23.0 (WHATSAPP_GRAPH_URL). */
  graphUrl: string;
  token: string;
  timeoutMs?: number;
}

/** A Graph call that did not succeed: Meta's error fields when it answered with one, else `network` (no answer, timeout). */
export class GraphError extends Error {
  constructor(
    /** HTTP status; 0 when there was no answer. */
    readonly httpStatus: number,
    /** Meta's `error.code`, or null when the answer carried none. */
    readonly code: number | null,
    /** Meta's title or message, without the `(#code) ` prefix; or a description of the transport problem. */
    readonly title: string,
    /** Meta's `error.error_data.details`, when given. */
    readonly details: string | null,
    readonly subcode: number | null = null,
  ) {
    super(details ? `${title}: ${details}` : title);
  }
}

interface GraphErrorBody {
  error?: { message?: string; type?: string; code?: number; error_subcode?: number; error_user_title?: string; error_user_msg?: string; title?: string; error_data?: { details?: string } };
}

/** A request body that is not JSON: the bytes as a Web stream, and the headers that go with them. */
interface RawBody {
  stream: ReadableStream<Uint8Array>;
  headers: Record<string, string>;
}

/**
 * One Graph API call: `method {graphUrl}/{path}` with the bearer token and, when given, a JSON
 * body or a raw body (its own headers; Meta's file upload authenticates with `OAuth {token}`).
 * Resolves with the parsed JSON answer (null when empty or not JSON).
 * @throws GraphError: Meta's error (code, title, details) on a non-2xx answer; httpStatus 0 on a
 *   network error or after `timeoutMs` (default 15 s).
 */
async function graphRequest(opts: GraphOptions, method: 'GET' | 'POST' | 'DELETE', path: string, body?: Record<string, unknown> | RawBody): Promise<unknown> {
  let res: Response;
  let text: string;
  const raw = body && 'stream' in body && body.stream instanceof ReadableStream ? (body as RawBody) : null;
  try {
    res = await fetch(`${opts.graphUrl}/${path}`, {
      method,
      ...(raw
        ? { headers: raw.headers, body: raw.stream, duplex: 'half' }
        : { headers: { authorization: `Bearer ${opts.token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) }),
      signal: AbortSignal.timeout(opts.timeoutMs ?? GRAPH_TIMEOUT_MS),
    } as RequestInit);
    text = await res.text();
  } catch (err) {
    const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new GraphError(0, null, timeout ? 'The Graph API did not answer in time' : `The Graph API could not be reached (${err instanceof Error ? err.message : String(err)})`, null);
  }
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): described by the status below.
  }
  if (!res.ok) {
    const e = (json as GraphErrorBody | null)?.error;
    const raw = e?.error_user_title ?? e?.title ?? e?.message ?? `The Graph API answered HTTP ${res.status}`;
    throw new GraphError(res.status, typeof e?.code === 'number' ? e.code : null, raw.replace(/^\(#\d+\)\s*/, ''), e?.error_data?.details ?? e?.error_user_msg ?? null, e?.error_subcode ?? null);
  }
  return json;
}

/**
 * Sends a Cloud API message body (`{messaging_product, recipient_type, to, type, …}`) from phone
 * number `phoneNumberId`. Resolves with the wamid (`messages[0].id`).
 * @throws GraphError: Meta's error (code, title, details) on a non-2xx answer; httpStatus 0 on a
 *   network error or after `timeoutMs` (default 15 s); a 2xx without `messages[0].id` is a 502-like GraphError.
 */
export async function graphSendMessage(opts: GraphOptions, phoneNumberId: string, body: Record<string, unknown>): Promise<{ wamid: string }> {
  const json = await graphRequest(opts, 'POST', `${encodeURIComponent(phoneNumberId)}/messages`, body);
  const wamid = (json as { messages?: { id?: unknown }[] } | null)?.messages?.[0]?.id;
  if (typeof wamid !== 'string' || !wamid) throw new GraphError(502, null, 'The Graph API accepted the message without a message id', null);
  return { wamid };
}

/**
 * Submits a template to WABA `wabaId` for review: `POST {graphUrl}/{waba_id}/message_templates`
 * with Meta's create body (contracts/wa-template-model.ts toMetaCreateBody). Resolves with Meta's
 * answer `{id, status, category}` (status PENDING, or APPROVED / REJECTED when Meta decides at once).
 * @throws GraphError as graphRequest; a 2xx without `id` is a 502-like GraphError.
 */
export async function graphCreateTemplate(opts: GraphOptions, wabaId: string, body: Record<string, unknown>): Promise<{ id: string; status: string | null; category: string | null }> {
  const json = (await graphRequest(opts, 'POST', `${encodeURIComponent(wabaId)}/message_templates`, body)) as { id?: unknown; status?: unknown; category?: unknown } | null;
  const id = json?.id;
  if ((typeof id !== 'string' && typeof id !== 'number') || id === '') throw new GraphError(502, null, 'The Graph API accepted the template without a template id', null);
  return { id: String(id), status: typeof json?.status === 'string' ? json.status : null, category: typeof json?.category === 'string' ? json.category : null };
}

/**
 * Submits an edited template again (Meta's edit call): `POST {graphUrl}/{template_id}` with
 * `{category?, components, …}`. Meta reviews it again and answers `{success: true}`.
 * @throws GraphError as graphRequest, and when Meta answers without `success: true`.
 */
export async function graphEditTemplate(opts: GraphOptions, templateId: string, body: Record<string, unknown>): Promise<void> {
  const json = (await graphRequest(opts, 'POST', encodeURIComponent(templateId), body)) as { success?: unknown } | null;
  if (json?.success !== true) throw new GraphError(502, null, 'The Graph API did not confirm the template edit', null);
}

/**
 * Deletes a template of WABA `wabaId`: `DELETE {graphUrl}/{waba_id}/message_templates?name=…`,
 * with `hsm_id` when Meta's template id is known (that one language only).
 * @throws GraphError as graphRequest.
 */
export async function graphDeleteTemplate(opts: GraphOptions, wabaId: string, template: { name: string; hsmId?: string | null }): Promise<void> {
  const query = new URLSearchParams({ name: template.name, ...(template.hsmId ? { hsm_id: template.hsmId } : {}) });
  await graphRequest(opts, 'DELETE', `${encodeURIComponent(wabaId)}/message_templates?${query.toString()}`);
}

/** A file to hand to Meta's Resumable Upload API. */
export interface GraphUploadFile {
  /** The file name Meta records (file_name). */
  name: string;
  /** application/pdf, image/jpeg, image/png or video/mp4 (file_type). */
  mime: string;
  /** Size in bytes (file_length). */
  size: number;
  /** Opens the bytes, from the first. */
  open: () => ReadableStream<Uint8Array>;
}

/**
 * Uploads a file with Meta's Resumable Upload API and resolves with its handle `h`, what a
 * template's media header carries as `example.header_handle` (Meta: "Upload a file"): starts a
 * session, `POST {graphUrl}/{app_id}/uploads?file_name&file_length&file_type` (answer
 * `{id: 'upload:…'}`), then sends the whole file at offset 0, `POST {graphUrl}/{upload session id}`
 * with `Authorization: OAuth {token}` and `file_offset: 0` (answer `{h: '4::…'}`).
 * @throws GraphError as graphRequest; a 2xx without the session id or the handle is a 502-like GraphError.
 */
export async function graphUploadFile(opts: GraphOptions, appId: string, file: GraphUploadFile): Promise<{ handle: string }> {
  const query = new URLSearchParams({ file_name: file.name, file_length: String(file.size), file_type: file.mime });
  const session = (await graphRequest(opts, 'POST', `${encodeURIComponent(appId)}/uploads?${query.toString()}`)) as { id?: unknown } | null;
  const sessionId = session?.id;
  if (typeof sessionId !== 'string' || !sessionId.startsWith('upload:')) throw new GraphError(502, null, 'The Graph API started an upload without a session id', null);
  const done = (await graphRequest(opts, 'POST', sessionId, {
    stream: file.open(),
    headers: { authorization: `OAuth ${opts.token}`, file_offset: '0', 'content-type': 'application/octet-stream', 'content-length': String(file.size) },
  })) as { h?: unknown } | null;
  if (typeof done?.h !== 'string' || !done.h) throw new GraphError(502, null, 'The Graph API took the upload without a file handle', null);
  return { handle: done.h };
}
