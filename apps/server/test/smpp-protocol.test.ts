/**
 * The pure SMPP modules of the smpp driver (ARCHITECTURE.md §6.1 smpp): GSM-7 / UCS-2 encoding,
 * segment bodies with concatenation UDH, receipt parsing (text form in either case, TLVs),
 * command_status handling, addresses, reconnect backoff and the redacted URL.
 */
import { describe, expect, it } from 'vitest';
import { countSmsSegments } from '@pesan/contracts/sms';
import { decodeGsm7, encodeGsm7, encodeUcs2 } from '../src/messaging/smpp/gsm7.ts';
import { buildShortMessages, concatRef } from '../src/messaging/smpp/short-messages.ts';
import { parseReceiptDate, parseReceiptText, receiptFromDeliverSm, receiptTextOf } from '../src/messaging/smpp/receipt.ts';
import { submitRefusal } from '../src/messaging/smpp/command-status.ts';
import { destinationAddress, sourceAddress } from '../src/messaging/smpp/addresses.ts';
import { parseSmppUrl, reconnectDelay } from '../src/messaging/drivers/smpp.ts';
import { messageOutcome } from '../src/messaging/smpp-receipts.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../src/config.ts';

const now = new Date('2025-06-01T00:00:00Z');

describe('GSM-7', () => {
  it('encodes the default alphabet one septet per octet and the extension table as ESC pairs', () => {
    expect([...encodeGsm7('@£$A a')]).toEqual([0x00, 0x01, 0x02, 0x41, 0x20, 0x61]);
    expect([...encodeGsm7('{}[]~|^\\€\f')]).toEqual([0x1b, 0x28, 0x1b, 0x29, 0x1b, 0x3c, 0x1b, 0x3e, 0x1b, 0x3d, 0x1b, 0x40, 0x1b, 0x14, 0x1b, 0x2f, 0x1b, 0x65, 0x1b, 0x0a]);
    expect([...encodeGsm7('_§¿à\n')]).toEqual([0x11, 0x5f, 0x60, 0x7f, 0x0a]);
  });

  it('never emits a bare escape, and round-trips through decodeGsm7', () => {
    expect([...encodeGsm7('a\u001bb')]).toEqual([0x61, 0x20, 0x62]);
    const text = 'Halo {Budi}, saldo €10 [ok] ~ | ^ \\ @home_éÄ';
    expect(decodeGsm7(encodeGsm7(text))).toBe(text);
  });

  it('encodes UCS-2 as UTF-16BE, surrogate pairs as two units', () => {
    expect(encodeUcs2('Aж😀').toString('hex')).toBe('00410436d83dde00');
  });
});

describe('segment bodies', () => {
  it('sends a short text as one part without UDH', () => {
    expect(buildShortMessages('Hello', 7)).toEqual({ dataCoding: 0, esmClass: 0, parts: [encodeGsm7('Hello')] });
    expect(buildShortMessages('Halo 😀', 7)).toMatchObject({ dataCoding: 8, esmClass: 0 });
  });

  it('splits long GSM-7 into UDH parts of at most 153 septets, as many as countSmsSegments says', () => {
    const text = 'x'.repeat(152) + '€' + 'y'.repeat(200);
    const sm = buildShortMessages(text, 0x2a);
    expect(sm.esmClass).toBe(0x40);
    expect(sm.parts).toHaveLength(countSmsSegments(text).segments);
    expect(sm.parts.map((p) => [...p.subarray(0, 6)])).toEqual([1, 2, 3].map((n) => [5, 0, 3, 0x2a, 3, n]));
    expect(sm.parts[0]!.length - 6).toBe(152); // the escape pair moved to part 2
    expect([...sm.parts[1]!.subarray(6, 8)]).toEqual([0x1b, 0x65]);
    for (const p of sm.parts) expect(p.length - 6).toBeLessThanOrEqual(153);
  });

  it('splits long UCS-2 into parts of at most 67 code units (134 octets)', () => {
    const sm = buildShortMessages('ж'.repeat(140), 1);
    expect(sm.dataCoding).toBe(8);
    expect(sm.parts.map((p) => p.length - 6)).toEqual([134, 134, 12]);
  });

  it('derives a stable 8-bit reference from the message id', () => {
    const id = '3f1c2b9e-0000-4000-8000-000000000001';
    expect(concatRef(id)).toBe(concatRef(id));
    expect(concatRef(id)).toBeGreaterThanOrEqual(0);
    expect(concatRef(id)).toBeLessThan(256);
  });
});

