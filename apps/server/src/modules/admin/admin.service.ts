/**
 * The operator commands (ARCHITECTURE.md §4 operator CLI) as one function shared by the CLI
 * (cli/admin.ts, when it opens the database itself) and the loopback admin endpoint
 * (admin.routes.ts, while a server holds the PGlite data directory): validate the command, run it
 * through quota.service.ts, and describe what it did in the text the CLI prints.
 *
 * A command is JSON-shaped, with the CLI's option names and values:
 *   { "command": "billing",  "app": "<id>", "type": "pre-paid" | "post-paid" }
 *   { "command": "quota",    "app": "<id>", "type": "<quota type>", "add": N } (or "set": N)
 *   { "command": "balances", "app": "<id>" }
 *   { "command": "whatsapp:sender", "app": "<id>", "waba-id": "…", "phone-number-id": "…", "display-name": "…", "rate"?: N }
 *   { "command": "rate",     "app": "<id>", "per-second": N | "default" }
 *   { "command": "verify:countries", "app": "<id>", "set": "ID,SG" | "any" }   (Verify's allowed countries, §6.4)
 *   { "command": "verify:limit", "app": "<id>", "per-minute": N | "default" }   (Verify's verifications per minute, §6.4)
 *   { "command": "operator", "email": "<e-mail>" }
 *   { "command": "docs:import", "dir"?: "<absolute path>" }   (default: docs/api of the repository)
 *   { "command": "storage" }   (the monthly partitions, their row estimates and sizes, and the next drop date)
 * N is a whole number (or its decimal text) in operator units: minutes for `call`, messages otherwise.
 */
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  balancesShape,
  billingShape,
  changeQuota,
  exactlyOneAmount,
  getBalances,
  parseOperatorInput,
  quotaShape,
  setBillingType,
  toOperatorUnits,
  type Balances,
  type BillingChange,
  type QuotaChange,
} from '../quota/quota.service.ts';
import { setWhatsappSender, whatsappSenderShape, type SenderChange } from '../../messaging/whatsapp/sender.service.ts';
import { sendRateShape, setSendRate, type SendRateChange } from '../../messaging/send-rate.service.ts';
import { makeOperator, type OperatorChange } from '../docs/docs.service.ts';
import { DocsSourceError, describeDocsImport, importDocsFromDir } from '../docs/docs-import.ts';
import { AppError } from '../../lib/errors.ts';
import { SERVER_MESSAGES } from '@pesan/contracts/server-messages';
import { VERIFY_LIMITS } from '@pesan/contracts/verify';
import { setAllowedCountries, setVerifyPerMinute } from '../verify/verify.service.ts';
import { createStorageService, type StorageReport } from '../storage/storage.service.ts';

/** Path of the loopback admin endpoint (admin.routes.ts) the CLI posts commands to. */
export const ADMIN_COMMANDS_PATH = '/admin/commands';

/** The command names, in --help order. */
export const ADMIN_COMMANDS = ['billing', 'quota', 'balances', 'whatsapp:sender', 'rate', 'verify:countries', 'verify:limit', 'operator', 'docs:import', 'storage'] as const;

const APP_ID = z.string({ error: '--app is required' }).trim().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, '--app must be an application id');
const COUNTRIES = '--set must be ISO country codes separated by commas (ID,SG) or any';
const PER_MINUTE = '--per-minute must be a whole number from 1 to 100000, or default';
export type AdminCommandName = (typeof ADMIN_COMMANDS)[number];

/** One operator command (see the module comment); `command` picks the shape. */
export const adminCommandSchema = z.discriminatedUnion(
  'command',
  [
    z.object({ command: z.literal('billing'), ...billingShape }),
    z.object({ command: z.literal('quota'), ...quotaShape }).superRefine(exactlyOneAmount),
    z.object({ command: z.literal('balances'), ...balancesShape }),
    z.object({ command: z.literal('whatsapp:sender'), ...whatsappSenderShape }),
    z.object({ command: z.literal('rate'), ...sendRateShape }),
    z.object({
      command: z.literal('verify:countries'),
      app: APP_ID,
      set: z
        .string({ error: COUNTRIES })
        .trim()
        .transform((v) => (v.toLowerCase() === 'any' ? null : [...new Set(v.split(',').map((c) => c.trim().toUpperCase()))]))
        .refine((v) => v === null || (v.length > 0 && v.length <= 250 && v.every((c) => /^[A-Z]{2}$/.test(c))), COUNTRIES),
    }),
    z.object({
      command: z.literal('verify:limit'),
      app: APP_ID,
      'per-minute': z.union([z.literal('default'), z.coerce.number({ error: PER_MINUTE }).int(PER_MINUTE).min(1, PER_MINUTE).max(100_000, PER_MINUTE)], { error: PER_MINUTE }),
    }),
    z.object({
      command: z.literal('operator'),
      email: z
        .string({ error: '--email is required' })
        .trim()
        .min(1, '--email is required')
        .max(254, '--email must be at most 254 characters')
        .pipe(z.email({ error: (iss) => `--email '${String(iss.input)}' is not an e-mail address` })),
    }),
    z.object({
      command: z.literal('docs:import'),
      dir: z.string().min(1, '--dir needs a directory').max(4096, '--dir must be at most 4096 characters').optional(),
    }),
    z.object({ command: z.literal('storage') }),
  ],
  { error: (iss) => (iss.input === undefined ? 'A command is required' : `Unknown command: use one of ${ADMIN_COMMANDS.join(', ')}`) },
);
export type AdminCommand = z.input<typeof adminCommandSchema>;

