/**
 * The smpp driver for SMS and SMS OTP (ARCHITECTURE.md §6.1; SMS_DRIVER=smpp, SMPP_URL): one
 * transceiver bind per process to the SMSC, kept alive with `enquire_link` and reconnected with
 * backoff (1 s doubling to 30 s, with jitter). A send waits (at most 30 s) while the bind is down,
 * then fails retryably so the dispatch job backs off. Each segment is one `submit_sm` (GSM-7 or
 * UCS-2, concatenation UDH for a long text: smpp/short-messages.ts); at most SMPP_WINDOW submit_sm
 * await their answer at once. Every segment accepted (submit_sm_resp OK) = `sent`. Throttling answers are retryable, other refusals fail the message.
 * `deliver_sm` receipts are answered and handed to `onReceipt` (messaging/smpp-receipts.ts).
 *
 * Exactly-once: a submit_sm whose answer is lost with the connection (the SMSC took it, the
 * socket died before its submit_sm_resp reached us) is retried and reaches the SMSC twice; SMPP
 * has no way to ask whether it arrived. Every answered submit_sm is sent once.
 */
import smpp, { type PDU, type Session } from 'smpp';
import pLimit from 'p-limit';
import type { ChannelId } from '@pesan/contracts/channels';
import type { ChannelDriver } from './driver.ts';
import { DriverError } from './driver.ts';
import { destinationAddress, sourceAddress } from '../smpp/addresses.ts';
import { statusName, submitRefusal } from '../smpp/command-status.ts';
import { receiptFromDeliverSm, type DeliverSmFields, type SmppReceipt } from '../smpp/receipt.ts';
import { buildShortMessages, concatRef } from '../smpp/short-messages.ts';

/** An application channel's configured sender (application_channels sender_name / sender_number). */
export interface SmsChannelSender {
  senderName: string | null;
  senderNumber: string | null;
}

/** Timings (ms) of the bind; the defaults are the production values. */
export interface SmppTimings {
  /** How long a send waits for a bind before failing retryably. */
  bindWaitMs: number;
  /** How long a submit_sm waits for its submit_sm_resp. */
  responseTimeoutMs: number;
  /** enquire_link period; a link whose previous enquire_link is unanswered by the next tick is dropped. */
  enquireLinkMs: number;
  /** First reconnect delay; doubles per failed attempt up to reconnectMaxMs (each ±20 % jitter). */
  reconnectMinMs: number;
  reconnectMaxMs: number;
}

const DEFAULT_TIMINGS: SmppTimings = { bindWaitMs: 30_000, responseTimeoutMs: 30_000, enquireLinkMs: 30_000, reconnectMinMs: 1_000, reconnectMaxMs: 30_000 };

export interface SmppDriverOptions {
  /** `smpp://system_id:password@host:2775` (`smpps://` for TLS). */
  smppUrl: string;
  /** submit_sm per second on the account (SMPP_RATE): the pacing lane's rate. */
  rate: number;
  /** submit_sm awaiting their submit_sm_resp at once (SMPP_WINDOW). */
  window: number;
  /** The SMS / SMS OTP channel sender of an application, or null. */
  senderFor(applicationId: string, channel: ChannelId): Promise<SmsChannelSender | null>;
  /** Takes a delivery receipt into the status pipeline; the deliver_sm is answered when it settles (an error answers ESME_RX_T_APPN, so the SMSC sends it again). */
  onReceipt(receipt: SmppReceipt): Promise<void>;
  now?: () => Date;
  timings?: Partial<SmppTimings>;
  /** Where bind loss / reconnect lines go (console.warn); never given the password. */
  warn?: (line: string) => void;
}

/** The parts of SMPP_URL the driver uses, and the URL with its password redacted for logs. */
export function parseSmppUrl(url: string): { systemId: string; password: string; host: string; port: number; tls: boolean; redacted: string } {
  const u = new URL(url);
  const tls = u.protocol === 'smpps:';
  const port = u.port ? Number(u.port) : tls ? 3550 : 2775;
  const systemId = decodeURIComponent(u.username);
  return { systemId, password: decodeURIComponent(u.password), host: u.hostname, port, tls, redacted: `${u.protocol}//${u.username}:***@${u.hostname}:${port}` };
}

/** Reconnect delay (ms) before attempt `attempt` (0-based): min·2^attempt capped at max, ±20 % jitter. */
export function reconnectDelay(attempt: number, t: Pick<SmppTimings, 'reconnectMinMs' | 'reconnectMaxMs'>, random = Math.random): number {
  const base = Math.min(t.reconnectMaxMs, t.reconnectMinMs * 2 ** Math.min(attempt, 30));
  return Math.round(base * (0.8 + 0.4 * random()));
}

const ROK = 0;
const ESME_RX_T_APPN = 0x64;

interface Waiter {
  resolve(s: Session): void;
  reject(e: Error): void;
}

/** The smpp driver (see the file comment). Nothing connects until start() or the first send. */
export function createSmppDriver(opts: SmppDriverOptions): ChannelDriver & { close(): Promise<void> } {
  const url = parseSmppUrl(opts.smppUrl);
  const t = { ...DEFAULT_TIMINGS, ...opts.timings };
  const warn = opts.warn ?? ((line: string) => console.warn(line));
  const now = opts.now ?? (() => new Date());
  const limit = pLimit(opts.window);

  let session: Session | null = null;
  let bound = false;
  let closed = true;
  let attempt = 0;
  let lost = false;
  let reconnectTimer: NodeJS.Timeout | null = null;
  const waiters = new Set<Waiter>();
  /** Rejecters of the submit_sm in flight per session, failed when it closes. */
  const inflight = new WeakMap<Session, Set<(e: Error) => void>>();

  const lostError = () => new DriverError(true, 'SMPP_CONNECTION_LOST', 'The SMPP connection was lost before the SMSC answered; retrying');

  function connect(): void {
    if (closed || session) return;
    reconnectTimer = null;
    const s = smpp.connect({ host: url.host, port: url.port, tls: url.tls });
    session = s;
    inflight.set(s, new Set());
    let lastError: string | null = null;
    let enquireTimer: NodeJS.Timeout | null = null;
    let enquireOutstanding = false;
    s.on('error', (err: Error) => {
      // A socket error is followed by 'close'; a malformed PDU leaves the stream stuck: drop it either way.
      lastError = err.message;
      s.destroy();
    });
    s.on(url.tls ? 'secureConnect' : 'connect', () => {
      s.bind_transceiver({ system_id: url.systemId, password: url.password }, (resp) => {
        if (session !== s) return;
        if (resp.command_status !== ROK) {
          lastError = `bind refused: ${statusName(resp.command_status)}`;
          s.destroy();
          return;
        }
        bound = true;
        attempt = 0;
        if (lost) warn(`SMPP bind to ${url.redacted} restored`);
        lost = false;
        enquireTimer = setInterval(() => {
          if (enquireOutstanding) {
            lastError = 'enquire_link unanswered';
            s.destroy();
            return;
          }
          enquireOutstanding = true;
          s.enquire_link(() => {
            enquireOutstanding = false;
          });
        }, t.enquireLinkMs);
        enquireTimer.unref();
        for (const w of waiters) w.resolve(s);
        waiters.clear();
      });
    });
    s.on('enquire_link', (pdu: PDU) => s.send(pdu.response()));
    s.on('unbind', (pdu: PDU) => {
      lastError = 'SMSC unbound';
      s.send(pdu.response());
      s.close();
    });
    s.on('deliver_sm', (pdu: PDU) => onDeliver(s, pdu));
    s.on('close', () => {
      if (enquireTimer) clearInterval(enquireTimer);
      for (const fail of inflight.get(s) ?? []) fail(lostError());
      inflight.delete(s);
      if (session !== s) return;
      session = null;
      bound = false;
      if (closed) return;
      lost = true;
      const delay = reconnectDelay(attempt++, t);
      warn(`SMPP bind to ${url.redacted} lost (${lastError ?? 'connection closed'}); reconnecting in ${delay} ms`);
      reconnectTimer = setTimeout(connect, delay);
      reconnectTimer.unref();
    });
  }

  function onDeliver(s: Session, pdu: PDU): void {
    const receipt = receiptFromDeliverSm(pdu as unknown as DeliverSmFields, now());
    if (!receipt) {
      // A mobile-originated message or an unreadable receipt: acknowledged, nothing to record.
      s.send(pdu.response({ message_id: '' }));
      return;
    }
    opts.onReceipt(receipt).then(
      () => s.send(pdu.response({ message_id: '' })),
      (err: unknown) => {
        warn(`SMPP receipt for ${receipt.providerMessageId} not recorded (${err instanceof Error ? err.message : String(err)}); the SMSC will resend it`);
        s.send(pdu.response({ command_status: ESME_RX_T_APPN }));
      },
    );
  }

  /** Opens the bind (in the background) unless open or opening. */
  function ensureConnecting(): void {
    closed = false;
    if (!session && !reconnectTimer) connect();
  }

  /** The bound session, waiting at most bindWaitMs. @throws DriverError (retryable) when still unbound. */
  function boundSession(): Promise<Session> {
    ensureConnecting();
    if (bound && session) return Promise.resolve(session);
    return new Promise<Session>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(w);
        reject(new DriverError(true, 'SMPP_UNBOUND', `No SMPP bind to ${url.redacted} within ${Math.round(t.bindWaitMs / 1000)} s; retrying`));
      }, t.bindWaitMs);
      const w: Waiter = {
        resolve: (s) => {
          clearTimeout(timer);
          resolve(s);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      waiters.add(w);
    });
  }

  /** One submit_sm on `s`; resolves the SMSC's message_id. @throws DriverError (see submitRefusal; lost connection and timeout retryable). */
  function submit(s: Session, params: Record<string, unknown>): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const pending = inflight.get(s);
      const fail = (e: Error) => {
        clearTimeout(timer);
        pending?.delete(fail);
        reject(e);
      };
      const timer = setTimeout(() => fail(new DriverError(true, 'SMPP_TIMEOUT', `No submit_sm_resp within ${Math.round(t.responseTimeoutMs / 1000)} s; retrying`)), t.responseTimeoutMs);
      if (!pending) return fail(lostError());
      pending.add(fail);
      const written = s.submit_sm(params, (resp) => {
        clearTimeout(timer);
        pending.delete(fail);
        if (resp.command_status === ROK) return resolve(String(resp.message_id ?? ''));
        const r = submitRefusal(resp.command_status);
        reject(new DriverError(r.retryable, r.code, r.reason));
      });
      if (!written) fail(lostError());
    });
  }

  return {
    name: 'smpp',
    channels: ['sms', 'sms_otp'],
    async send(message) {
      const body = message.body as { text?: unknown; sender_id?: unknown };
      const text = typeof body.text === 'string' ? body.text : '';
      const senderId = typeof body.sender_id === 'string' ? body.sender_id : null;
      const source = sourceAddress(senderId, senderId ? null : await opts.senderFor(message.applicationId, message.channel));
      const dest = destinationAddress(message.recipient);
      const sm = buildShortMessages(text, concatRef(message.id));
      const ids: string[] = [];
      // One message's segments go in order, each waiting for its answer, so a refused segment stops the rest.
      for (const part of sm.parts) {
        const id = await limit(async () => {
          const session = await boundSession();
          await message.awaitTurn?.();
          return submit(session, {
            source_addr_ton: source.ton,
            source_addr_npi: source.npi,
            source_addr: source.addr,
            dest_addr_ton: dest.ton,
            dest_addr_npi: dest.npi,
            destination_addr: dest.addr,
            esm_class: sm.esmClass,
            registered_delivery: 1,
            data_coding: sm.dataCoding,
            short_message: part,
          });
        });
        ids.push(id);
      }
      // The SMSC took every segment: the message is `sent`; receipts say what happened next.
      return { providerMessageId: ids[0]!, segmentIds: ids, status: 'sent' };
    },
    async pacing(input) {
      return { key: `smpp:${url.systemId}@${url.host}:${url.port}`, perSecond: opts.rate, units: input.totalSms ?? 1 };
    },
    async start() {
      ensureConnecting();
    },
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      for (const w of waiters) w.reject(new DriverError(true, 'SMPP_CLOSED', 'The SMPP driver closed; retrying'));
      waiters.clear();
      const s = session;
      const wasBound = bound;
      session = null;
      bound = false;
      lost = false;
      attempt = 0;
      if (!s) return;
      await new Promise<void>((resolve) => {
        const done = setTimeout(() => {
          s.destroy();
          resolve();
        }, 1_000);
        s.socket.once('close', () => {
          clearTimeout(done);
          resolve();
        });
        if (wasBound && s.unbind(() => s.close())) return;
        s.destroy();
      });
    },
  };
}
