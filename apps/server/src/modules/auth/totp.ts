/**
 * Time-based one-time passwords (RFC 6238; ARCHITECTURE.md §5.1) on the otpauth library: SHA-1,
 * 6 digits, 30-second steps (contracts TOTP). Pure functions: the caller passes the time, keeps the
 * secret sealed and remembers the last accepted step (users.totp_last_step) so a code is never
 * accepted twice.
 */
import { Secret, TOTP as OtpTotp } from 'otpauth';
import { TOTP } from '@pesan/contracts/teams';

/** Bytes of a new shared secret: 160 bits, the length RFC 4226 recommends for HMAC-SHA-1. */
const SECRET_BYTES = 20;

/** A new random shared secret as base32 (what an authenticator app takes, 32 characters). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The shared secret of the ASCII (Latin-1) string `text` as base32 (RFC 6238 test vectors use ASCII secrets). */
export function base32OfAscii(text: string): string {
  return Secret.fromLatin1(text).base32;
}

function totpOf(secretBase32: string, digits: number = TOTP.digits, label = ''): OtpTotp {
  return new OtpTotp({
    issuer: TOTP.issuer,
    label,
    algorithm: TOTP.algorithm,
    digits,
    period: TOTP.period,
    secret: Secret.fromBase32(secretBase32),
  });
}

/**
 * The `otpauth://totp/Pesan:<label>?secret=…&issuer=Pesan&algorithm=SHA1&digits=6&period=30` URL an
 * authenticator app scans (as a QR code); `label` is the user's e-mail address.
 */
export function totpUrl(secretBase32: string, label: string): string {
  return totpOf(secretBase32, TOTP.digits, label).toString();
}

/** The 30-second step (unix seconds / 30, rounded down) of `timestampMs` (milliseconds). */
export function totpStep(timestampMs: number): number {
  return Math.floor(timestampMs / 1000 / TOTP.period);
}

/** The code of `secretBase32` at `timestampMs` (milliseconds), `digits` long (6 unless given). */
export function totpCode(secretBase32: string, timestampMs: number, digits: number = TOTP.digits): string {
  return totpOf(secretBase32, digits).generate({ timestamp: timestampMs });
}

/**
 * The step whose code is `code` for `secretBase32` at `timestampMs`, allowing `window` steps (1:
 * the previous and the next 30 seconds) for clock drift; null when no step in the window matches.
 * The caller refuses a step at or before the last one it accepted (replay).
 */
export function matchTotpStep(secretBase32: string, code: string, timestampMs: number, window = 1): number | null {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: timestampMs, window });
  return delta === null ? null : totpStep(timestampMs) + delta;
}
