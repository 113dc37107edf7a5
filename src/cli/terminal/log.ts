// The core's Log for a terminal. A group title is a heading and the remote lines of a step's log are
// indented under it. Every line is stripped of escape sequences before colour is added, and on a terminal
// the progress line rewrites itself in place. No printed line can act as a workflow command: the CLI may run
// in a workflow step, whose runner reads its output for commands. Each line passes guardLogLine, and inside
// GitHub Actions the remote lines are fenced with stop-commands, as the action itself prints them.
import type { AnnotationProps, Log } from '../../core/ports.ts';
import type { OutputStream } from '../io.ts';
import { defuseLogLine, fenceLogLines, guardLogLine, sanitizeLine, splitLines } from '../../text/safety.ts';
import { paintResult, type Style } from './color.ts';

export interface TerminalLog extends Log {
  /** Removes the progress line from the screen (before a summary, an error or the exit). */
  clearProgress(): void;
  /** Whether the progress line rewrites itself in place (a terminal), rather than adding a line each time. */
  readonly rewrites: boolean;
}

export interface TerminalLogOptions {
  out: OutputStream;
  style: Style;
  /** Prints debug lines (request by request). */
  verbose?: boolean;
  /** Inside a GitHub Actions step: remote lines are fenced, and no line is rewritten in place. */
  githubActions?: boolean;
}

const CLEAR_LINE = '\r\u001b[2K';
const GROUP_INDENT = '  │ ';
const ICONS = new Set(['✔', '✖', '⊘', '⏱']);
const OUTCOME = /^[✔✖⊘⏱…] (?:Run|Build) /;

export function createTerminalLog(options: TerminalLogOptions): TerminalLog {
  const { out, style } = options;
  // A rewrite's carriage return would glue the next line to the progress line, and a fence must start a line.
  const rewrites = out.isTTY && options.githubActions !== true;
  let progress: string | undefined;
  let inGroup = false;

  const width = () => (out.columns !== undefined && out.columns > 20 ? out.columns : 80) - 1;
  const drawProgress = () => {
    if (progress === undefined) return;
    const line = progress.length > width() ? `${progress.slice(0, width() - 1)}…` : progress;
    out.write(`${CLEAR_LINE}${style.dim(line)}`);
  };
  /** One line; only the fence's own lines are printed unguarded. */
  const print = (text: string, guard = true) => {
    if (rewrites && progress !== undefined) out.write(CLEAR_LINE);
    out.write(`${guard ? guardLogLine(text) : text}\n`);
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
    const title = props?.title ? `${sanitizeLine(props.title)}: ` : '';
    print(indent(`${paint(`${label}:`)} ${title}${sanitizeLine(first)}`));
    for (const line of rest) print(indent(`  ${sanitizeLine(line)}`));
  };

  return {
    info(line) {
      print(indent(decorate(style, sanitizeLine(line))));
    },
    remote(lines) {
      if (options.githubActions) {
        const fenced = fenceLogLines(lines);
        const end = fenced.pop()!;
        print(fenced.shift()!, false);
        for (const line of fenced) print(indent(line), false);
        print(end, false);
        return;
      }
      // Indented under a group title, a line cannot start with `::`; print() guards one that is not.
      for (const line of lines.flatMap((text) => splitLines(text))) print(indent(defuseLogLine(line)));
    },
    debug(line) {
      if (options.verbose) print(style.dim(`debug: ${sanitizeLine(line)}`));
    },
    warning(message, props) {
      annotation('warning', style.yellow, message, props);
    },
    error(message, props) {
      annotation('error', style.red, message, props);
    },
    startGroup(title) {
      inGroup = false;
      print(style.bold(decorate(style, sanitizeLine(title))));
      inGroup = true;
    },
    endGroup: () => void (inGroup = false),
    progress(line) {
      const text = sanitizeLine(line);
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
    rewrites: rewrites === true,
    ...(out.drained ? { drained: () => out.drained!() } : {}),
  };
}

/** Colours a line's leading result icon; an outcome line (`✖ Run failed …`) is coloured and bold as a whole. */
function decorate(style: Style, line: string): string {
  if (OUTCOME.test(line)) return style.bold(paintResult(style, line.charAt(0), line));
  const icon = line.charAt(0);
  return ICONS.has(icon) ? `${paintResult(style, icon)}${line.slice(1)}` : line;
}
