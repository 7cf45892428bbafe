/**
 * A minimal client of Meta's Graph API for the Cloud API send (ARCHITECTURE.md §6.1):
 * `POST {graphUrl}/{phone_number_id}/messages` with the system-user bearer token. The token is
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
  error?: { message?: string; type?: string; code?: number; error_subcode?: number; error_user_title?: string; title?: string; error_data?: { details?: string } };
}

/**
 * Sends a Cloud API message body (`{messaging_product, recipient_type, to, type, …}`) from phone
 * number `phoneNumberId`. Resolves with the wamid (`messages[0].id`).
 * @throws GraphError: Meta's error (code, title, details) on a non-2xx answer; httpStatus 0 on a
 *   network error or after `timeoutMs` (default 15 s); a 2xx without `messages[0].id` is a 502-like GraphError.
 */
export async function graphSendMessage(opts: GraphOptions, phoneNumberId: string, body: Record<string, unknown>): Promise<{ wamid: string }> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${opts.graphUrl}/${encodeURIComponent(phoneNumberId)}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? GRAPH_TIMEOUT_MS),
    });
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
    throw new GraphError(res.status, typeof e?.code === 'number' ? e.code : null, raw.replace(/^\(#\d+\)\s*/, ''), e?.error_data?.details ?? null, e?.error_subcode ?? null);
  }
  const wamid = (json as { messages?: { id?: unknown }[] } | null)?.messages?.[0]?.id;
  if (typeof wamid !== 'string' || !wamid) throw new GraphError(502, null, 'The Graph API accepted the message without a message id', null);
  return { wamid };
}
