/**
 * The audit log (ARCHITECTURE.md §5.1): who did what, to what, from where and when. Routes record
 * after a change succeeded, with the actor of plugins/audit-actor.ts. An entry never holds a secret:
 * `details` carries only names, roles, channels and changed field names (redactDetails drops any
 * key that looks like a secret, whatever a caller passes, and strips credentials and query strings
 * from URLs). Owners and admins read it (list, CSV download); it is kept AUDIT_RETENTION_DAYS days.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { resolveRecordsRange } from '@pesan/contracts/records';
import {
  AUDIT_DOWNLOAD_MAX_ROWS,
  AUDIT_RETENTION_DAYS,
  TEAMS_MESSAGES,
  auditLogFileName,
  type AuditAction,
  type AuditEntry,
  type AuditLogDownloadQuery,
  type AuditLogPage,
  type AuditLogQuery,
} from '@pesan/contracts/teams';
import type { UiLanguage } from '@pesan/contracts/ui-language';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../lib/errors.ts';
import { organizationTimeZone } from '../organization/organization.service.ts';
import { csvHeader, neutraliseFormula } from '../reports/report-writer.ts';
import * as repo from './audit.repo.ts';

/** What the audit service uses of the application context. */
export type AuditDeps = Pick<AppContext, 'database' | 'now'>;

/** Who acted, from where: the signed-in member (or the account of a sign-in attempt) and the request's IP and User-Agent. */
export interface AuditActor {
  organizationId: string;
  actorId: string | null;
  actorEmail: string;
  ip: string;
  userAgent: string;
}

/** What happened: the action, its target (type, id, shown name) and non-secret details. */
export interface AuditEvent {
  action: AuditAction;
  target?: { type: string; id: string; name?: string | null };
  details?: Record<string, unknown>;
  /** When it happened, if not now (the demo seed's past entries); recordAudit only. */
  at?: Date;
}

const SECRET_KEY = /pass|secret|token|code|otp|key|hash|cookie|signature|authorization/i;

/**
 * A URL as it may be kept: an http(s) URL loses its user name, password, query string and
 * fragment (`https://u:p@x.test/h?k=v#f` -> `https://x.test/h`); any other string is unchanged.
 */
export function auditSafeUrl(value: string): string {
  if (!/^https?:\/\//i.test(value)) return value;
  try {
    const u = new URL(value);
    if (!u.username && !u.password && !u.search && !u.hash) return value;
    u.username = '';
    u.password = '';
    u.search = '';
    u.hash = '';
    return u.toString();
  } catch {
    return value;
  }
}

function redactValue(v: unknown): unknown {
  if (typeof v === 'string') return auditSafeUrl(v);
  if (Array.isArray(v)) return v.map(redactValue);
  if (v && typeof v === 'object') return redactDetails(v as Record<string, unknown>);
  return v;
}

/**
 * `details` without any key that names a secret (password, token, code, secret, key, hash, …), at
 * any depth, and with every http(s) URL string stripped of credentials and query (auditSafeUrl).
 */
export function redactDetails(details: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(details)) {
    if (SECRET_KEY.test(k)) continue;
    out[k] = redactValue(v);
  }
  return out;
}

function toRow(actor: AuditActor, event: AuditEvent, at: Date): repo.NewAuditRow {
  return {
    organizationId: actor.organizationId,
    at,
    actorId: actor.actorId,
    actorEmail: actor.actorEmail,
    action: event.action,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    targetName: event.target?.name ?? null,
    ip: actor.ip,
    userAgent: actor.userAgent,
    details: redactDetails(event.details ?? {}),
  };
}

/** Appends `event` by `actor` at the current time (or `event.at`). */
export async function recordAudit(ctx: AuditDeps, actor: AuditActor, event: AuditEvent): Promise<void> {
  await repo.insertAuditEntry(ctx.database.db, toRow(actor, event, event.at ?? ctx.now()));
}

/** Appends several events by `actor` at the current time in one statement (one per deleted template, per channel…). */
export async function recordAuditMany(ctx: AuditDeps, actor: AuditActor, events: AuditEvent[]): Promise<void> {
  const at = ctx.now();
  await repo.insertAuditEntries(
    ctx.database.db,
    events.map((e) => toRow(actor, e, at)),
  );
}

/**
 * The names of the fields of `after` whose value differs from `before` (compared as JSON), `id`
 * left out: what `organization.updated` records instead of the values.
 */
export function changedFields(before: object, after: object): string[] {
  const b = before as Record<string, unknown>;
  return Object.entries(after as Record<string, unknown>)
    .filter(([k, v]) => k !== 'id' && JSON.stringify(v) !== JSON.stringify(b[k]))
    .map(([k]) => k);
}

/**
 * The repo filter of a list or download query: the organization, the instant range of
 * `start_date`..`end_date` (days in the organization's time zone, end inclusive, or date-times),
 * the actor and the actions.
 * @throws AppError invalid_request (400) on `end_date` when the end is before the start.
 */
