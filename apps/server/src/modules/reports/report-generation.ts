/**
 * Report generation (issue 12; templates-dashboard-reports.md §2.7, §4 Report status): a job (a
 * turn of the queue) takes the next report fairly between organizations (issue 23: one at a time
 * per organization, the organization served longest ago first; in-queue -> processing), counts its rows, streams them in keyset batches into a
 * CSV or XLSX file in the report store, records progress after every batch and finishes it (done,
 * or failed with a reason). A sweep takes reports whose worker died (silent heartbeat) back to the
 * queue, fails them after MAX_ATTEMPTS, and deletes reports older than REPORT_RETENTION_DAYS with
 * their files.
 */
import { Transform, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { CHANNELS, type ChannelId } from '@pesan/contracts/channels';
import { REPORT_CONTENT_TYPES, REPORT_MESSAGES, REPORT_RETENTION_DAYS, reportColumns, type ReportType } from '@pesan/contracts/reports';
import { recordsSearchTerm } from '@pesan/contracts/records-search';
import type { Db, SqlExecutor } from '../../db/client.ts';
import * as repo from './reports.repo.ts';
import { reportFileKey, type ReportStore } from './report-store.ts';
import { createReportWriter, csvHeader, neutraliseFormula, type ReportCell } from './report-writer.ts';
import { errorText } from '../../lib/log-safety.ts';

export interface ReportGenerationDeps {
  db: Db;
  /** The database's array reader (db/client.ts SqlExecutor.queryArrays). */
  queryArrays: SqlExecutor['queryArrays'];
  now: () => Date;
  store: ReportStore;
  /** Queues a turn of the report queue (a generation job), asked for by report `reportId`. */
  enqueueReport: (reportId: string) => Promise<void>;
  /**
   * PostgreSQL's COPY … TO STDOUT as CSV (db/client.ts SqlExecutor.copyCsv), when the database has
   * it: CSV reports are then written by PostgreSQL's own CSV writer (bench/report.ts). Absent on
   * PGlite, where CSV reports go through keyset batches and csv-stringify as XLSX ones do.
   */
  copyCsv?: SqlExecutor['copyCsv'];
  /** Rows per keyset batch (default REPORT_BATCH_ROWS; tests use small ones to see progress). */
  batchRows?: number;
  /** Least time between progress writes (default REPORT_PROGRESS_EVERY_MS; tests use 0). */
  progressEveryMs?: number;
}

/**
 * Rows read and written per batch. Small batches keep each batch's rows (and exceljs's row and cell
 * objects) short-lived, so they die young in V8's nursery instead of filling the old space until a
 * full collection: writing a million-row XLSX, the worker's peak RSS measured 196–197 MB at 500
 * against 218–271 MB at 1,000, at the same speed (bench/report.ts). The next batch is read while
 * this one is written.
 */
export const REPORT_BATCH_ROWS = 500;
/** Progress (and the heartbeat) is written at most this often (ms) while a report is generated. */
export const REPORT_PROGRESS_EVERY_MS = 500;
/** A processing report whose heartbeat is older than this lost its worker. */
export const REPORT_STALE_MS = 2 * 60_000;
/** A queued report this long without being taken lost its job: it is queued again. */
export const REPORT_QUEUED_STALE_MS = 10 * 60_000;
/**
 * Reports of one organization generated at once (issue 23): below the workers of even one
 * process, so whatever one organization queues, another's report starts on the next free worker.
 */
export const REPORT_PROCESSING_PER_ORGANIZATION = 1;
/** Attempts before an interrupted report is failed. */
export const REPORT_MAX_ATTEMPTS = 3;

const CHANNEL_LABEL = new Map(CHANNELS.map((c) => [c.id, c.label]));

/**
 * What a report's `search` narrows to, as Monitoring's search does (console.md §2 Monitoring): a
 * message id prefix when the text looks like one (hex with a dash), else a normalised number on
 * phone channels or text in the address on email. Returns the filter fields to add.
 */
export function reportSearchFilter(channel: ChannelId, search: string | null): Pick<repo.ReportRowsFilter, 'idPrefix' | 'recipientPrefix' | 'recipientContains' | 'never'> {
  const value = search?.trim();
  if (!value) return {};
  const key = /^[0-9a-f]{1,8}-[0-9a-f-]*$/i.test(value) ? 'message_id' : channel === 'email' ? 'email' : 'number';
  const term = recordsSearchTerm(channel, { key, value });
  switch (term.kind) {
    case 'id_prefix':
      return { idPrefix: term.value };
    case 'recipient_prefix':
      return { recipientPrefix: term.value };
    case 'recipient_contains':
      return { recipientContains: term.value };
    case 'never':
      return { never: true };
    default:
      return {};
  }
}

function rowsFilterOf(r: repo.ReportRecord): repo.ReportRowsFilter {
  return {
    organizationId: r.organizationId,
    applicationId: r.applicationId,
    channel: r.channel,
    from: r.rangeFrom,
    to: r.rangeTo,
    statuses: r.statuses,
    ...reportSearchFilter(r.channel as ChannelId, r.search),
  };
}

/**
 * The file cells of a row, in place (the row array is reused: no copy per row): the channel's
 * label for its id, and for CSV the formula guard on text cells.
 */
function toCells(row: repo.ReportMessageRow, csv: boolean): ReportCell[] {
  const cells = row as unknown as ReportCell[];
  cells[2] = CHANNEL_LABEL.get(row[2] as ChannelId) ?? row[2];
  if (csv) {
    for (const i of [1, 3, 4, 5, 7]) {
      const c = cells[i];
      if (typeof c === 'string') cells[i] = neutraliseFormula(c);
    }
  }
  return cells;
}

class LostReportError extends Error {}

/**
 * Writes a CSV report with PostgreSQL's COPY: the BOM and header row (csv-stringify, as the batch
 * path writes them), then the COPY stream of `query` piped into `out` (ended at the end) with its
 * backpressure. Rows are counted as they pass (a line end outside quotes ends a row) and
 * `onProgress(rows)` is awaited between chunks (it throttles itself; a rejection, such as a lost
 * report, stops the copy). Resolves with the rows written.
 */
async function copyCsvReport(
  copyCsv: NonNullable<SqlExecutor['copyCsv']>,
  query: { sql: string; params: unknown[] },
  header: string[],
  out: Writable,
  onProgress: (rows: number) => Promise<void>,
): Promise<number> {
  out.write(csvHeader(header));
  let rows = 0;
  let quoted = false;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      for (let i = 0; i < chunk.length; i++) {
        const b = chunk[i];
        if (b === 0x22) quoted = !quoted;
        else if (b === 0x0a && !quoted) rows++;
      }
      onProgress(rows).then(() => done(null, chunk), done);
    },
  });
  await pipeline(await copyCsv(query), counter, out);
  return rows;
}

