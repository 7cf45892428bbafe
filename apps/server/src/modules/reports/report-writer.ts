/**
 * Streaming report files (issue 12): CSV through csv-stringify and XLSX through exceljs's streaming
 * WorkbookWriter, written batch by batch to a Writable with its backpressure respected, so a report
 * of any size never sits in memory.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { ReportType } from '@pesan/contracts/reports';

/** One row of a report file: text cells, a number (segments) or empty. */
export type ReportCell = string | number | null;

export interface ReportFileWriter {
  /** Appends rows (CSV cells already passed through neutraliseFormula); resolves when `out` can take more. */
  writeRows(rows: ReportCell[][]): Promise<void>;
  /** Finishes the file and ends `out`. */
  end(): Promise<void>;
}

/** Waits until `out` takes more; rejects with the stream's error (a full disk, a failed upload) instead of waiting forever. */
async function drained(out: Writable): Promise<void> {
  if (out.errored) throw out.errored;
  if (out.destroyed) throw new Error('The report file stream was closed');
  if (out.writableNeedDrain) await once(out, 'drain');
}

/**
 * A cell that a spreadsheet would run as a formula (`=`, `@`, a tab or carriage return first, or
 * `+`/`-` not followed by a plain number) gets a leading apostrophe (OWASP CSV injection); E.164
 * numbers such as +6281… stay as they are.
 */
export function neutraliseFormula(cell: string): string {
  if (/^[=@\t\r]/.test(cell) || (/^[+-]/.test(cell) && !/^[+-]\d[\d ]*$/.test(cell))) return `'${cell}`;
  return cell;
}

/** The start of a CSV report: a UTF-8 BOM (spreadsheet programs then read accents right) and the header row. */
export function csvHeader(header: string[]): string {
  return stringify([header], { bom: true });
}

function csvWriter(out: Writable, header: string[]): ReportFileWriter {
  out.write(csvHeader(header));
  return {
    async writeRows(rows) {
      out.write(stringify(rows));
      await drained(out);
    },
    async end() {
      out.end();
    },
  };
}

function xlsxWriter(out: Writable, header: string[]): ReportFileWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false, zip: { zlib: { level: 1 } } });
  const sheet = workbook.addWorksheet('Report');
  sheet.addRow(header).commit();
  return {
    async writeRows(rows) {
      for (const r of rows) sheet.addRow(r).commit();
      // exceljs hands the sheet's XML to the zip's deflate stream without waiting for it; wait here
      // when that stream is behind, or a fast database fills memory with XML awaiting compression.
      // (exceljs's own PassThrough, readable-stream 2: its state is only in _writableState).
      const deflate = (sheet as unknown as { stream?: { pipes?: (Writable & { _writableState?: { needDrain?: boolean } })[] } }).stream?.pipes?.[0];
      if (deflate?._writableState?.needDrain) await once(deflate, 'drain');
      await drained(out);
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** A writer of `type` ('csv' or 'xlsx') onto `out`, its first row `header`. */
export function createReportWriter(type: ReportType, out: Writable, header: string[]): ReportFileWriter {
  return type === 'csv' ? csvWriter(out, header) : xlsxWriter(out, header);
}
