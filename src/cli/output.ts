// Compact text for people and JSON for scripts. Every remote string in the text goes through cleanCell, and
// every cell and line through the guards of text/safety.ts: the GitHub runner reads a CLI's stdout in a
// workflow step for commands, so no line may start with `::` or hold `##[`.
import { elapsedMs, formatDuration } from '../core/report/format.ts';
import type { CliIo } from './io.ts';
import { inertJson } from './json.ts';
import { cleanCell, guardLogLine, sanitizeLine } from '../text/safety.ts';
import { colorWanted, createStyle, paintResult, type Style } from './terminal/color.ts';

/**
 * JSON of the parsed objects; Date fields become ISO 8601 strings through their toJSON. A pretty-printed
 * line never starts with `::`, but a string may hold `##[`: inertJson writes `#` as `\u0023`, the same
 * character to a JSON parser and nothing to the runner.
 */
export function printJson(io: CliIo, value: unknown): void {
  io.stdout.write(`${inertJson(value, 2)}\n`);
}

export type Cell = string | { text: string; paint: (text: string) => string };

function cellText(cell: Cell): string {
  return typeof cell === 'string' ? cell : cell.text;
}

/** A clean cell as it may stand anywhere in a line: `##[` broken up, a `› ` before a leading `::`. */
function guardCell(cell: Cell): Cell {
  return typeof cell === 'string' ? sanitizeLine(cell) : { ...cell, text: sanitizeLine(cell.text) };
}

/** Columns padded to their widest cell, two spaces apart; the header dimmed. Cell text must be clean. */
export function renderTable(style: Style, headers: readonly string[], cells: readonly Cell[][]): string {
  const rows = cells.map((row) => row.map(guardCell));
  const text = (cell: Cell | undefined) => (cell === undefined ? '' : cellText(cell));
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => [...text(row[column])].length)),
  );
  const line = (cells: readonly Cell[], header: boolean) =>
    cells
      .map((cell, column) => {
        const raw = text(cell);
        const padded =
          column === cells.length - 1 ? raw : raw + ' '.repeat((widths[column] ?? 0) - [...raw].length);
        if (header) return style.dim(padded);
        return typeof cell === 'string' ? padded : cell.paint(raw) + padded.slice(raw.length);
      })
      .join('  ')
      .trimEnd();
  return [line(headers, true), ...rows.map((row) => line(row, false))].map(guardLogLine).join('\n') + '\n';
}

/** `Label:   value` lines; fields without a value are left out. Values must be clean. */
export function renderFields(fields: ReadonlyArray<readonly [string, Cell | undefined]>): string {
  const shown = fields.filter(
    (field): field is readonly [string, Cell] => field[1] !== undefined && cellText(field[1]) !== '',
  );
  const width = Math.max(0, ...shown.map(([label]) => label.length)) + 2;
  const line = (label: string, value: Cell) => {
    const cell = guardCell(value);
    return guardLogLine(
      `${`${label}:`.padEnd(width)}${typeof cell === 'string' ? cell : cell.paint(cell.text)}`,
    );
  };
  return shown.map(([label, value]) => line(label, value)).join('\n') + '\n';
}

/** A block of text for stdout or stderr with every line guarded; colours are kept. */
export function guardLines(text: string): string {
  return text.split('\n').map(guardLogLine).join('\n');
}

/** `2025-06-11 14:02:33Z`, or '' when unknown. */
export function formatTime(date: Date | undefined): string {
  if (!date || !Number.isFinite(date.getTime())) return '';
  return `${date.toISOString().slice(0, 19).replace('T', ' ')}Z`;
}

export function formatElapsed(startedAt: Date | undefined, finishedAt: Date | undefined): string {
  const ms = elapsedMs(startedAt, finishedAt);
  return ms === undefined ? '' : formatDuration(ms);
}

interface StateLike {
  status: string;
  result: string;
  progress?: number;
}

/** `passed` / `failed` once finished (coloured), else `running 40%`. */
export function stateCell(style: Style, resource: StateLike): Cell {
  if (resource.status === 'finished') {
    const result = cleanCell(resource.result || 'unknown', 20);
    return { text: result, paint: (text) => paintResult(style, result, text) };
  }
  const progress =
    resource.progress !== undefined && Number.isFinite(resource.progress)
      ? ` ${Math.round(resource.progress)}%`
      : '';
  return `${cleanCell(resource.status || 'unknown', 20)}${progress}`;
}

export function shortCommit(hash: string | undefined): string {
  return hash ? cleanCell(hash.slice(0, 7), 7) : '';
}

export interface TableSpec<T> {
  /** Plural noun for `No … found.` */
  what: string;
  headers: readonly string[];
  row: (item: T, style: Style) => Cell[];
}

/** One row per item, or `No … found.` for an empty list. */
export function printTable<T>(io: CliIo, items: readonly T[], table: TableSpec<T>): void {
  if (items.length === 0) return nothingFound(io, table.what);
  const style = stdoutStyle(io);
  io.stdout.write(
    renderTable(
      style,
      table.headers,
      items.map((item) => table.row(item, style)),
    ),
  );
}

/** What to print for an empty list. */
function nothingFound(io: CliIo, what: string): void {
  io.stdout.write(`No ${what} found.\n`);
}

/** The style for what a command prints on stdout. */
export function stdoutStyle(io: CliIo): Style {
  return createStyle(colorWanted(io.env, io.stdout.isTTY));
}
