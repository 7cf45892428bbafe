/**
 * E-mail tracking endpoints of the smtp driver (ARCHITECTURE.md §6.1): the open pixel
 * `GET /t/o/{token}` (-> `opened`), click redirects `GET /t/c/{token}/{n}` (-> `clicked`, then 302 to
 * the n-th link of the message's own HTML: no open redirect) and RFC 8058 one-click unsubscribe
 * `POST /t/u/{token}` (-> `unsubscribe`; `GET` shows a confirmation button instead, so link
 * scanners do not unsubscribe anyone). Every status goes through recordStatus. A bad or unknown
 * token is a 404; nothing here is part of the console API, so it is not in the OpenAPI document.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { trackedLinks, trackingKey, verifyTrackingToken } from '../email-tracking.ts';

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The tracking routes on `ctx` (register without prefix). */
export function emailTrackingRoutes(ctx: AppContext): FastifyPluginAsync {
  const key = trackingKey(ctx.config.sessionSecret);

  /** The e-mail a token names, or 404. */
  async function emailOf(token: string) {
    const id = verifyTrackingToken(key, token);
    const message = id ? await ctx.services.messaging.findMessageForTracking(id) : null;
    if (!id || !message || message.channel !== 'email') throw notFound('link');
    return { id, message };
  }

  return async (app) => {
    // RFC 8058: the one-click POST body is `List-Unsubscribe=One-Click`, form-encoded; it carries
    // nothing we need, so it is read (bounded) and ignored in this scope only.
    app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));
    const hide = { schema: { hide: true } };
    app.get<{ Params: { token: string } }>('/t/o/:token', hide, async (request, reply) => {
      const { id } = await emailOf(request.params.token);
      await ctx.services.messaging.recordStatus({ messageId: id, status: 'opened', at: ctx.now() });
      return reply.header('Content-Type', 'image/gif').header('Cache-Control', 'no-store').send(PIXEL);
    });

    app.get<{ Params: { token: string; n: string } }>('/t/c/:token/:n', hide, async (request, reply) => {
      const { id, message } = await emailOf(request.params.token);
      const html = (message.body as { html?: string }).html ?? '';
      const n = /^\d{1,4}$/.test(request.params.n) ? Number(request.params.n) : -1;
      const target = trackedLinks(html)[n];
      if (!target) throw notFound('link');
      await ctx.services.messaging.recordStatus({ messageId: id, status: 'clicked', at: ctx.now() });
      return reply.header('Cache-Control', 'no-store').redirect(target, 302);
    });

    app.get<{ Params: { token: string } }>('/t/u/:token', hide, async (request, reply) => {
      await emailOf(request.params.token);
      const action = `/t/u/${encodeURIComponent(request.params.token)}`;
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Unsubscribe</title></head>` +
            `<body style="font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1>Unsubscribe</h1>` +
            `<p>Stop receiving these e-mails from this sender?</p><form method="post" action="${action}"><button type="submit">Unsubscribe</button></form></body></html>`,
        );
    });

    app.post<{ Params: { token: string } }>('/t/u/:token', hide, async (request, reply) => {
      const { id } = await emailOf(request.params.token);
      await ctx.services.messaging.recordStatus({ messageId: id, status: 'unsubscribe', at: ctx.now(), reason: 'Recipient unsubscribed (one-click)' });
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Unsubscribed</title></head><body style="font-family:sans-serif;max-width:32rem;margin:3rem auto"><h1>You are unsubscribed</h1></body></html>');
    });
  };
}
