/**
 * The operator CLI (ARCHITECTURE.md §4): `npm run admin -- <command> [options]`, reading the same
 * environment as the server (config.ts) and working whether or not the server runs:
 *
 * - it opens the database itself (migrations applied), runs the command and closes it, when the
 *   server is stopped or the database is PostgreSQL;
 * - on PGlite while a server holds `DATA_DIR` (DataDirLockedError), it sends the command to that
 *   server's loopback admin endpoint (modules/admin/admin.routes.ts) at 127.0.0.1:PORT (or HOST,
 *   when it is a loopback address), authenticated by the key the server keeps in `DATA_DIR/admin-key`.
 *
 * Both ways run the same function (modules/admin/admin.service.ts runAdminCommand) and print the
 * same text. Exit status: 0 done; 1 refused or failed (unknown application, no server answering,
 * database errors); 2 bad usage (unknown command or option, invalid value, invalid configuration).
 * Errors are one line on stderr, starting with `Error: `.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { DataDirLockedError, openDatabase, type Database } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { ADMIN_COMMANDS, ADMIN_COMMANDS_PATH, adminCommandSchema, runAdminCommand, type AdminCommandName } from '../modules/admin/admin.service.ts';
import { adminKeyPath, readAdminKey } from '../modules/admin/admin-key.ts';
import { BALANCE_LEDGER_ROWS, parseOperatorInput, QUOTA_TYPES } from '../modules/quota/quota.service.ts';
import { checkQuotaWarnings } from '../modules/quota/quota-warnings.service.ts';
import { createMailer } from '../lib/mailer.ts';
import { escapeForTerminal } from './terminal-text.ts';

/** Exit statuses. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

const USAGE = 'npm run admin --';

/** Each command's options (all take a value) and its --help text. */
const COMMANDS: Record<AdminCommandName, { options: string[]; synopsis: string; help: string[] }> = {
  billing: {
    options: ['app', 'type'],
    synopsis: 'billing --app <id> --type pre-paid|post-paid',
    help: ["Sets the application's billing type (pre-paid messages take quota; post-paid ones do not)."],
  },
  quota: {
    options: ['app', 'type', 'add', 'set'],
    synopsis: 'quota --app <id> --type <quota type> (--add N | --set N)',
    help: [
      'Tops up (--add N: quota + N) or sets (--set N: quota = N) one prepaid quota, with a ledger row.',
      `Quota types: ${QUOTA_TYPES.join(', ')}.`,
      'N is a whole number: minutes for call, messages for the others (SMS segments for sms).',
    ],
  },
  balances: {
    options: ['app'],
    synopsis: 'balances --app <id>',
    help: [`Prints quota, usage and remaining per quota type and the last ${BALANCE_LEDGER_ROWS} ledger rows.`],
  },
  'whatsapp:sender': {
    options: ['app', 'waba-id', 'phone-number-id', 'display-name', 'rate'],
    synopsis: 'whatsapp:sender --app <id> --waba-id W --phone-number-id P --display-name D [--rate N]',
    help: [
      "Sets the application's WhatsApp sender: its WhatsApp Business Account id, the Cloud API phone",
      'number id it sends from, and the name shown in the console. --rate N paces sends from that',
      'number at N messages per second (default WHATSAPP_RATE, 80). Used when WHATSAPP_DRIVER=cloud.',
    ],
  },
  rate: {
    options: ['app', 'per-second'],
    synopsis: 'rate --app <id> --per-second N|default',
    help: [
      "Sets the application's /v1 send limit to N messages per second, counted over all its channels",
      'and processes (a batch of 500 counts 500); default: V1_RATE_LIMIT messages per minute.',
    ],
  },
  'verify:countries': {
    options: ['app', 'set'],
    synopsis: 'verify:countries --app <id> --set ID,SG|any',
    help: [
      'Sets the countries Verify sends codes to for the application (ISO 3166-1 alpha-2 codes, comma-separated);',
      'a number of another country is refused with 403 country_not_allowed. --set any clears the list.',
    ],
  },
  'verify:limit': {
    options: ['app', 'per-minute'],
    synopsis: 'verify:limit --app <id> --per-minute N|default',
    help: ['Sets how many verifications the application may start a minute (default 60); more are refused with 429.'],
  },
  operator: {
    options: ['email'],
    synopsis: 'operator --email <e-mail>',
    help: ['Makes the user with this e-mail address an operator: operators may edit the API documentation.'],
  },
  storage: {
    options: [],
    synopsis: 'storage',
    help: [
      'Prints each partitioned table (messages, message_events, status_outbox) with its monthly partitions:',
      'bounds, row estimates, sizes and the day each is dropped (its end + RETENTION_DAYS), and the next drop date.',
    ],
  },
  'docs:import': {
    options: ['dir'],
    synopsis: 'docs:import [--dir <path>]',
    help: [
      'Imports the Markdown pages of the API documentation (default: docs/api of the repository) into',
      'the database: pages are matched by version and slug and updated in place, pages no longer in',
      'the directory are removed. Running it again without changes changes nothing.',
    ],
  },
};

