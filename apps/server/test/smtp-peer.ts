/**
 * A real SMTP server on loopback (the `smtp-server` package) for tests of system mail and the smtp
 * e-mail driver: it records every message it accepts, refuses recipients as `refuse(address)` says
 * (an Error with `responseCode` 4xx or 5xx), and can hold DATA until released (a slow server).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpPeer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** RCPT TO attempts per address (refused ones included). */
  attempts: Map<string, number>;
  /** While true, accepted DATA waits in `held` until each callback is called. */
  hold: boolean;
  held: (() => void)[];
  close(): Promise<void>;
}

/** Starts the peer on 127.0.0.1 (a free port). `refuse` returns an error to refuse that RCPT TO, or null. */
export async function startSmtpPeer(refuse: (address: string, attempt: number) => Error | null = () => null): Promise<SmtpPeer> {
  const peer = { received: [] as ReceivedMail[], attempts: new Map<string, number>(), hold: false, held: [] as (() => void)[] };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const attempt = (peer.attempts.get(address.address) ?? 0) + 1;
      peer.attempts.set(address.address, attempt);
      const err = refuse(address.address, attempt);
      callback(err ?? undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const accept = () => {
          peer.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        };
        if (peer.hold) peer.held.push(accept);
        else accept();
      });
    },
  });
  // A client killed mid-transaction (kill -9 tests) resets its connection: smtp-server reports that
  // as an 'error' event, which must not become an uncaught exception of the test process.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return Object.assign(peer, {
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** An SMTP refusal with reply code `code` (e.g. 550 permanent, 451 temporary). */
export const smtpRefusal = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });
