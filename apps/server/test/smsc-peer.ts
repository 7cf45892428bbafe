/**
 * A test SMSC on loopback (the `smpp` package's own server): accepts bind_transceiver for one
 * system_id/password, answers submit_sm with message ids and records each one with its raw
 * fields (short_message octets as sent, not as the package decodes them), sends deliver_sm
 * receipts (text form and TLV form) on the bound session, refuses chosen submits with an error
 * status, and can drop the connection after the Nth answered submit_sm.
 */
import smpp, { type PDU, type Session } from 'smpp';

export interface SubmitRecord {
  /** Order of arrival, 1-based. */
  n: number;
  /** The connection it came on (1-based, in order of connection). */
  session: number;
  sourceAddr: string;
  sourceTon: number;
  sourceNpi: number;
  destinationAddr: string;
  destTon: number;
  destNpi: number;
  esmClass: number;
  registeredDelivery: number;
  dataCoding: number;
  shortMessage: Buffer;
  /** The message_id answered, or null when refused or never answered (connection dropped first). */
  messageId: string | null;
  /** The command_status answered (0 = accepted), or null when never answered. */
  status: number | null;
  /** Whether the SMSC answered it and did not drop the connection right after (dropAfterAnswered). */
  answeredBeforeDrop: boolean;
}

export interface ReceiptOptions {
  /** The id in the text form (`id:`). */
  id: string;
  stat: string;
  err?: string;
  doneDate?: string;
  /** Write field names as `Id:`/`Stat:` (mixed case). */
  mixedCase?: boolean;
  /** TLVs: receipted_message_id and message_state. */
  tlv?: { receiptedMessageId?: string; messageState?: number };
  /** Omit the text form (TLVs only). */
  noText?: boolean;
}

export interface SmscPeer {
  url: string;
  submits: SubmitRecord[];
  /** Successful binds so far. */
  binds: number;
  /** The connections dropped by dropAfterAnswered. */
  droppedSessions: number[];
  /** A command_status to refuse a submit with (null = accept). */
  refuse: (r: SubmitRecord) => number | null;
  /** After answering this many more submit_sm (counted from when set), the SMSC destroys the socket. */
  dropAfterAnswered(n: number): void;
  /** Sends a deliver_sm receipt on the bound session; resolves with the deliver_sm_resp status. */
  sendReceipt(o: ReceiptOptions): Promise<number>;
  close(): Promise<void>;
}

/** submit_sm fields read from the raw PDU (SMPP 3.4 §4.4.1). */
function parseSubmit(raw: Buffer): Omit<SubmitRecord, 'n' | 'session' | 'messageId' | 'status' | 'answeredBeforeDrop'> {
  let o = 16;
  const cstr = () => {
    const end = raw.indexOf(0, o);
    const v = raw.toString('latin1', o, end);
    o = end + 1;
    return v;
  };
  const u8 = () => raw[o++]!;
  cstr(); // service_type
  const sourceTon = u8();
  const sourceNpi = u8();
  const sourceAddr = cstr();
  const destTon = u8();
  const destNpi = u8();
  const destinationAddr = cstr();
  const esmClass = u8();
  u8(); // protocol_id
  u8(); // priority_flag
  cstr(); // schedule_delivery_time
  cstr(); // validity_period
  const registeredDelivery = u8();
  u8(); // replace_if_present_flag
  const dataCoding = u8();
  u8(); // sm_default_msg_id
  const len = u8();
  return { sourceAddr, sourceTon, sourceNpi, destinationAddr, destTon, destNpi, esmClass, registeredDelivery, dataCoding, shortMessage: Buffer.from(raw.subarray(o, o + len)) };
}

