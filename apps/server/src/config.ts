/**
 * Configuration from the environment (ARCHITECTURE.md §4), zod-parsed and frozen.
 * Invalid configuration throws a ConfigError with one line per bad variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { RETRY_SCHEDULE_MS } from '@pesan/contracts/webhooks';

const bool = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  PUBLIC_URL: z.url({ error: 'must be an http(s) URL' }).optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Pesan <no-reply@localhost>'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SANDBOX_DELAY_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(600_000).default(1500),
  /** The sandbox template reviewer's delay before its decision (issue 13). */
  REVIEW_DELAY_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(86_400_000).default(3000),
  DEMO_DATA: bool.optional(),
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Sends per minute per access token on /v1. */
  V1_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  /** Requests per minute per IP on the sign-in and other auth calls. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Access-token generations per minute per user (each one makes RSA key pairs). */
  TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Customer e-mail: the sandbox carrier, or SMTP through EMAIL_SMTP_URL. */
  EMAIL_DRIVER: z.enum(['sandbox', 'smtp'], { error: 'must be sandbox or smtp' }).default('sandbox'),
  EMAIL_SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  /** SMS and SMS OTP: the sandbox carrier, or an SMSC over SMPP at SMPP_URL. */
  SMS_DRIVER: z.enum(['sandbox', 'smpp'], { error: 'must be sandbox or smpp' }).default('sandbox'),
  SMPP_URL: z.string().regex(/^smpps?:\/\/[^:@/]+(:[^@/]*)?@[^/:]+(:\d+)?\/?$/, 'must be smpp://system_id:password@host:port').optional(),
  /** submit_sm per second on the bind, and how many may await their response at once (the window). */
  SMPP_RATE: z.coerce.number({ error: 'must be a number of messages per second' }).int().min(1).max(10_000).default(50),
  SMPP_WINDOW: z.coerce.number({ error: 'must be a number of PDUs' }).int().min(1).max(1000).default(10),
  /** WhatsApp: the sandbox carrier, or Meta's Cloud API. */
  WHATSAPP_DRIVER: z.enum(['sandbox', 'cloud'], { error: 'must be sandbox or cloud' }).default('sandbox'),
  WHATSAPP_GRAPH_URL: z.url({ error: 'must be an http(s) URL' }).default('https://graph.facebook.com/v23.0'),
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  /** The Meta app's id: the Resumable Upload API (`/{app_id}/uploads`) takes templates' media header samples. */
  WHATSAPP_APP_ID: z.string().regex(/^\d{1,20}$/, 'must be the Meta app id (digits)').optional(),
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  /** Default messages per second per WhatsApp phone number (Cloud API throughput 80); a sender may set its own. */
  WHATSAPP_RATE: z.coerce.number({ error: 'must be a number of messages per second' }).int().min(1).max(1000).default(80),
  /** Customer webhooks: delays before each retry (comma-separated ms; tests compress it) and the request time limit. */
  WEBHOOK_RETRY_SCHEDULE_MS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be comma-separated milliseconds')
    .optional(),
  WEBHOOK_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(100).max(60_000).default(15_000),
  /** Redis for the shared rate-limit counters; unset = counters in the database. */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
  /** Report files in an S3-compatible bucket instead of DATA_DIR/reports (modules/reports/report-store.ts parseS3Url). */
  REPORTS_S3_URL: z.string().regex(/^(s3|https?):\/\/.+/, 'must be s3://bucket/prefix or http(s)://key:secret@host/bucket/prefix').optional(),
  /** Bearer that opens /metrics to callers other than loopback; unset = loopback only. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * Days of messages kept (ARCHITECTURE.md §9): whole months older than this are dropped
   * (lib/retention.ts retentionStart). At least 31, so the console's 'Last 30 Days' is always kept.
   */
  RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(31, 'must be at least 31 days')
    .max(36_500, 'must be at most 36500 days')
    .default(400),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  publicOrigin: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionSecret: string;
  sandboxDelayMs: number;
  /** The sandbox template reviewer's delay before its decision, in ms (REVIEW_DELAY_MS; 0 in tests). */
  reviewDelayMs: number;
  demoData: boolean | undefined;
  logLevel: string;
  /** NODE_ENV: in production, mail links are never logged. */
  nodeEnv: 'development' | 'production' | 'test';
  /** Whether system e-mail links may be logged: file outbox (no SMTP_URL) and not production (issue 6). */
  logMailLinks: boolean;
  v1RateLimit: number;
  authRateLimit: number;
  tokenRateLimit: number;
  redisUrl: string | undefined;
  /** Driver of customer e-mail (ARCHITECTURE.md §4) and its relay. */
  emailDriver: 'sandbox' | 'smtp';
  emailSmtpUrl: string | undefined;
  /** Driver of SMS and SMS OTP, and the SMSC with its pacing (ARCHITECTURE.md §4, §6.1). */
  smsDriver: 'sandbox' | 'smpp';
  smppUrl: string | undefined;
  smppRate: number;
  smppWindow: number;
  /** Driver of WhatsApp and the Cloud API settings (ARCHITECTURE.md §4, §6.1). */
  whatsappDriver: 'sandbox' | 'cloud';
  whatsappGraphUrl: string;
  whatsappToken: string | undefined;
  /**
   * WHATSAPP_APP_ID: the Meta app id; optional (issue 23): only media header samples of templates
   * need it (Meta's Resumable Upload API), and submitting one without it is a 400 naming it.
   */
  whatsappAppId: string | undefined;
  whatsappAppSecret: string | undefined;
  whatsappVerifyToken: string | undefined;
  whatsappRate: number;
  /** Delays before each webhook retry (ms); RETRY_SCHEDULE_MS of contracts/webhooks.ts by default. */
  webhookRetryScheduleMs: readonly number[];
  /** Time limit of one webhook request (ms), 15 s by default. */
  webhookTimeoutMs: number;
  /** Whether PUBLIC_URL is on this machine (localhost, 127.0.0.1, ::1): development, where http and private webhook endpoints are allowed. */
  publicUrlIsLocal: boolean;
  /** Bearer for /metrics from other than loopback (at least 16 characters); undefined = loopback only. */
  metricsToken: string | undefined;
  /** S3-compatible store of report files; undefined = DATA_DIR/reports. */
  reportsS3Url: string | undefined;
  /** RETENTION_DAYS: messages are kept from retentionStart(now, retentionDays) (lib/retention.ts); 400 by default, at least 31. */
  retentionDays: number;
  role: 'all' | 'api' | 'worker';
}