/** What a command did: `output` is the text the CLI prints (lines ending in '\n'). */
export interface AdminCommandResult {
  output: string;
  /** The application whose quota or billing type changed (its quota warnings are due a check). */
  quotaChangedFor?: string;
}

/**
 * Validates and runs one operator command on `db` at `now` and describes the result. `retentionDays`
 * (RETENTION_DAYS) is what the `storage` command reports drop dates with.
 * @throws AppError 400 `invalid_request` (one message naming the CLI option) on bad input, or a
 *   docs page that cannot be imported (the file and the reason); 404 `not_found` 'Application <id>
 *   not found' or 'No user with e-mail <e-mail>'; nothing is changed on error.
 */
export async function runAdminCommand(db: Db, input: unknown, now: Date, opts: { retentionDays?: number } = {}): Promise<AdminCommandResult> {
  const command = parseOperatorInput(adminCommandSchema, input);
  switch (command.command) {
    case 'billing': {
      const r = await setBillingType(db, command, now);
      return { output: describeBilling(r), ...(r.changed ? { quotaChangedFor: r.applicationId } : {}) };
    }
    case 'quota': {
      const r = await changeQuota(db, command, now);
      return { output: describeQuota(r), ...(r.changed ? { quotaChangedFor: r.applicationId } : {}) };
    }
    case 'balances':
      return { output: describeBalances(await getBalances(db, command)) };
    case 'whatsapp:sender':
      return { output: describeSender(await setWhatsappSender(db, command, now)) };
    case 'rate':
      return { output: describeSendRate(await setSendRate(db, command, now)) };
    case 'verify:countries': {
      if (!(await setAllowedCountries(db, command.app, command.set, now))) throw new AppError('not_found', SERVER_MESSAGES.applicationIdNotFound(command.app));
      return { output: `Application ${command.app}: Verify sends to ${command.set ? command.set.join(', ') : 'any country'}.\n` };
    }
    case 'verify:limit': {
      const perMinute = command['per-minute'] === 'default' ? null : command['per-minute'];
      if (!(await setVerifyPerMinute(db, command.app, perMinute, now))) throw new AppError('not_found', SERVER_MESSAGES.applicationIdNotFound(command.app));
      return { output: `Application ${command.app}: Verify starts at most ${perMinute ?? VERIFY_LIMITS.perMinuteDefault} verifications a minute${perMinute === null ? ' (the default)' : ''}.\n` };
    }
    case 'operator':
      return { output: describeOperator(await makeOperator({ db, now: () => now }, command.email)) };
    case 'docs:import':
      try {
        return { output: describeDocsImport(await importDocsFromDir(db, command.dir, now)) };
      } catch (err) {
        // A page that cannot be imported, or no pages: refused with the reason, nothing changed.
        if (err instanceof DocsSourceError || (err instanceof Error && /^No (docs directory|Markdown pages)/.test(err.message))) throw new AppError('invalid_request', err.message);
        throw err;
      }
    case 'storage':
      return { output: describeStorage(await createStorageService({ db, now: () => now, retentionDays: opts.retentionDays ?? DEFAULT_RETENTION_DAYS }).report()) };
  }
}

const DEFAULT_RETENTION_DAYS = 400;

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '-');

/** `bytes` as 0 B, 8.0 kB, 1.2 MB, 3.4 GB. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let n = bytes;
  let u = 0;
  while (n >= 1000 && u < units.length - 1) {
    n /= 1000;
    u++;
  }
  return u === 0 ? `${n} B` : `${n.toFixed(1)} ${units[u]}`;
}

/** The storage report as the CLI prints it: one block per partitioned table, aligned columns. */
function describeStorage(r: StorageReport): string {
  const lines = [
    `Retention: ${r.retentionDays} days (RETENTION_DAYS): messages are kept from ${day(r.keptFrom)} (UTC); whole months are dropped daily.`,
    `Next drop: ${r.nextDropOn ? day(r.nextDropOn) : 'none scheduled'}.`,
  ];
  const tables = [...new Set(r.partitions.map((p) => p.table))];
  for (const table of tables) {
    const rows = r.partitions
      .filter((p) => p.table === table)
      .map((p) => [p.name, day(p.from), day(p.to), p.rowEstimate < 0 ? 'unknown' : Math.round(p.rowEstimate).toLocaleString('en-US'), formatBytes(p.bytes), day(p.dropsOn)]);
    const head = ['partition', 'from', 'to', 'rows (est.)', 'size', 'dropped on'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
    const line = (cells: string[]) => `  ${cells.map((c, i) => (i === 3 || i === 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ')}`.trimEnd();
    lines.push('', `${table}:`, line(head), ...rows.map(line));
  }
  if (!tables.length) lines.push('', 'No partitions.');
  return `${lines.join('\n')}\n`;
}

/** `stored` units of `type` as the operator gives them: `12 min` for call, `12` otherwise. */
export function formatAmount(type: string, stored: number, opts: { signed?: boolean } = {}): string {
  const n = toOperatorUnits(type, stored);
  const text = Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0+$/, '');
  const signed = opts.signed && n > 0 ? `+${text}` : text;
  return type === 'call' ? `${signed} min` : signed;
}