/** Starts the SMSC on 127.0.0.1 (a free port) for `systemId` / `password`. */
export async function startSmscPeer(opts: { systemId: string; password: string }): Promise<SmscPeer> {
  let bound: Session | null = null;
  let seq = 0;
  let dropIn: number | null = null;
  const peer: SmscPeer = {
    url: '',
    submits: [],
    binds: 0,
    droppedSessions: [],
    refuse: () => null,
    dropAfterAnswered(n) {
      dropIn = n;
    },
    sendReceipt(o) {
      const s = bound;
      if (!s) return Promise.reject(new Error('no bound session'));
      const k = (name: string) => (o.mixedCase ? name[0]!.toUpperCase() + name.slice(1) : name);
      const text = o.noText
        ? ''
        : `${k('id')}:${o.id} ${k('sub')}:001 ${k('dlvrd')}:${o.stat === 'DELIVRD' ? '001' : '000'} ${k('submit date')}:2501010000 ${k('done date')}:${o.doneDate ?? '2501010001'} ${k('stat')}:${o.stat} ${k('err')}:${o.err ?? '000'} ${k('text')}:hello`;
      const fields: Record<string, unknown> = { source_addr: '6281200000000', destination_addr: 'PESAN', esm_class: 0x04, data_coding: 0, short_message: Buffer.from(text, 'latin1') };
      if (o.tlv?.receiptedMessageId !== undefined) fields.receipted_message_id = o.tlv.receiptedMessageId;
      if (o.tlv?.messageState !== undefined) fields.message_state = o.tlv.messageState;
      return new Promise((resolve) => s.deliver_sm(fields, (resp) => resolve(resp.command_status)));
    },
    async close() {
      for (const s of server.sessions.slice()) s.destroy(); // a copy: closing sessions leave the list
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  let connections = 0;
  const server = smpp.createServer({}, (session: Session) => {
    const sessionNo = ++connections;
    // Keep the raw octets of each PDU: the package decodes short_message by data_coding.
    const socket = session.socket;
    const read = socket.read.bind(socket);
    let chunks: Buffer[] = [];
    let raw = Buffer.alloc(0);
    socket.read = ((n?: number) => {
      const b = read(n) as Buffer | null;
      if (b) chunks.push(b);
      return b;
    }) as typeof socket.read;
    session.on('pdu', () => {
      raw = Buffer.concat(chunks);
      chunks = [];
    });
    let dropping = false;
    session.on('error', () => session.destroy());
    session.on('close', () => {
      if (bound === session) bound = null;
    });
    session.on('bind_transceiver', (pdu: PDU) => {
      if (pdu.system_id !== opts.systemId || pdu.password !== opts.password) {
        session.send(pdu.response({ command_status: 0x0e }));
        return;
      }
      peer.binds++;
      bound = session;
      session.send(pdu.response({ system_id: 'test-smsc' }));
    });
    session.on('enquire_link', (pdu: PDU) => session.send(pdu.response()));
    session.on('unbind', (pdu: PDU) => session.send(pdu.response(), () => session.close()));
    session.on('submit_sm', (pdu: PDU) => {
      const rec: SubmitRecord = { n: peer.submits.length + 1, session: sessionNo, ...parseSubmit(raw), messageId: null, status: null, answeredBeforeDrop: false };
      peer.submits.push(rec);
      if (dropping) return; // never answered: the connection is going away
      const refusal = peer.refuse(rec);
      rec.status = refusal ?? 0;
      if (refusal) {
        session.send(pdu.response({ command_status: refusal }));
        return;
      }
      rec.messageId = `m${(++seq).toString(16).padStart(6, '0')}`;
      if (dropIn !== null && --dropIn <= 0) {
        dropIn = null;
        dropping = true;
        peer.droppedSessions.push(sessionNo);
        session.send(pdu.response({ message_id: rec.messageId }), () => session.destroy());
        return;
      }
      rec.answeredBeforeDrop = true;
      session.send(pdu.response({ message_id: rec.messageId }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  peer.url = `smpp://${opts.systemId}:${opts.password}@127.0.0.1:${port}`;
  return peer;
}