describe('receipts', () => {
  const text = 'id:0A1B2C sub:001 dlvrd:000 submit date:2501010000 done date:2501021530 stat:UNDELIV err:001 text:Hello world';

  it('parses the text form (lower and mixed case)', () => {
    expect(parseReceiptText(text)).toEqual({ id: '0A1B2C', sub: '001', dlvrd: '000', 'submit date': '2501010000', 'done date': '2501021530', stat: 'UNDELIV', err: '001', text: 'Hello world' });
    expect(parseReceiptText('Id:77 Sub:001 Dlvrd:001 Submit date:2501010000 Done date:2501010001 Stat:DELIVRD Err:000 Text:x')).toMatchObject({ id: '77', stat: 'DELIVRD', 'done date': '2501010001' });
  });

  it('maps stat words to statuses with reason and code for failures; done date as UTC', () => {
    const esm = { esm_class: 0x04 };
    expect(receiptFromDeliverSm({ ...esm, short_message: { message: text } }, now)).toEqual({
      providerMessageId: '0A1B2C',
      status: 'undelivered',
      at: new Date('2025-01-02T15:30:00Z'),
      reason: 'SMSC: UNDELIV (err 001)',
      providerCode: '001',
    });
    const stat = (s: string) => receiptFromDeliverSm({ ...esm, short_message: Buffer.from(`id:1 stat:${s} err:000`) }, now)?.status;
    expect(['DELIVRD', 'ACCEPTD', 'ENROUTE', 'UNDELIV', 'REJECTD', 'EXPIRED', 'DELETED', 'UNKNOWN', 'delivrd'].map(stat)).toEqual([
      'delivered',
      'sent',
      'sent',
      'undelivered',
      'rejected',
      'failed',
      'failed',
      'failed',
      'delivered',
    ]);
    const ok = receiptFromDeliverSm({ ...esm, short_message: Buffer.from('id:1 stat:DELIVRD err:000 done date:garbage') }, now)!;
    expect(ok).toMatchObject({ reason: null, providerCode: null, at: now });
  });

  it('lets receipted_message_id and message_state win over the text', () => {
    const r = receiptFromDeliverSm({ esm_class: 0x04, short_message: Buffer.from('id:wrong stat:UNDELIV err:005'), receipted_message_id: 'right', message_state: 2 }, now);
    expect(r).toMatchObject({ providerMessageId: 'right', status: 'delivered', reason: null });
    expect(receiptFromDeliverSm({ esm_class: 0x04, receipted_message_id: 'x', message_state: 8 }, now)).toMatchObject({ status: 'rejected', reason: 'SMSC: REJECTD' });
    expect(receiptFromDeliverSm({ esm_class: 0x04, receipted_message_id: 'x', message_state: 5, short_message: Buffer.from('id:x stat:UNDELIV err:069') }, now)).toMatchObject({
      status: 'undelivered',
      reason: 'SMSC: UNDELIV (err 069)',
      providerCode: '069',
    });
  });

  it('ignores a deliver_sm that is not a receipt, or names no id or state', () => {
    expect(receiptFromDeliverSm({ esm_class: 0, short_message: Buffer.from('id:1 stat:DELIVRD') }, now)).toBeNull();
    expect(receiptFromDeliverSm({ esm_class: 4, short_message: Buffer.from('stat:DELIVRD') }, now)).toBeNull();
    expect(receiptFromDeliverSm({ esm_class: 4, short_message: Buffer.from('id:1 stat:WEIRD') }, now)).toBeNull();
  });

  it('undoes the smpp package GSM decoding of an ASCII receipt (ids with _ and @ survive)', () => {
    const decodedByPackage = decodeGsm7(Buffer.from('id:ab_c@1 stat:DELIVRD', 'latin1'));
    expect(decodedByPackage).not.toContain('_');
    expect(receiptTextOf({ message: decodedByPackage }, 0)).toBe('id:ab_c@1 stat:DELIVRD');
    expect(receiptTextOf({ message: 'id:9 stat:x' }, 3)).toBe('id:9 stat:x');
  });

  it('parses done dates with or without seconds, rejects malformed ones', () => {
    expect(parseReceiptDate('2512312359')).toEqual(new Date('2025-12-31T23:59:00Z'));
    expect(parseReceiptDate('251231235930')).toEqual(new Date('2025-12-31T23:59:30Z'));
    expect(parseReceiptDate('2513012359')).toBeNull();
    expect(parseReceiptDate(undefined)).toBeNull();
  });
});

