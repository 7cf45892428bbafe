/**
 * One SQL parameter holding a whole array (`unnest($1::uuid[], …)`): a statement of constant shape
 * whatever the number of rows, on PostgreSQL and PGlite alike. Drizzle spreads a JS array in a `sql`
 * template into one parameter per element, so arrays go as PostgreSQL array literals.
 */
import { sql, type SQL } from 'drizzle-orm';

/** Quotes one element of an array literal (null stays NULL). */
function element(v: string | number | null): string {
  if (v === null) return 'NULL';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`not a finite number: ${v}`);
    return String(v);
  }
  return `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The array literal of `values` ('{"a","b"}'), for a `::type[]` cast. */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  return `{${values.map(element).join(',')}}`;
}

/** `values` as one parameter cast to `type[]` (such as 'uuid', 'text', 'timestamptz', 'integer'). */
export function arrayParam(values: readonly (string | number | null)[], type: string): SQL {
  if (!/^[a-z ]+$/.test(type)) throw new Error(`bad array type: ${type}`);
  return sql`${arrayLiteral(values)}::${sql.raw(type)}[]`;
}