async function filterOf(deps: AuditDeps, organizationId: string, q: AuditLogDownloadQuery): Promise<{ filter: repo.AuditFilter; timeZone: string }> {
  const timeZone = await organizationTimeZone(deps.database.db, organizationId);
  const range = resolveRecordsRange(q.start_date, q.end_date, timeZone);
  const from = range.from!;
  const to = range.to!;
  const span = to.getTime() - from.getTime();
  if (span < 0 || (span === 0 && range.toExclusive)) throw fieldError('end_date', TEAMS_MESSAGES.auditRangeInvalid);
  return {
    filter: { organizationId, from, to, toExclusive: range.toExclusive, actorId: q.actor_id, actions: q.action },
    timeZone,
  };
}

function toEntry(r: repo.AuditRow): AuditEntry {
  return {
    id: r.id,
    at: r.at.toISOString(),
    actor: { id: r.actorId, email: r.actorEmail },
    action: r.action as AuditAction,
    target: { type: r.targetType, id: r.targetId, name: r.targetName },
    ip: r.ip,
    user_agent: r.userAgent,
    details: r.details ?? {},
  };
}

/**
 * `POST /api/organization/audit-log` (§5.1): a page of the organization's entries, newest first,
 * filtered by actor, actions and range; `pages` = ceil(total / limit). Only `organizationId`'s
 * entries are ever read.
 * @throws AppError invalid_request (400, `end_date`) when the end is before the start.
 */
export async function listAuditLog(deps: AuditDeps, organizationId: string, q: AuditLogQuery): Promise<AuditLogPage> {
  const { filter } = await filterOf(deps, organizationId, q);
  const { rows, total } = await repo.listAuditEntries(deps.database.db, filter, (q.page - 1) * q.limit, q.limit);
  return { data: rows.map(toEntry), page: q.page, limit: q.limit, pages: Math.ceil(total / q.limit), total };
}

/** Column titles of the CSV download per language. */
const CSV_HEADERS: Record<UiLanguage, (timeZone: string) => string[]> = {
  en: (tz) => [`Time (${tz})`, 'Actor', 'Action', 'Target type', 'Target', 'IP', 'User agent', 'Details'],
  id: (tz) => [`Waktu (${tz})`, 'Pelaku', 'Aksi', 'Jenis target', 'Target', 'IP', 'User agent', 'Detail'],
};

/** Rows read per query while the CSV streams. */
const EXPORT_CHUNK = 1_000;

function csvRow(r: repo.AuditExportRow): string[] {
  const target = r.targetName && r.targetId ? `${r.targetName} (${r.targetId})` : (r.targetName ?? r.targetId ?? '');
  return [r.localTime, r.actorEmail, r.action, r.targetType ?? '', target, r.ip, r.userAgent, JSON.stringify(r.details ?? {})].map(neutraliseFormula);
}

/** The CSV download: its file name, content type and a stream of its bytes. */
export interface AuditLogFile {
  fileName: string;
  contentType: string;
  /** UTF-8 with a BOM: the header row, then every matching entry newest first. */
  stream: Readable;
}

/**
 * `GET /api/organization/audit-log/download` (§5.1): every entry the list would show for these
 * filters (at most AUDIT_DOWNLOAD_MAX_ROWS, newest first) as CSV: time in the organization's zone,
 * actor e-mail, action, target type, target (name and id), IP, user agent and details as JSON.
 * Cells a spreadsheet would run as a formula are neutralised (report-writer.ts). Read in chunks
 * of EXPORT_CHUNK rows by keyset while the answer streams, so memory stays bounded.
 * @throws AppError invalid_request (400, `end_date`) when the end is before the start (before anything is sent).
 */
export async function downloadAuditLog(deps: AuditDeps, organizationId: string, q: AuditLogDownloadQuery, lang: UiLanguage = 'en'): Promise<AuditLogFile> {
  const { filter, timeZone } = await filterOf(deps, organizationId, q);
  const db = deps.database.db;
  async function* lines(): AsyncGenerator<string> {
    yield csvHeader(CSV_HEADERS[lang](timeZone));
    let cursor: repo.AuditCursor | null = null;
    let left = AUDIT_DOWNLOAD_MAX_ROWS;
    while (left > 0) {
      const chunk = await repo.exportAuditChunk(db, filter, timeZone, cursor, Math.min(EXPORT_CHUNK, left));
      if (chunk.rows.length) yield stringify(chunk.rows.map(csvRow));
      left -= chunk.rows.length;
      if (!chunk.next) return;
      cursor = chunk.next;
    }
  }
  return { fileName: auditLogFileName(q.start_date, q.end_date), contentType: 'text/csv; charset=utf-8', stream: Readable.from(lines(), { objectMode: false }) };
}

/**
 * Deletes every organization's entries older than AUDIT_RETENTION_DAYS (§5.1: kept 400 days) before
 * `now` (default the clock); the daily storage maintenance calls it. Returns the entries deleted.
 */
export async function pruneAuditLog(deps: AuditDeps, now: Date = deps.now()): Promise<number> {
  return repo.deleteAuditEntriesBefore(deps.database.db, new Date(now.getTime() - AUDIT_RETENTION_DAYS * 86_400_000));
}
