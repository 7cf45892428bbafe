/**
 * The loopback admin endpoint (ARCHITECTURE.md §4 operator CLI): `POST /admin/commands` runs one
 * operator command (admin.service.ts) for the CLI while this server holds the PGlite data
 * directory. Request: `Authorization: Bearer <DATA_DIR/admin-key>`, JSON body AdminCommand.
 * Answer: 200 `{ "output": "<text the CLI prints>" }`; 400 `invalid_request` / 404 `not_found`
 * envelopes for a bad command or an unknown application.
 *
 * A caller not on loopback (the socket's address is not 127.0.0.1, ::1 or ::ffff:127.0.0.1;
 * trustProxy is false, so no header changes it), a request carrying proxy headers (a reverse proxy
 * on this machine connects from loopback) or one without the right key gets the same 404 envelope
 * as an unknown route, before its body is read. Hidden from the OpenAPI document.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { envelope } from '../../plugins/error-handler.ts';
import { adminKeyMatches, ensureAdminKey } from './admin-key.ts';
import { ADMIN_COMMANDS_PATH, adminCommandSchema } from './admin.service.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

/** The key from `Authorization: Bearer <key>`, or undefined. */
function bearer(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** Whether `request` may use the endpoint: loopback socket, no proxy header, the right key. */
function allowed(request: FastifyRequest, key: string): boolean {
  const address = request.socket.remoteAddress ?? request.ip;
  if (!LOOPBACK.has(address) || !LOOPBACK.has(request.ip)) return false;
  if (PROXY_HEADERS.some((h) => request.headers[h] !== undefined)) return false;
  return adminKeyMatches(key, bearer(request.headers.authorization));
}

/** The admin endpoint; creates `DATA_DIR/admin-key` when missing. Register without a prefix. */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const key = ensureAdminKey(ctx.config.dataDir);
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (allowed(request, key)) return;
      const path = request.url.split('?')[0]!;
      return reply.status(404).send(envelope('not_found', `No route ${request.method} ${path}`, request.id));
    });
    app.post(ADMIN_COMMANDS_PATH, { schema: { hide: true, body: adminCommandSchema } }, async (request) => {
      const result = await ctx.services.admin.runAdminCommand(request.body, ctx.now());
      // A top-up re-arms quota warnings; a --set below a threshold warns (issue 10).
      if (result.quotaChangedFor) {
        const applicationId = result.quotaChangedFor;
        request.server.afterAnswer.run(request.log, 'quota warning check', () => ctx.services.quota.scheduleWarningCheck(applicationId));
      }
      return { output: result.output };
    });
  };
}
