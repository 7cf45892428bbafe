/**
 * SMPP `command_status` values of a refused `submit_sm` (SMPP 3.4 §5.1.3) and how a send treats
 * them (ARCHITECTURE.md §6.1: retryable errors back off, others fail the message). Pure.
 */

/** Names of the command_status values an SMSC commonly answers (SMPP 3.4 table 5-2). */
const NAMES: Record<number, string> = {
  0x01: 'ESME_RINVMSGLEN',
  0x02: 'ESME_RINVCMDLEN',
  0x03: 'ESME_RINVCMDID',
  0x04: 'ESME_RINVBNDSTS',
  0x05: 'ESME_RALYBND',
  0x06: 'ESME_RINVPRTFLG',
  0x07: 'ESME_RINVREGDLVFLG',
  0x08: 'ESME_RSYSERR',
  0x0a: 'ESME_RINVSRCADR',
  0x0b: 'ESME_RINVDSTADR',
  0x0c: 'ESME_RINVMSGID',
  0x0d: 'ESME_RBINDFAIL',
  0x0e: 'ESME_RINVPASWD',
  0x0f: 'ESME_RINVSYSID',
  0x14: 'ESME_RMSGQFUL',
  0x15: 'ESME_RINVSERTYP',
  0x43: 'ESME_RINVESMCLASS',
  0x45: 'ESME_RSUBMITFAIL',
  0x48: 'ESME_RINVSRCTON',
  0x49: 'ESME_RINVSRCNPI',
  0x50: 'ESME_RINVDSTTON',
  0x51: 'ESME_RINVDSTNPI',
  0x58: 'ESME_RTHROTTLED',
  0x61: 'ESME_RINVSCHED',
  0x62: 'ESME_RINVEXPIRY',
  0x64: 'ESME_RX_T_APPN',
  0x65: 'ESME_RX_P_APPN',
  0x66: 'ESME_RX_R_APPN',
  0xc0: 'ESME_RINVTLVSTREAM',
  0xc1: 'ESME_RTLVNOTALLWD',
  0xc2: 'ESME_RINVTLVLEN',
  0xc3: 'ESME_RMISSINGTLV',
  0xc4: 'ESME_RINVTLVVAL',
  0xfe: 'ESME_RDELIVERYFAILURE',
  0xff: 'ESME_RUNKNOWNERR',
};

/**
 * Statuses worth another attempt later: throttling and a full queue (the SMSC asks us to slow
 * down), a system error and a temporary application error, and "not bound" (the bind was lost
 * between our check and the SMSC's answer).
 */
const RETRYABLE = new Set([0x58, 0x14, 0x08, 0x64, 0x04]);

/** `0x0000000B`: the 8-digit hex form of a command_status. */
export function statusHex(status: number): string {
  return `0x${status.toString(16).toUpperCase().padStart(8, '0')}`;
}

/** The name of `status` (`ESME_RINVDSTADR`), or `command_status 0x…` for one not in the table. */
export function statusName(status: number): string {
  return NAMES[status] ?? `command_status ${statusHex(status)}`;
}

/**
 * How a submit_sm_resp error `status` (non-zero) is handled: `retryable`, `code` = its hex form,
 * `reason` e.g. `SMSC refused the message: ESME_RINVDSTADR (0x0000000B)`.
 */
export function submitRefusal(status: number): { retryable: boolean; code: string; reason: string } {
  const code = statusHex(status);
  const name = NAMES[status];
  const retryable = RETRYABLE.has(status);
  const what = retryable ? 'SMSC deferred the message' : 'SMSC refused the message';
  return { retryable, code, reason: `${what}: ${name ? `${name} (${code})` : `command_status ${code}`}` };
}
