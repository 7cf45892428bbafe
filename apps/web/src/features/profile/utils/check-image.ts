/** Client-side twin of the server's upload check (UPLOAD_LIMITS): type and size, before sending. */
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@pesan/contracts/upload';

/** The message to show for `file`, or null when it may be uploaded. */
export function checkImage(file: { type: string; size: number }): string | null {
  if (!(UPLOAD_LIMITS.mimeTypes as readonly string[]).includes(file.type)) return UPLOAD_MESSAGES.unsupported;
  if (file.size > UPLOAD_LIMITS.maxBytes) return UPLOAD_MESSAGES.tooLarge;
  return null;
}