describe('long message outcome', () => {
  const seg = (status: string | null, reason: string | null = null) => ({ status, reason, providerCode: null });
  it('is delivered only when every segment is, else the first non-delivered; null while one is open', () => {
    expect(messageOutcome([seg('delivered'), seg('delivered')])).toMatchObject({ status: 'delivered' });
    expect(messageOutcome([seg('delivered'), seg('sent')])).toBeNull();
    expect(messageOutcome([seg('delivered'), seg(null)])).toBeNull();
    expect(messageOutcome([seg('delivered'), seg('rejected', 'r'), seg('failed', 'f')])).toMatchObject({ status: 'rejected', reason: 'r' });
  });
});

describe('submit_sm refusals', () => {
  it('retries throttling and a full queue; other errors fail with a readable reason', () => {
    expect(submitRefusal(0x58)).toMatchObject({ retryable: true, code: '0x00000058' });
    expect(submitRefusal(0x14)).toMatchObject({ retryable: true, code: '0x00000014' });
    expect(submitRefusal(0x0b)).toEqual({ retryable: false, code: '0x0000000B', reason: 'SMSC refused the message: ESME_RINVDSTADR (0x0000000B)' });
    expect(submitRefusal(0x401)).toEqual({ retryable: false, code: '0x00000401', reason: 'SMSC refused the message: command_status 0x00000401' });
  });
});

describe('addresses', () => {
  it('takes sender_id first, then the channel sender name, then its number', () => {
    expect(sourceAddress('TOKO', { senderName: 'PESAN', senderNumber: null })).toEqual({ addr: 'TOKO', ton: 5, npi: 0 });
    expect(sourceAddress('+62811', null)).toEqual({ addr: '62811', ton: 1, npi: 1 });
    expect(sourceAddress(undefined, { senderName: 'PESAN', senderNumber: '+62811' })).toEqual({ addr: 'PESAN', ton: 5, npi: 0 });
    expect(sourceAddress(undefined, { senderName: null, senderNumber: '+62811' })).toEqual({ addr: '62811', ton: 1, npi: 1 });
    expect(sourceAddress(undefined, null)).toEqual({ addr: '', ton: 0, npi: 0 });
    expect(destinationAddress('+6281234')).toEqual({ addr: '6281234', ton: 1, npi: 1 });
  });
});

describe('bind', () => {
  it('backs off 1 s doubling to 30 s with ±20 % jitter', () => {
    const t = { reconnectMinMs: 1000, reconnectMaxMs: 30_000 };
    expect([0, 1, 2, 3, 4, 5, 10].map((a) => reconnectDelay(a, t, () => 0.5))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(reconnectDelay(0, t, () => 0)).toBe(800);
    expect(reconnectDelay(9, t, () => 1)).toBe(36000);
  });

  it('reads SMPP_URL and redacts the password', () => {
    expect(parseSmppUrl('smpp://pesan:s%40cret@smsc.example:2776')).toEqual({
      systemId: 'pesan',
      password: 's@cret',
      host: 'smsc.example',
      port: 2776,
      tls: false,
      redacted: 'smpp://pesan:***@smsc.example:2776',
    });
    expect(parseSmppUrl('smpp://a:b@h').port).toBe(2775);
  });
});

describe('configuration (ARCHITECTURE.md §4)', () => {
  it('SMS_DRIVER=smpp needs SMPP_URL', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pesan-cfg-'));
    try {
      const env = { DATA_DIR: dir, SESSION_SECRET: 'test-secret-test-secret-test-secret-123', SMS_DRIVER: 'smpp' };
      let lines: string[] = [];
      try {
        loadConfig(env, []);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        lines = (err as ConfigError).lines;
      }
      expect(lines).toEqual(['SMPP_URL: is required when SMS_DRIVER=smpp']);
      const config = loadConfig({ ...env, SMPP_URL: 'smpp://pesan:secret@127.0.0.1:2775' }, []);
      expect(config).toMatchObject({ smsDriver: 'smpp', smppUrl: 'smpp://pesan:secret@127.0.0.1:2775', smppRate: 50, smppWindow: 10 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
