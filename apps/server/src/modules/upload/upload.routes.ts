/**
 * Console API upload routes (console.md §7 User: POST /upload, multipart field `image`, answers
 * `{data: {url}}`), and GET /uploads/{file} serving stored images.
 */
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@pesan/contracts/upload';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { signedInOnly } from '../../plugins/session.ts';
import { openImage, storeImage } from './upload.service.ts';

/** Whether `err` comes from parsing a malformed multipart body (no boundary, truncated, bad part headers). */
function isMalformedMultipart(err: unknown): boolean {
  const message = err instanceof Error ? err.message : '';
  return /^(Multipart: |Unexpected end of (form|multipart data)|Malformed part header|Malformed urlencoded)/.test(message) || (err as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE';
}

/**
 * POST /upload and GET /uploads/{file}. Multipart is parsed in this scope only: every other
 * console call answers a multipart body with 415.
 */
export function uploadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1, fields: 5, parts: 6, headerPairs: 20 } });
    app.post(
      '/upload',
      {
        onRequest: signedInOnly,
        schema: {
          tags: ['upload'],
          summary: 'Upload an image (multipart field `image`; JPEG, PNG or WebP; at most 2 MB)',
          consumes: ['multipart/form-data'],
          response: { 201: z.object({ data: z.object({ url: z.string() }) }) },
        },
      },
      async (request, reply) => {
        const missing = () => new AppError('invalid_request', UPLOAD_MESSAGES.required, [{ path: UPLOAD_LIMITS.field, message: UPLOAD_MESSAGES.required }]);
        if (!request.isMultipart()) throw missing();
        let bytes: Buffer;
        try {
          const part = await request.file({ limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1 } });
          if (!part || part.fieldname !== UPLOAD_LIMITS.field) {
            part?.file.resume();
            throw missing();
          }
          bytes = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', UPLOAD_MESSAGES.tooLarge);
          if (isMalformedMultipart(err)) throw new AppError('invalid_request', UPLOAD_MESSAGES.malformed);
          throw err;
        }
        if (bytes.length === 0) throw missing();
        const data = await storeImage(ctx, bytes);
        return reply.status(201).send({ data });
      },
    );

    app.get(
      '/uploads/:file',
      { schema: { tags: ['upload'], summary: 'A stored image', params: z.object({ file: z.string().max(64) }) } },
      async (request, reply) => {
        const { stream, mime, size } = await openImage(ctx, request.params.file);
        return reply
          .header('Content-Type', mime)
          .header('Content-Length', size)
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('Content-Disposition', 'inline')
          .send(stream);
      },
    );
  };
}
