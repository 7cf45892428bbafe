/**
 * Secrets the server must read back (customer webhook signing secrets) are stored encrypted:
 * AES-256-GCM with a key derived (HKDF-SHA256) from SESSION_SECRET and a purpose label. A
 * database dump alone does not reveal them. Changing SESSION_SECRET makes them unreadable.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Encrypts and decrypts short secrets for one purpose. */
export interface SecretBox {
  /** `v1.<iv>.<tag>.<ciphertext>` (base64url parts). */
  seal(plain: string): string;
  /** The plain text of `sealed`. @throws Error when it was sealed with another key or altered. */
  open(sealed: string): string;
}

/** A SecretBox keyed by `masterSecret` (SESSION_SECRET) for `purpose` (e.g. 'webhook-secrets'). */
export function createSecretBox(masterSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', masterSecret, 'pesan', purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown sealed secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