/** The full --help text (also printed without a command). */
export function helpText(): string {
  const lines = ['Pesan operator commands.', '', `Usage: ${USAGE} <command> [options]`, `       ${USAGE} <command> --help`, '', 'Commands:'];
  for (const name of ADMIN_COMMANDS) lines.push(`  ${COMMANDS[name].synopsis}`, ...COMMANDS[name].help.map((h) => `      ${h}`), '');
  lines.push(
    'It reads the environment the server reads (DATA_DIR, DATABASE_URL, PORT, HOST). With the server',
    'stopped, or on PostgreSQL, it opens the database itself; while a server runs on the same PGlite',
    'DATA_DIR, it sends the command to that server on loopback, authenticated by DATA_DIR/admin-key.',
    '',
    'Exit status: 0 done, 1 refused or failed, 2 bad usage.',
  );
  return `${lines.join('\n')}\n`;
}

function commandHelp(name: AdminCommandName): string {
  return `Usage: ${USAGE} ${COMMANDS[name].synopsis}\n\n${COMMANDS[name].help.join('\n')}\n`;
}

/** What argv asks for: help text to print, or a command (not yet validated) to run. */
export type Parsed = { help: string; exitCode: number } | { command: Record<string, unknown> };

class UsageError extends Error {}

/** A failure of the command (not of its usage), with the exit status to end with. */
class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failed,
  ) {
    super(message);
  }
}

/** `--add -3` as `--add=-3`: parseArgs refuses a value that starts with a dash. */
function joinNegativeValues(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const next = args[i + 1];
    if (/^--[a-z]+$/.test(args[i]!) && next !== undefined && /^-\d/.test(next)) {
      out.push(`${args[i]}=${next}`);
      i++;
    } else out.push(args[i]!);
  }
  return out;
}

/** Parses argv (after `--`) with node:util parseArgs. @throws UsageError with one clear line. */
export function parseArgv(argv: string[]): Parsed {
  const [name, ...rest] = argv;
  if (name === undefined) return { help: helpText(), exitCode: EXIT.usage };
  if (name === '--help' || name === '-h' || name === 'help') return { help: helpText(), exitCode: EXIT.ok };
  if (!(ADMIN_COMMANDS as readonly string[]).includes(name)) {
    throw new UsageError(`Unknown command '${name}': use one of ${ADMIN_COMMANDS.join(', ')} (see ${USAGE} --help)`);
  }
  const command = name as AdminCommandName;
  const options = Object.fromEntries([...COMMANDS[command].options.map((o) => [o, { type: 'string' as const }]), ['help', { type: 'boolean' as const, short: 'h' }]]);
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args: joinNegativeValues(rest), options, strict: true, allowPositionals: false }).values as Record<string, string | boolean | undefined>;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const option = /'(--?[\w-]+)/.exec((err as Error).message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`Unknown option '${option}' for ${command} (see ${USAGE} ${command} --help)`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new UsageError(`${option} needs a value (see ${USAGE} ${command} --help)`);
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
      throw new UsageError(`Unexpected argument '${/'([^']*)'/.exec((err as Error).message)?.[1]}' (see ${USAGE} ${command} --help)`);
    }
    throw new UsageError((err as Error).message.split('\n')[0]!);
  }
  if (values.help) return { help: commandHelp(command), exitCode: EXIT.ok };
  return { command: { command, ...values } };
}

/** One line for an unexpected error (an AggregateError of a refused connection has no message). */
function describeError(err: unknown): string {
  const e = err as (Error & { code?: string; errors?: unknown[] }) | undefined;
  return (e?.message || e?.code || (e?.errors?.[0] as Error | undefined)?.message || String(err)).split('\n')[0]!;
}

/** The loopback base URL of the server of `config` (its PORT; HOST when that is a loopback address). */
export function loopbackUrl(config: Pick<Config, 'host' | 'port'>): string {
  const host = config.host === 'localhost' || config.host === '::1' || config.host.startsWith('127.') ? config.host : '127.0.0.1';
  return `http://${host === '::1' ? '[::1]' : host === 'localhost' ? '127.0.0.1' : host}:${config.port}`;
}

/**
 * Runs `command` on the database of `config` (opened, migrated, closed here). A data directory or
 * database without Pesan's schema is refused rather than created (a wrong DATA_DIR, most likely).
 * @throws DataDirLockedError when a server holds the PGlite directory.
 */