export class ConfigError extends Error {
  constructor(public readonly lines: string[]) {
    super(`Invalid configuration:\n${lines.join('\n')}`);
  }
}

/** Reads or creates the cookie-signing secret in DATA_DIR (ARCHITECTURE.md §4). */
function sessionSecretFrom(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Parses `env` (default process.env) and `argv` (`--role=api|worker`) into a frozen Config.
 * @throws ConfigError listing every bad variable as `NAME: message`.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv): Readonly<Config> {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(clean);
  const roleArg = argv.find((a) => a.startsWith('--role='))?.slice('--role='.length) ?? 'all';
  const lines: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) lines.push(`${String(issue.path[0])}: ${issue.message}`);
  }
  if (parsed.success && parsed.data.EMAIL_DRIVER === 'smtp' && !parsed.data.EMAIL_SMTP_URL) lines.push('EMAIL_SMTP_URL: is required when EMAIL_DRIVER=smtp');
  if (parsed.success && parsed.data.SMS_DRIVER === 'smpp' && !parsed.data.SMPP_URL) lines.push('SMPP_URL: is required when SMS_DRIVER=smpp');
  if (parsed.success && parsed.data.WHATSAPP_DRIVER === 'cloud') {
    for (const name of ['WHATSAPP_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const) {
      if (!parsed.data[name]) lines.push(`${name}: is required when WHATSAPP_DRIVER=cloud`);
    }
  }
  if (!['all', 'api', 'worker'].includes(roleArg)) lines.push(`--role: must be api or worker, got '${roleArg}'`);
  if (lines.length || !parsed.success) throw new ConfigError(lines);
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionSecret: e.SESSION_SECRET ?? sessionSecretFrom(dataDir),
    sandboxDelayMs: e.SANDBOX_DELAY_MS,
    reviewDelayMs: e.REVIEW_DELAY_MS,
    demoData: e.DEMO_DATA,
    logLevel: e.LOG_LEVEL,
    nodeEnv: e.NODE_ENV,
    logMailLinks: !e.SMTP_URL && e.NODE_ENV !== 'production',
    v1RateLimit: e.V1_RATE_LIMIT,
    authRateLimit: e.AUTH_RATE_LIMIT,
    tokenRateLimit: e.TOKEN_RATE_LIMIT,
    redisUrl: e.REDIS_URL,
    emailDriver: e.EMAIL_DRIVER,
    emailSmtpUrl: e.EMAIL_SMTP_URL,
    smsDriver: e.SMS_DRIVER,
    smppUrl: e.SMPP_URL,
    smppRate: e.SMPP_RATE,
    smppWindow: e.SMPP_WINDOW,
    whatsappDriver: e.WHATSAPP_DRIVER,
    whatsappGraphUrl: e.WHATSAPP_GRAPH_URL.replace(/\/$/, ''),
    whatsappToken: e.WHATSAPP_TOKEN,
    whatsappAppId: e.WHATSAPP_APP_ID,
    whatsappAppSecret: e.WHATSAPP_APP_SECRET,
    whatsappVerifyToken: e.WHATSAPP_VERIFY_TOKEN,
    whatsappRate: e.WHATSAPP_RATE,
    webhookRetryScheduleMs: Object.freeze(e.WEBHOOK_RETRY_SCHEDULE_MS ? e.WEBHOOK_RETRY_SCHEDULE_MS.split(',').map(Number) : [...RETRY_SCHEDULE_MS]),
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    publicUrlIsLocal: ['localhost', '127.0.0.1', '[::1]'].includes(new URL(publicUrl).hostname),
    metricsToken: e.METRICS_TOKEN,
    reportsS3Url: e.REPORTS_S3_URL,
    retentionDays: e.RETENTION_DAYS,
    role: roleArg as Config['role'],
  });
}
