// The job summary is HTML (headings, tables, paragraphs, lists, links, a failed step's <details> with its log
// in <pre>). For a terminal: headings on their own line, table rows as aligned columns, list items as `- `,
// links as their label, a block (paragraph, details, summary, pre) on lines of its own, every other tag dropped
// and entities decoded. Enough for the summary the action writes; not a general HTML renderer.
import { stripControls } from '../../src/text/safety.ts';

const TOKEN = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*>|[^<]+|</g;
/** Tags that start and end lines of their own. */
const BLOCKS = new Set(['p', 'div', 'ul', 'ol', 'details', 'summary', 'pre']);
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED[body.toLowerCase()] ?? entity;
  });
}

export interface HtmlTextOptions {
  /** Applied to heading lines (e.g. bold). */
  heading?: (text: string) => string;
}

export function htmlToText(html: string, options: HtmlTextOptions = {}): string {
  const heading = options.heading ?? ((text: string) => text);
  const lines: string[] = [];
  let text = '';
  let table: string[][] | undefined;
  let row: string[] | undefined;
  let cell: string | undefined;

  const clean = (value: string) => stripControls(decodeEntities(value).replace(/\s+/g, ' ')).trim();
  const flush = (prefix = '') => {
    const value = clean(text);
    text = '';
    if (value !== '') lines.push(`${prefix}${value}`);
  };

  for (const match of html.matchAll(TOKEN)) {
    const [token, closing, rawName] = match;
    if (rawName === undefined) {
      if (cell !== undefined) cell += token;
      else text += token;
      continue;
    }
    const name = rawName.toLowerCase();
    const opening = closing === '';
    if (name === 'br') {
      if (cell !== undefined) cell += ' ';
      else flush();
    } else if (name === 'table' && opening) {
      flush();
      table = [];
    } else if (name === 'table' && table) {
      lines.push(...alignRows(table));
      table = undefined;
    } else if (name === 'tr' && table) {
      if (opening) row = [];
      else if (row) {
        table.push(row);
        row = undefined;
      }
    } else if ((name === 'td' || name === 'th') && row) {
      if (opening) cell = '';
      else if (cell !== undefined) {
        row.push(clean(cell));
        cell = undefined;
      }
    } else if (/^h[1-6]$/.test(name)) {
      if (opening) {
        flush();
        if (lines.length > 0) lines.push('');
      } else {
        const value = clean(text);
        text = '';
        if (value !== '') lines.push(heading(value));
      }
    } else if (name === 'li') {
      if (opening) flush();
      else flush('- ');
    } else if (BLOCKS.has(name)) {
      flush();
    }
  }
  flush();
  return `${lines.join('\n')}\n`;
}

function alignRows(rows: readonly string[][]): string[] {
  const columns = Math.max(0, ...rows.map((row) => row.length));
  const widths = Array.from({ length: columns }, (_, column) =>
    Math.max(0, ...rows.map((row) => [...(row[column] ?? '')].length)),
  );
  return rows.map((row) =>
    row
      .map((value, column) =>
        column === row.length - 1 ? value : value + ' '.repeat((widths[column] ?? 0) - [...value].length),
      )
      .join('  ')
      .trimEnd(),
  );
}