async function runDirect(config: Config, command: Record<string, unknown>, out: (s: string) => void): Promise<void> {
  const noDatabase = `No Pesan database in ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}: point DATA_DIR (default ./data, relative to where the server runs) or DATABASE_URL at the server's database, or start the server once to create it.`;
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'db', 'PG_VERSION'))) throw new CliFailure(noDatabase);
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) throw err;
    throw new CliFailure(`Cannot open the database: ${describeError(err)}`);
  }
  try {
    if (!(await database.hasSchema())) throw new CliFailure(noDatabase);
    await database.migrate();
    const result = await runAdminCommand(database.db, command, new Date(), { retentionDays: config.retentionDays });
    out(result.output);
    // A top-up re-arms the application's quota warnings; a --set below a threshold warns (issue 10).
    if (result.quotaChangedFor) {
      const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
      await checkQuotaWarnings({ db: database.db, now: () => new Date(), mailer, publicUrl: config.publicUrl }, result.quotaChangedFor);
    }
  } finally {
    await database.close();
  }
}

/** Sends `command` to the server holding `config.dataDir`'s PGlite lock, over loopback. */
async function runRemote(config: Config, command: Record<string, unknown>, out: (s: string) => void, note: (s: string) => void): Promise<void> {
  const key = readAdminKey(config.dataDir);
  if (!key) {
    throw new CliFailure(
      `The data directory ${config.dataDir} is in use by another Pesan process, and its admin key ${adminKeyPath(config.dataDir)} is missing or unreadable (a server creates it at start). Wait for that process to end or stop it, then run the command again.`,
    );
  }
  const url = `${loopbackUrl(config)}${ADMIN_COMMANDS_PATH}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(command),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    const why = (err as Error & { cause?: { code?: string } }).cause?.code ?? describeError(err);
    throw new CliFailure(
      `The data directory ${config.dataDir} is in use by another Pesan process, but no server answers at ${loopbackUrl(config)} (${why}). Run this command with the PORT (and HOST) of that server, or stop it first.`,
    );
  }
  note(`The data directory ${config.dataDir} is in use by a running server: sending the command to it at ${loopbackUrl(config)}.\n`);
  const body = (await res.json().catch(() => null)) as { output?: string; error?: { code?: string; message?: string } } | null;
  if (res.ok && typeof body?.output === 'string') return out(body.output);
  const message = body?.error?.message ?? `HTTP ${res.status}`;
  if (res.status === 404 && message.startsWith('No route')) {
    throw new CliFailure(
      `The server at ${loopbackUrl(config)} refused the admin command: it is not the server of ${config.dataDir} (whose key is ${adminKeyPath(config.dataDir)}), or it does not listen on loopback.`,
    );
  }
  throw new CliFailure(message, res.status === 400 ? EXIT.usage : EXIT.failed);
}

/**
 * The CLI: parses `argv`, validates, runs the command (directly or through the running server) and
 * returns the exit status. `out` receives the command's text, `err` error lines and notes, each with
 * its control characters written as visible escapes (escapeForTerminal).
 */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, terminal = { out: (s: string) => void process.stdout.write(s), err: (s: string) => void process.stderr.write(s) }): Promise<number> {
  // Names from the database may hold control characters: shown as escapes, never obeyed (terminal-text.ts).
  const io = { out: (s: string) => terminal.out(escapeForTerminal(s)), err: (s: string) => terminal.err(escapeForTerminal(s)) };
  const fail = (message: string, code: number) => {
    io.err(`Error: ${message}\n`);
    return code;
  };
  let command: Record<string, unknown>;
  try {
    const parsed = parseArgv(argv);
    if ('help' in parsed) {
      io.out(parsed.help);
      return parsed.exitCode;
    }
    command = parsed.command;
    // A relative --dir is relative to where the operator ran npm (INIT_CWD), not to the repository root npm changes to.
    if (command.command === 'docs:import' && typeof command.dir === 'string' && command.dir !== '') command = { ...command, dir: resolve(env.INIT_CWD || process.cwd(), command.dir) };
    parseOperatorInput(adminCommandSchema, command);
  } catch (err) {
    if (err instanceof UsageError || err instanceof AppError) return fail(err.message, EXIT.usage);
    throw err;
  }
  let config: Config;
  try {
    // The CLI signs no cookie: a placeholder secret keeps loadConfig from writing one into DATA_DIR.
    config = loadConfig({ ...env, SESSION_SECRET: env.SESSION_SECRET || 'operator-cli-signs-no-cookies-placeholder' }, []);
  } catch (err) {
    if (err instanceof ConfigError) return fail(err.message, EXIT.usage);
    throw err;
  }
  try {
    try {
      await runDirect(config, command, io.out);
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
      await runRemote(config, command, io.out, io.err);
    }
    return EXIT.ok;
  } catch (err) {
    if (err instanceof CliFailure) return fail(err.message, err.exitCode);
    if (err instanceof AppError) return fail(err.message, err.statusCode === 400 ? EXIT.usage : EXIT.failed);
    return fail(describeError(err), EXIT.failed);
  }
}
