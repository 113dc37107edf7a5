// Markdown tables. Cells are text; a cell that holds a `|` gets it escaped.

export type Align = 'left' | 'right';

export function table(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  align?: readonly Align[],
): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const rule = headers.map((_, index) =>
    (align?.[index] ?? (index === 0 ? 'left' : 'right')) === 'right' ? '---:' : '---',
  );
  return [
    `| ${headers.map(escape).join(' | ')} |`,
    `| ${rule.join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(escape).join(' | ')} |`),
  ].join('\n');
}
