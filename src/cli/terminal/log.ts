// The core's Log for a terminal. A group title is a heading and the remote lines of a step's log are
// indented under it; no workflow command ever reaches the terminal. Every line is stripped of
// escape sequences before colour is added, and on a terminal the progress line rewrites itself in place.
import type { AnnotationProps, Log } from '../../core/ports.ts';
import type { OutputStream } from '../io.ts';
import { splitLines, stripControls } from '../../text/safety.ts';
import { paintResult, type Style } from './color.ts';

export interface TerminalLog extends Log {
  /** Removes the progress line from the screen (before a summary, an error or the exit). */
  clearProgress(): void;
}

export interface TerminalLogOptions {
  out: OutputStream;
  style: Style;
  /** Prints debug lines (request by request). */
  verbose?: boolean;
}

const CLEAR_LINE = '\r\u001b[2K';
const GROUP_INDENT = '  │ ';
const ICONS = new Set(['✔', '✖', '⊘', '⏱']);
const OUTCOME = /^[✔✖⊘⏱…] (?:Run|Build) /;

export function createTerminalLog(options: TerminalLogOptions): TerminalLog {
  const { out, style } = options;
  const rewrites = out.isTTY;
  let progress: string | undefined;
  let inGroup = false;

  const width = () => (out.columns !== undefined && out.columns > 20 ? out.columns : 80) - 1;
  const drawProgress = () => {
    if (progress === undefined) return;
    const line = progress.length > width() ? `${progress.slice(0, width() - 1)}…` : progress;
    out.write(`${CLEAR_LINE}${style.dim(line)}`);
  };
  const print = (text: string) => {
    if (rewrites && progress !== undefined) out.write(CLEAR_LINE);
    out.write(`${text}\n`);
    if (rewrites) drawProgress();
  };
  const indent = (line: string) => (inGroup ? `${style.dim(GROUP_INDENT)}${line}` : line);
  const annotation = (
    label: string,
    paint: (text: string) => string,
    message: string,
    props?: AnnotationProps,
  ) => {
    const [first = '', ...rest] = splitLines(message);
    const title = props?.title ? `${stripControls(props.title)}: ` : '';
    print(indent(`${paint(`${label}:`)} ${title}${first}`));
    for (const line of rest) print(indent(`  ${line}`));
  };

  return {
    info(line) {
      print(indent(decorate(style, stripControls(line))));
    },
    remote(lines) {
      for (const line of lines.flatMap((text) => splitLines(text))) print(indent(line));
    },
    debug(line) {
      if (options.verbose) print(style.dim(`debug: ${stripControls(line)}`));
    },
    warning(message, props) {
      annotation('warning', style.yellow, message, props);
    },
    error(message, props) {
      annotation('error', style.red, message, props);
    },
    startGroup(title) {
      inGroup = false;
      print(style.bold(decorate(style, stripControls(title))));
      inGroup = true;
    },
    endGroup() {
      inGroup = false;
    },
    progress(line) {
      const text = stripControls(line);
      if (!rewrites) {
        print(style.dim(text));
        return;
      }
      progress = text;
      drawProgress();
    },
    clearProgress() {
      if (rewrites && progress !== undefined) out.write(CLEAR_LINE);
      progress = undefined;
    },
  };
}

/** Colours a line's leading result icon; an outcome line (`✖ Run failed …`) is coloured and bold as a whole. */
function decorate(style: Style, line: string): string {
  if (OUTCOME.test(line)) return style.bold(paintResult(style, line.charAt(0), line));
  const icon = line.charAt(0);
  return ICONS.has(icon) ? `${paintResult(style, icon)}${line.slice(1)}` : line;
}
