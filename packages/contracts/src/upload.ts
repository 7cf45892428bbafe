/**
 * Image upload (console.md §7 User: POST /upload, multipart field `image`, reads data.url).
 * The server checks the type by the file's content, not its name or declared type.
 */
export const UPLOAD_LIMITS = {
  /** Largest accepted image, in bytes (2 MB). */
  maxBytes: 2 * 1024 * 1024,
  /** Accepted image types (MIME), checked by content. */
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp'] as const,
  /** The multipart field name. */
  field: 'image',
} as const;

export const UPLOAD_MESSAGES = {
  required: 'Please choose an image to upload',
  unsupported: 'Only JPEG, PNG or WebP images are accepted',
  tooLarge: 'The image must be at most 2 MB',
  malformed: 'The upload could not be read. Please choose the image again.',
} as const;
