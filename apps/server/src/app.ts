/**
 * buildApp(ctx): the one Fastify instance serving the SPA at `/`, the console API at `/api` and the
 * public messaging API at `/v1` (ARCHITECTURE.md §1). Tests build the same app.
 */
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifySSE from '@fastify/sse';
import { STREAM_LIMITS } from '@pesan/contracts/events';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { onStatusRecorded } from './messaging/engine/status-recorder.ts';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { installClearZodMessages } from '@pesan/contracts/zod-messages';
import type { AppContext } from './context.ts';
import { registerCsrfGuard } from './plugins/csrf.ts';
import { completeOpenApi, consoleOpenApi, publicOpenApi, type OpenApiDoc } from './plugins/openapi.ts';
import { registerApiReference } from './plugins/api-reference.ts';
import { envelope, registerAnswerLanguage, registerErrorHandler } from './plugins/error-handler.ts';
import { RESOURCE_NAMES, SERVER_MESSAGES } from '@pesan/contracts/server-messages';
import { registerSession } from './plugins/session.ts';
import { registerPermissions } from './plugins/permissions.ts';
import { registerHealth } from './plugins/health.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { drainWorkers } from './jobs/registry.ts';
import { createAfterAnswer, type AfterAnswer } from './lib/after-answer.ts';
import { sharedRateLimitOptions } from './plugins/rate-limit/rate-limit-store.ts';
import { safeLoggerOptions } from './lib/log-safety.ts';
import { safeTextValidatorCompiler } from './plugins/validation.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { twoFactorRoutes } from './modules/auth/two-factor.routes.ts';
import { sessionsRoutes } from './modules/auth/sessions.routes.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { organizationRoutes } from './modules/organization/organization.routes.ts';
import { membersRoutes } from './modules/members/members.routes.ts';
import { invitationsRoutes } from './modules/members/invitations.routes.ts';
import { applicationRoutes } from './modules/application/application.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { tokenRoutes } from './modules/token/token.routes.ts';
import { recordsRoutes } from './modules/records/records.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { verifyConsoleRoutes } from './modules/verify/verify-console.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { waTemplatesRoutes } from './modules/wa-templates/wa-templates.routes.ts';
import { quotaRoutes } from './modules/quota/quota.routes.ts';
import { termsRoutes } from './modules/terms/terms.routes.ts';
import { uploadRoutes } from './modules/upload/upload.routes.ts';
import { docsRoutes } from './modules/docs/docs.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { v1Routes } from './messaging/v1.routes.ts';
import { SendRateLimiter } from './messaging/engine/send-rate.ts';
import { dbRateStore, redisRateStore } from './messaging/engine/send-rate.repo.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { emailTrackingRoutes } from './messaging/inbound/email-tracking.routes.ts';
import { whatsappHookRoutes } from './messaging/inbound/whatsapp.routes.ts';
import { WEB_DIST_DIR } from './lib/paths.ts';

const webDist = WEB_DIST_DIR;

declare module 'fastify' {
  interface FastifyInstance {
    /** Work run after a request was answered (mail whose timing must not leak); `drain()` awaits it. */
    afterAnswer: AfterAnswer;
  }
}

export interface BuildOptions {
  /** false for no log (most tests); else the level (default LOG_REDACT-safe options at LOG_LEVEL). */
  logger?: false | { level: string; stream?: NodeJS.WritableStream };
  /** Serve the built SPA from apps/web/dist when present (default true). */
  serveWeb?: boolean;
  /** The built SPA's directory (default apps/web/dist); tests point it at a fake build. */
  webDist?: string;
}

/** Vite's content-hashed build files (`/assets/<name>-<hash>.<ext>`, and their .br/.gz). */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+(\.(br|gz))?$/;

/**
 * Cache-Control of the SPA's files (issue 10): hashed assets never change under their name, so
 * browsers keep them a year without asking; index.html and other unhashed files are revalidated
 * on every use so a deploy is picked up at once.
 */
