// The GitHub runner's workflow commands, shown in a terminal the way the runner's log viewer would show them:
// `::group::` as a heading with its lines indented, `::error::` / `::warning::` / `::notice::` as coloured
// lines, `::add-mask::` values hidden, and every other command (debug, outputs, state, the stop-commands
// fences) left out. Between `::stop-commands::<token>` and `::<token>::` nothing is a command. Nothing is ever
// executed; this only decides how a line looks.
import type { Style } from '../../src/cli/terminal/color.ts';
import { stripControls } from '../../src/text/safety.ts';

const COMMAND = /^\s*::([A-Za-z-]+)(?: ([^:]*))?::(.*)$/;
const MASK = '***';

export interface WorkflowCommandView {
  /** The lines to print for one line of the action's stdout (none for a hidden command). */
  render(line: string): string[];
}

export function createWorkflowCommandView(style: Style, indent = '  │ '): WorkflowCommandView {
  const masks: string[] = [];
  let stopToken: string | undefined;
  let inGroup = false;

  const mask = (text: string) => masks.reduce((masked, secret) => masked.split(secret).join(MASK), text);
  // `label` is ours (a coloured `Error:`), so it is added after the text is cleaned.
  const show = (text: string, label = '') => {
    const line = `${label}${stripControls(mask(text))}`;
    return inGroup ? `${style.dim(indent)}${line}` : line;
  };

  return {
    render(raw) {
      const line = raw.replace(/\r$/, '');
      if (stopToken !== undefined) {
        if (line.trim().toLowerCase() === `::${stopToken.toLowerCase()}::`) stopToken = undefined;
        else return [show(line)];
        return [];
      }
      const command = COMMAND.exec(line);
      if (!command) return [show(line)];
      const name = command[1]!.toLowerCase();
      const properties = parseProperties(command[2] ?? '');
      const message = unescapeData(command[3] ?? '');
      switch (name) {
        case 'add-mask':
          if (message.trim() !== '') masks.push(message.trim());
          return [];
        case 'stop-commands':
          stopToken = message;
          return [];
        case 'group': {
          inGroup = false;
          const heading = style.bold(stripControls(mask(message)));
          inGroup = true;
          return [heading];
        }
        case 'endgroup':
          inGroup = false;
          return [];
        case 'error':
        case 'warning':
        case 'notice': {
          const paint = name === 'error' ? style.red : name === 'warning' ? style.yellow : cyan(style);
          const title = properties.title ? `${properties.title}: ` : '';
          const [first = '', ...rest] = `${title}${message}`.split(/\r?\n/);
          return [
            show(first, `${paint(`${name[0]!.toUpperCase()}${name.slice(1)}:`)} `),
            ...rest.map((more) => show(`  ${more}`)),
          ];
        }
        default:
          return [];
      }
    },
  };
}

/** The colour of notices, which only the demo shows (the CLI's Style has no cyan). */
function cyan(style: Style): (text: string) => string {
  return (text) => (style.enabled && text !== '' ? `\u001b[36m${text}\u001b[39m` : text);
}

function unescapeData(text: string): string {
  return text.replace(/%0D/gi, '\r').replace(/%0A/gi, '\n').replace(/%25/g, '%');
}

function unescapeProperty(text: string): string {
  return unescapeData(text).replace(/%3A/gi, ':').replace(/%2C/gi, ',');
}

function parseProperties(text: string): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const at = pair.indexOf('=');
    if (at > 0) properties[pair.slice(0, at).trim()] = unescapeProperty(pair.slice(at + 1));
  }
  return properties;
}