const appLabel = (r: { applicationId: string; applicationName: string }) => `Application ${r.applicationId} (${r.applicationName})`;

function describeBilling(r: BillingChange): string {
  return r.changed ? `${appLabel(r)}: billing type changed from ${r.from} to ${r.to}.\n` : `${appLabel(r)}: billing type is already ${r.to}; nothing changed.\n`;
}

function describeQuota(r: QuotaChange): string {
  const f = (n: number) => formatAmount(r.type, n);
  const remaining = f(r.after.quota - r.after.usage);
  let text: string;
  if (!r.changed) text = `${appLabel(r)}: ${r.type} quota is already ${f(r.after.quota)}; nothing changed (usage ${f(r.after.usage)}, remaining ${remaining}).\n`;
  else {
    const what = r.reason === 'top-up' ? `topped up by ${f(r.delta)}` : `set to ${f(r.after.quota)}`;
    text =
      `${appLabel(r)}: ${r.type} quota ${what}: quota ${f(r.before.quota)} -> ${f(r.after.quota)}, usage ${f(r.after.usage)}, remaining ${remaining}.\n` +
      `Ledger row: ${r.type} ${formatAmount(r.type, r.delta, { signed: true })} (${r.reason}).\n`;
  }
  if (r.billingType === 'post-paid') text += `Note: the application is post-paid, so its messages take no quota until its billing type is pre-paid.\n`;
  return text;
}

function describeSender(r: SenderChange): string {
  const show = (s: SenderChange['after']) =>
    `${s.displayName}, phone number id ${s.phoneNumberId}, WABA ${s.wabaId}, ${s.messagesPerSecond ? `${s.messagesPerSecond} msg/s` : 'default rate'}`;
  if (!r.before) return `${appLabel(r)}: WhatsApp sender set to ${show(r.after)}.\n`;
  return `${appLabel(r)}: WhatsApp sender changed from ${show(r.before)} to ${show(r.after)}.\n`;
}

function describeSendRate(r: SendRateChange): string {
  const show = (n: number | null) => (n === null ? 'the default (V1_RATE_LIMIT messages per minute)' : `${n} messages per second`);
  return r.before === r.after ? `${appLabel(r)}: send limit is already ${show(r.after)}; nothing changed.\n` : `${appLabel(r)}: send limit changed from ${show(r.before)} to ${show(r.after)}.\n`;
}

function describeOperator(r: OperatorChange): string {
  const who = `User ${r.email} (${r.fullName})`;
  return r.changed ? `${who} is now an operator: they can edit the API documentation.\n` : `${who} is already an operator; nothing changed.\n`;
}

const pad = (s: string, n: number) => s.padEnd(n);
const padLeft = (s: string, n: number) => s.padStart(n);

function describeBalances(r: Balances): string {
  const label = (type: string) => (type === 'call' ? 'call (min)' : type);
  const num = (type: string, n: number) => formatAmount(type, n).replace(/ min$/, '');
  const rows = r.quotas.map((q) => [label(q.type), num(q.type, q.quota), num(q.type, q.usage), num(q.type, q.remaining)]);
  const header = ['type', 'quota', 'usage', 'remaining'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? pad(c, widths[0]!) : padLeft(c, widths[i]!))).join('  ');
  let text = `${appLabel(r)}, billing type ${r.billingType}\n\n${line(header)}\n${rows.map(line).join('\n')}\n\n`;
  if (!r.ledger.length) return `${text}No ledger rows yet.\n`;
  text += `Last ${r.ledger.length} ledger row${r.ledger.length === 1 ? '' : 's'}, newest first:\n`;
  const typeWidth = Math.max(...r.ledger.map((l) => label(l.type).length));
  const deltas = r.ledger.map((l) => formatAmount(l.type, l.delta, { signed: true }).replace(/ min$/, ''));
  const deltaWidth = Math.max(...deltas.map((d) => d.length));
  r.ledger.forEach((l, i) => {
    const message = l.messageId ? `  message ${l.messageId}` : '';
    text += `${l.at.toISOString()}  ${pad(label(l.type), typeWidth)}  ${padLeft(deltas[i]!, deltaWidth)}  ${l.reason}${message}\n`;
  });
  return text;
}
