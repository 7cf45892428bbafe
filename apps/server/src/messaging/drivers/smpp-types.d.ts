/**
 * Types for the parts of the `smpp` package (0.5.1, untyped) the SMPP driver and its test SMSC use.
 * A PDU carries its parameters and TLVs as properties named as in SMPP 3.4 (`short_message`,
 * `receipted_message_id`, …); commands are methods of a Session named after them.
 */
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer, Socket } from 'node:net';

  export type PduFields = Record<string, unknown>;

  export class PDU {
    constructor(command: string, options?: PduFields);
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    isResponse(): boolean;
    response(options?: PduFields): PDU;
  }

  export type ResponseCallback = (pdu: PDU) => void;

  export class Session extends EventEmitter {
    socket: Socket;
    send(pdu: PDU, responseCallback?: ResponseCallback, sendCallback?: ResponseCallback): boolean;
    bind_transceiver(options: PduFields, responseCallback?: ResponseCallback): boolean;
    submit_sm(options: PduFields, responseCallback?: ResponseCallback): boolean;
    deliver_sm(options: PduFields, responseCallback?: ResponseCallback): boolean;
    enquire_link(options?: PduFields | ResponseCallback, responseCallback?: ResponseCallback): boolean;
    unbind(options?: PduFields | ResponseCallback, responseCallback?: ResponseCallback): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
  }

  export interface SmppServer extends NetServer {
    sessions: Session[];
  }

  export function connect(options: { host: string; port: number; tls?: boolean; auto_enquire_link_period?: number; [k: string]: unknown }, listener?: () => void): Session;
  export function createServer(options: Record<string, unknown>, listener?: (session: Session) => void): SmppServer;
  export function createServer(listener?: (session: Session) => void): SmppServer;
}
