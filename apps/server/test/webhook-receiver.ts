/**
 * A customer's webhook endpoint on loopback for tests (issue 9): records every request (headers and
 * the exact body bytes) and answers from a script (status, body, headers, or no answer at all);
 * after the script, 200.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body as received. */
  body: string;
  at: number;
}

export type Answer = { status: number; body?: string; headers?: Record<string, string> } | { hang: true };

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Answers for the next requests, in order. */
  script(...answers: Answer[]): void;
  /** Resolves when at least `n` requests arrived (bounded by `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1 (a free port); its URL ends in `/hook`. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const answers: Answer[] = [];
  const hanging = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const answer = answers.shift() ?? { status: 200, body: 'ok' };
      if ('hang' in answer) {
        hanging.add(() => res.destroy());
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    script: (...a) => void answers.push(...a),
    async waitFor(n, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} webhook requests, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return received;
    },
    async close() {
      for (const h of hanging) h();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