/**
 * Generates report `reportId` if it can be taken (in-queue, or processing with a dead worker);
 * otherwise does nothing. Never throws for a failure of the report itself: that is recorded as
 * status failed with its reason (additional_info.reason). Throws only when the database is gone.
 */
export async function generateReport(deps: ReportGenerationDeps, reportId: string): Promise<void> {
  const report = await repo.claimReport(deps.db, reportId, deps.now(), new Date(deps.now().getTime() - REPORT_STALE_MS));
  if (report) await generateClaimed(deps, report);
}

/**
 * One turn of the report queue (a `report-generate` job, issue 23): takes the next report fairly
 * between organizations (reports.repo.ts claimNextReport: at most REPORT_PROCESSING_PER_ORGANIZATION
 * at once per organization, the organization served longest ago first) and generates it, then
 * queues another turn for the reports that waited behind it. Returns the id generated, or null
 * when no report may start now. Throws only when the database is gone.
 */
export async function generateNextReport(deps: ReportGenerationDeps): Promise<string | null> {
  const at = deps.now();
  const report = await repo.claimNextReport(deps.db, at, new Date(at.getTime() - REPORT_STALE_MS), REPORT_PROCESSING_PER_ORGANIZATION);
  if (!report) return null;
  await generateClaimed(deps, report);
  // A report of the same organization may have waited for this one: another turn takes it (a lost
  // turn is not lost work: the sweep queues reports left waiting).
  await deps.enqueueReport(report.id).catch((err: unknown) => console.error(`[reports] could not queue the next report turn: ${errorText(err)}`));
  return report.id;
}