function setWebCacheHeaders(reply: FastifyReply, path: string): void {
  reply.header('Cache-Control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Builds the app on `ctx`: helmet, cookies, rate limits, OpenAPI (the public /v1 document at
 * /api/openapi.json rendered at /api/reference, the console's at /api/openapi-console.json), error
 * envelope, CSRF guard, sessions, the /api and /v1 routes and the SPA. The caller awaits
 * `app.ready()` / `listen()` and closes it.
 */
export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  installClearZodMessages();
  const app = Fastify({
    logger: opts.logger === false ? false : safeLoggerOptions(opts.logger?.level ?? ctx.config.logLevel, opts.logger?.stream),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: false,
    bodyLimit: 1024 * 1024,
    // Router-level problems (an over-long or badly encoded path) answer with the envelope too.
    frameworkErrors: (err, request, reply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const body = tooLong ? envelope('not_found', SERVER_MESSAGES.notFound(RESOURCE_NAMES.resource), request.id) : envelope('invalid_request', SERVER_MESSAGES.pathInvalid, request.id);
      return (reply as FastifyReply).code(tooLong ? 404 : 400).header('X-Request-Id', request.id).send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Bodies are JSON (or multipart on /api/upload only, registered in its scope): a text/plain body
  // is a 415, not a string handed to a JSON schema.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(safeTextValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  // Console answers carry personal data (profile, organization, records, token files): no shared
  // or browser cache keeps them (issue 6). A route that sets its own Cache-Control (public
  // uploads) keeps it; the rendered API reference stays cacheable.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/reference') && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie, { secret: ctx.config.sessionSecret });
  const rateLimits = sharedRateLimitOptions(ctx.database.db, ctx.config.redisUrl);
  await app.register(rateLimit, rateLimits.options);
  if (rateLimits.redis) {
    const redis = rateLimits.redis;
    app.addHook('onClose', async () => void (await redis.quit()));
  }
  await app.register(swagger, {
    openapi: {
      info: { title: 'Pesan API', version: '1.0.0', description: 'Console API (/api) and public messaging API (/v1).' },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'The access token (JWT) from the token file of the application and channel. When the application requires signed requests, ' +
              'each request also carries `X-Timestamp` (unix seconds, within 5 minutes of the server clock) and `X-Signature`: base64 ' +
              'RSA-SHA256 over `METHOD:PATH:TIMESTAMP:hex(sha256(body))` with the private key from the same file. A signature is ' +
              'accepted once: the same signed request again within its 5-minute window is refused with 401, so sign every request, ' +
              'retries included, with a new timestamp.',
          },
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'pesan_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: completeOpenApi as never,
  });
  // Two documents cut from the generated one (plugins/openapi.ts): the public /v1 reference that
  // customers download and read at /api/reference, and the console's own, for us.
  let documents: { public: OpenApiDoc; console: OpenApiDoc } | undefined;
  const openApiDocuments = () => {
    if (!documents) {
      const full = app.swagger() as unknown as OpenApiDoc;
      documents = { public: publicOpenApi(full, { origin: ctx.config.publicOrigin, v1RateLimit: ctx.config.v1RateLimit }), console: consoleOpenApi(full) };
    }
    return documents;
  };
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => openApiDocuments().public);
  app.get('/api/openapi-console.json', { schema: { hide: true } }, async () => openApiDocuments().console);
  registerApiReference(app);

  // One process may run the app and the workers: drain running jobs before the database closes.
  app.addHook('onClose', async () => {
    await drainWorkers(ctx.boss);
    await ctx.services.drivers.close();
  });
  // Work that runs after an answer (lib/after-answer.ts) finishes before the database closes.
  const afterAnswer = createAfterAnswer();
  app.decorate('afterAnswer', afterAnswer);
  app.addHook('onClose', async () => {
    await afterAnswer.drain();
    await ctx.services.recipientMailLimit.close();
  });
  registerErrorHandler(app);
  registerAnswerLanguage(app);
  registerCsrfGuard(app, ctx.config.publicOrigin);
  registerSession(app, ctx.database.db);
  registerPermissions(app);
  // Operational routes (ARCHITECTURE.md §9), hidden from the OpenAPI document; metrics count every
  // route registered after them.
  registerMetrics(app, ctx);
  registerHealth(app, ctx);

  app.get('/api/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  await app.register(authRoutes(ctx), { prefix: '/api' });
  await app.register(twoFactorRoutes(ctx), { prefix: '/api' });
  await app.register(sessionsRoutes(ctx), { prefix: '/api' });
  await app.register(userRoutes(ctx), { prefix: '/api' });
  await app.register(organizationRoutes(ctx), { prefix: '/api' });
  await app.register(membersRoutes(ctx), { prefix: '/api' });
  await app.register(invitationsRoutes(ctx), { prefix: '/api' });
  await app.register(applicationRoutes(ctx), { prefix: '/api' });
  await app.register(webhooksRoutes(ctx), { prefix: '/api' });
  await app.register(tokenRoutes(ctx), { prefix: '/api' });
  await app.register(recordsRoutes(ctx), { prefix: '/api' });
  await app.register(dashboardRoutes(ctx), { prefix: '/api' });
  await app.register(verifyConsoleRoutes(ctx), { prefix: '/api' });
  await app.register(reportsRoutes(ctx), { prefix: '/api' });
  await app.register(waTemplatesRoutes(ctx), { prefix: '/api' });
  await app.register(quotaRoutes(ctx), { prefix: '/api' });
  await app.register(termsRoutes(ctx), { prefix: '/api' });
  await app.register(uploadRoutes(ctx), { prefix: '/api' });
  await app.register(docsRoutes(ctx), { prefix: '/api' });
  await app.register(auditRoutes(ctx), { prefix: '/api' });
  // Live stream (issue 28): woken by this process's recorded statuses; its streams end before the server closes.
  await app.register(fastifySSE, { heartbeatInterval: STREAM_LIMITS.heartbeatMs });
  await app.register(eventsRoutes(ctx), { prefix: '/api' });
  const stopWaking = onStatusRecorded(() => ctx.services.events.hub.wake());
  app.addHook('preClose', async () => {
    stopWaking();
    ctx.services.events.hub.stop();
  });
  // The /v1 send limit, answered from memory and leased from the shared store (ARCHITECTURE.md §6.5).
  const sendLimiter = new SendRateLimiter(rateLimits.redis ? redisRateStore(rateLimits.redis) : dbRateStore(ctx.database.db));
  await app.register(v1Routes(ctx, sendLimiter), { prefix: '/v1' });
  // Operator CLI's loopback endpoint (hidden from the OpenAPI document).
  await app.register(adminRoutes(ctx));
  await app.register(emailTrackingRoutes(ctx));
  await app.register(whatsappHookRoutes(ctx));

  const webRoot = opts.webDist ?? webDist;
  const serveWeb = opts.serveWeb !== false && existsSync(webRoot);
  // The build writes .br and .gz beside each text asset (apps/web/vite.config.ts): sent as is when
  // the browser accepts them (br first), the plain file otherwise.
  if (serveWeb) await app.register(fastifyStatic, { root: webRoot, wildcard: false, preCompressed: true, setHeaders: setWebCacheHeaders });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    // Only a GET of a console page is the SPA; an unknown API, hook, tracking or build-file path
    // (a tampered link, a stale page asking for an old chunk) is a 404 envelope (issue 23).
    if (serveWeb && request.method === 'GET' && !isServerPath(path)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(envelope('not_found', SERVER_MESSAGES.noRoute(request.method, path), request.id));
  });
  return app;
}

/** Path prefixes the server answers itself, never with the SPA page: console API, /v1, webhooks from carriers, e-mail tracking, build files. */
export const SERVER_PATH_PREFIXES = ['/api', '/v1', '/hooks', '/t', '/assets'] as const;

/**
 * Whether `path` (without the query) is one of SERVER_PATH_PREFIXES or below it, at any depth,
 * compared as a router or a proxy might read it: percent-decoded, repeated slashes collapsed,
 * case-insensitive (`/API//x`, `/%74/c/…` count). An undecodable path counts as the server's.
 */
export function isServerPath(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  const normal = decoded.replace(/[\\/]+/g, '/').toLowerCase();
  return SERVER_PATH_PREFIXES.some((p) => normal === p || normal.startsWith(`${p}/`));
}

/**
 * The HTTP side of a `--role=worker` process (ARCHITECTURE.md §9): only `/healthz`, `/readyz` and
 * `/metrics` (so the status changes recorded by this worker are scraped), with the error envelope,
 * on the same PORT setting. Every other path is a 404 envelope.
 */
export async function buildOpsApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: opts.logger === false ? false : safeLoggerOptions(opts.logger?.level ?? ctx.config.logLevel, opts.logger?.stream), trustProxy: false });
  app.addHook('onClose', async () => {
    await drainWorkers(ctx.boss);
    await ctx.services.drivers.close();
  });
  registerErrorHandler(app);
  registerMetrics(app, ctx);
  registerHealth(app, ctx);
  app.setNotFoundHandler((request, reply) => reply.status(404).send(envelope('not_found', SERVER_MESSAGES.noRoute(request.method, request.url.split('?')[0]!), request.id)));
  return app;
}
