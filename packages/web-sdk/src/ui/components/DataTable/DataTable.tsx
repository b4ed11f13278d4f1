import type { ComponentChildren } from 'preact';
import { Skeleton } from '../Spinner/Spinner.js';

export interface DataColumn<T> {
  /** unique among the columns */
  key: string;
  /** the header's text */
  label: string;
  /** numbers and amounts: aligned to the end, tabular digits */
  numeric?: boolean;
  render: (row: T) => ComponentChildren;
}

export interface DataTableProps<T> {
  /** names the table's scrolling region for screen readers (the page's or the section's title) */
  label: string;
  columns: DataColumn<T>[];
  /** null while loading: skeleton rows keep the space, and the table is aria-busy */
  rows: T[] | null;
  rowKey: (row: T) => string;
  /** attributes of a row's <tr> (data-* for tests and styling) */
  rowProps?: (row: T) => Record<string, string>;
  /** shown under the headers when `rows` is empty */
  empty?: ComponentChildren;
  skeletonRows?: number;
}

/**
 * A table of records with real header cells (`scope=col`), inside a scrolling region of its own that
 * the keyboard reaches (a wide table on a tablet scrolls there, not the page); while loading, skeleton
 * rows hold the space; with no rows, the `empty` text (see a11y.md beside this file).
 */
export function DataTable<T>({ label, columns, rows, rowKey, rowProps, empty, skeletonRows = 5 }: DataTableProps<T>) {
  return (
    <div class="gh-table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table class="gh-table" aria-busy={rows === null ? 'true' : undefined}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" class={c.numeric ? 'gh-num' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows === null
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <tr key={i} aria-hidden="true">
                  <td colSpan={columns.length}>
                    <Skeleton height={20} />
                  </td>
                </tr>
              ))
            : rows.map((row) => (
                <tr key={rowKey(row)} {...rowProps?.(row)}>
                  {columns.map((c) => (
                    <td key={c.key} class={c.numeric ? 'gh-num' : undefined}>
                      {c.render(row)}
                    </td>
                  ))}
                </tr>
              ))}
        </tbody>
      </table>
      {rows && rows.length === 0 && empty ? (
        <p class="gh-table-empty" data-empty="">
          {empty}
        </p>
      ) : null}
    </div>
  );
}

/** DataTable's rules, for a screen that uses it (the theme tokens' colours). */
export const DATA_TABLE_CSS = `
.gh-table-wrap{overflow-x:auto;border:1px solid var(--gh-color-border);border-radius:var(--gh-border-radius)}
.gh-table{width:100%;border-collapse:collapse;font-size:14px}
.gh-table th,.gh-table td{height:44px;padding:6px 10px;text-align:start;border-bottom:1px solid var(--gh-color-border);vertical-align:middle;white-space:nowrap}
.gh-table tbody tr:last-child td{border-bottom:0}
.gh-table thead th{font-size:13px;color:var(--gh-color-text-secondary);font-weight:600}
.gh-table .gh-num{text-align:end;font-variant-numeric:tabular-nums}
.gh-table-empty{margin:0;padding:32px 16px;text-align:center;color:var(--gh-color-text-secondary);border-top:1px solid var(--gh-color-border)}
`;