/** Generates a report this worker has claimed (attempt `report.attempts`); see generateReport. */
async function generateClaimed(deps: ReportGenerationDeps, report: repo.ReportRecord): Promise<void> {
  const { db, now, store } = deps;
  const reportId = report.id;
  const attempt = report.attempts;
  const type = report.type as ReportType;
  const key = reportFileKey(report, attempt);
  const batchRows = deps.batchRows ?? REPORT_BATCH_ROWS;
  const filter = rowsFilterOf(report);
  const upload = store.upload(key, REPORT_CONTENT_TYPES[type]);
  // A stream error is thrown by the next write (report-writer.ts drained); never left unhandled.
  upload.stream.on('error', () => undefined);
  let written = 0;
  const progressEveryMs = deps.progressEveryMs ?? REPORT_PROGRESS_EVERY_MS;
  let lastProgress = 0;
  const progress = async (totalRows?: number) => {
    if (totalRows === undefined && Date.now() - lastProgress < progressEveryMs) return;
    lastProgress = Date.now();
    if (!(await repo.recordProgress(db, reportId, attempt, { totalRows, rowsWritten: written, now: now() }))) throw new LostReportError();
  };
  try {
    await progress(await repo.countReportRows(db, filter));
    if (type === 'csv' && deps.copyCsv) {
      written = await copyCsvReport(deps.copyCsv, repo.reportCsvCopyQuery(db, filter, report.timeZone, CHANNEL_LABEL), reportColumns(report.timeZone), upload.stream, (rows) => {
        written = rows;
        return progress();
      });
      await finished(upload.stream);
      const bytes = await upload.done();
      if (!(await repo.finishReport(db, reportId, attempt, { fileKey: key, fileBytes: bytes, rowsWritten: written, now: now() }))) await store.remove(key);
      return;
    }
    const writer = createReportWriter(type, upload.stream, reportColumns(report.timeZone));
    const read = (after: { at: string; id: string } | null) => repo.readReportRows(db, deps.queryArrays, filter, report.timeZone, after, batchRows);
    const guarded = (batch: Promise<repo.ReportMessageRow[]>) => {
      batch.catch(() => undefined); // awaited below; never an unhandled rejection if writing fails first
      return batch;
    };
    // The next batch is read while this one is written: the database and the writer work side by side.
    let next = guarded(read(null));
    for (;;) {
      const batch = await next;
      const last = batch[batch.length - 1];
      const more = batch.length === batchRows && last !== undefined;
      if (more) next = guarded(repo.keysetPositionOf(db, last[0]).then(read));
      if (batch.length) {
        await writer.writeRows(batch.map((r) => toCells(r, type === 'csv')));
        written += batch.length;
      }
      if (!more) break;
      await progress();
    }
    await writer.end();
    // The whole file reached the store's stream (rejects with its error), then the store kept it.
    await finished(upload.stream);
    const bytes = await upload.done();
    if (!(await repo.finishReport(db, reportId, attempt, { fileKey: key, fileBytes: bytes, rowsWritten: written, now: now() }))) await store.remove(key);
  } catch (err) {
    await upload.abort();
    if (err instanceof LostReportError) return;
    console.error(`[reports] report ${reportId} attempt ${attempt} failed: ${errorText(err)}`);
    await repo.failReport(db, reportId, 'The report could not be generated; generate it again', now(), attempt);
  }
}

/** Removes every file an attempt of a report may have left (1..attempts). */
async function removeAttemptFiles(store: ReportStore, r: { id: string; organizationId: string; type: string; attempts: number; fileKey?: string | null }): Promise<void> {
  const keys = new Set<string>();
  for (let a = 1; a <= r.attempts; a++) keys.add(reportFileKey(r, a));
  if (r.fileKey) keys.add(r.fileKey);
  for (const k of keys) await store.remove(k);
}

/**
 * The report sweep (every minute): reports whose worker stopped (processing, heartbeat older than
 * REPORT_STALE_MS) go back to the queue, or fail with REPORT_MESSAGES.interrupted after
 * REPORT_MAX_ATTEMPTS; queued reports whose job was lost (REPORT_QUEUED_STALE_MS) are queued
 * again; reports created more than REPORT_RETENTION_DAYS ago are deleted with their files.
 * Returns what it did, for tests and logs.
 */
export async function sweepReports(deps: ReportGenerationDeps): Promise<{ requeued: number; failed: number; deleted: number }> {
  const { db, now, store } = deps;
  const at = now();
  let requeued = 0;
  let failed = 0;
  const staleProcessing = new Date(at.getTime() - REPORT_STALE_MS);
  const staleQueued = new Date(at.getTime() - REPORT_QUEUED_STALE_MS);
  for (const r of await repo.findStalledReports(db, staleProcessing)) {
    const limit = r.status === 'processing' ? staleProcessing : staleQueued;
    if (!r.heartbeatAt || r.heartbeatAt >= limit) continue;
    if (r.status === 'processing' && r.attempts >= REPORT_MAX_ATTEMPTS) {
      if (await repo.failReport(db, r.id, REPORT_MESSAGES.interrupted, at)) failed++;
      await removeAttemptFiles(store, r);
      continue;
    }
    if (!(await repo.requeueReport(db, r.id, at, limit))) continue;
    if (r.status === 'processing') await removeAttemptFiles(store, r);
    await deps.enqueueReport(r.id);
    requeued++;
  }
  let deleted = 0;
  const before = new Date(at.getTime() - REPORT_RETENTION_DAYS * 86_400_000);
  for (;;) {
    const gone = await repo.deleteReportsCreatedBefore(db, before);
    for (const r of gone) await removeAttemptFiles(store, r);
    deleted += gone.length;
    if (gone.length < 500) break;
  }
  return { requeued, failed, deleted };
}
