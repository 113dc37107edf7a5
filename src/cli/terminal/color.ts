// Colour only where it helps and is wanted: a terminal, unless NO_COLOR says otherwise; FORCE_COLOR wins both
// ways (`FORCE_COLOR=0` turns colour off even on a terminal).

export interface Style {
  readonly enabled: boolean;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

export function colorWanted(env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !['0', 'false'].includes(force.trim().toLowerCase());
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return isTTY;
}

export function createStyle(enabled: boolean): Style {
  const sgr = (open: number, close: number) => (text: string) =>
    enabled && text !== '' ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return {
    enabled,
    red: sgr(31, 39),
    green: sgr(32, 39),
    yellow: sgr(33, 39),
    dim: sgr(2, 22),
    bold: sgr(1, 22),
  };
}

// Keyed by remote text (a result word) or an icon, hence a Map: a result may be `constructor`.
const RESULT_PAINT = new Map<string, 'green' | 'red' | 'yellow'>([
  ['passed', 'green'],
  ['✔', 'green'],
  ['failed', 'red'],
  ['✖', 'red'],
  ['aborted', 'yellow'],
  ['cancelled', 'yellow'],
  ['timed-out', 'yellow'],
  ['⊘', 'yellow'],
  ['⏱', 'yellow'],
]);

/** Colours a result word or icon the way the report does: passed green, failed red, aborted yellow. */
export function paintResult(style: Style, result: string, text: string = result): string {
  const colour = RESULT_PAINT.get(result);
  return colour ? style[colour](text) : text;
}
