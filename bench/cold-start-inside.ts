// Where a cold start goes inside the bundle: the main entry is built once more with ncc's stats (which
// name its modules), and that copy is instrumented: the time its first line starts, and each module's
// evaluation (inclusive, and exclusive of the modules it requires) through the bundle's require. A
// preload records undici's diagnostics up to the first request's headers. Every figure is a median over
// the starts; the instrumented copy runs a little slower than dist/ itself.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../src/emulator/index.ts';
import { launch, makeStepFiles } from './support/action.ts';
import { ROOT } from './support/dist.ts';
import { ms } from './support/format.ts';
import { table } from './support/markdown.ts';
import { median } from './support/stats.ts';
import { benchWorld, BENCH_TOKEN, hexId } from './support/world.ts';

/** What one start reports, in ms since the process's time origin. */
interface Start {
  preloaded: number;
  firstLine: number;
  requestCreated: number;
  connected: number;
  headersSent: number;
  /** [module id, inclusive ms, exclusive ms] for every module evaluated by the first request. */
  modules: Array<[string, number, number]>;
}

export interface Inside {
  starts: Start[];
  names: Map<string, string>;
}

const ENTRY_IMPORT = 'import{createRequire as A}from"module";';
// ncc's module loader; the minifier's names for the module and its flag change with the code around it.
const FACTORY_CALL =
  /try\{e\[A\]\.call\((\w)\.exports,\1,\1\.exports,__nccwpck_require__\);(\w)=false\}finally\{if\(\2\)delete t\[A\]/;

/** Times the first line and each module's evaluation; fails if ncc's output no longer has that shape. */
function instrument(source: string): string {
  const call = FACTORY_CALL.exec(source)?.[0];
  if (!source.startsWith(ENTRY_IMPORT) || call === undefined) {
    throw new Error("the bundle's shape changed: the cold-start instrumentation needs updating");
  }
  const timing =
    'const started=performance.now();const stack=globalThis.__coldStart.stack;stack.push(0);' +
    call +
    ';const took=performance.now()-started;const inner=stack.pop();' +
    'if(stack.length)stack[stack.length-1]+=took;globalThis.__coldStart.modules.push([String(A),took,took-inner])';
  return (
    ENTRY_IMPORT +
    'globalThis.__coldStart={firstLine:performance.now(),stack:[],modules:[]};' +
    source.slice(ENTRY_IMPORT.length).replace(call, () => timing)
  );
}

const PRELOAD = `
import { subscribe } from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';
const preloaded = performance.now();
const at = {};
subscribe('undici:request:create', () => { at.requestCreated ??= performance.now(); });
subscribe('undici:client:connected', () => { at.connected ??= performance.now(); });
subscribe('undici:client:sendHeaders', () => {
  if (at.headersSent !== undefined) return;
  at.headersSent = performance.now();
  const { firstLine, modules } = globalThis.__coldStart;
  writeFileSync(process.env.COLD_START_REPORT, JSON.stringify({ preloaded, firstLine, ...at, modules }));
});
`;

export async function measureInside(repeats: number, log?: (line: string) => void): Promise<Inside> {
  const dir = mkdtempSync(join(tmpdir(), 'ci-run-cold-inside-'));
  try {
    log?.('  building the main entry once more, with its module names');
    execFileSync(
      process.execPath,
      [
        join(ROOT, 'scripts/bundle.mjs'),
        ...['--out-dir', join(dir, 'dist'), '--only', '.', '--stats-dir', join(dir, 'stats')],
      ],
      { cwd: ROOT, stdio: 'ignore' },
    );
    const entry = join(dir, 'dist', 'index.js');
    writeFileSync(entry, instrument(readFileSync(entry, 'utf8')));
    const preload = join(dir, 'preload.mjs');
    writeFileSync(preload, PRELOAD);
    const stats = JSON.parse(readFileSync(join(dir, 'stats', 'main.json'), 'utf8')) as {
      modules: Array<{ id: string | number; name: string }>;
    };
    const names = new Map(stats.modules.map((module) => [String(module.id), module.name]));
    const starts = await startTimes(entry, preload, join(dir, 'report.json'), repeats);
    return { starts, names };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function startTimes(entry: string, preload: string, report: string, repeats: number): Promise<Start[]> {
  const pipeline = hexId('62', 1);
  const emulator = await startEmulator({ world: benchWorld([{ id: pipeline, name: 'build' }]), speed: 1 });
  const starts: Start[] = [];
  try {
    for (let index = 0; index < repeats; index++) {
      const files = makeStepFiles();
      try {
        rmSync(report, { force: true });
        const action = launch({
          entry,
          files,
          nodeArgs: ['--import', preload],
          env: { COLD_START_REPORT: report },
          inputs: { 'base-url': emulator.url, token: BENCH_TOKEN, 'pipeline-id': hexId('62', 999) },
        });
        await action.exited;
        starts.push(JSON.parse(readFileSync(report, 'utf8')) as Start);
      } finally {
        files.dispose();
      }
    }
  } finally {
    await emulator.close();
  }
  return starts;
}

type Part = 'Node builtins' | 'undici' | "the action's modules, with the calls they make" | 'other packages';

/** A module's part and a short name: `node:http`, `undici/lib/core/util.js`, `src/core/settings.ts`. */
function classify(name: string | undefined): { part: Part; short: string } {
  if (name === undefined) return { part: 'other packages', short: '(unnamed)' };
  const builtin = /^external "(node:[^"]+)"$/.exec(name);
  if (builtin) return { part: 'Node builtins', short: builtin[1]! };
  const short = name.replace(/^\.\/(node_modules\/)?/, '');
  if (short.startsWith('undici/')) return { part: 'undici', short };
  if (short.startsWith('src/')) return { part: "the action's modules, with the calls they make", short };
  return { part: 'other packages', short };
}

const PARTS: Part[] = [
  'Node builtins',
  'undici',
  "the action's modules, with the calls they make",
  'other packages',
];

export function insideMarkdown(inside: Inside, topModules = 12): string {
  const { starts, names } = inside;
  const at = (pick: (start: Start) => number) => ms(median(starts.map(pick)));
  const phases = table(
    ['phase of one start (instrumented copy)', 'median'],
    [
      ['Node starts, up to the first module (a preload)', at((s) => s.preloaded)],
      ['reading and compiling `dist/index.js`', at((s) => s.firstLine - s.preloaded)],
      ['evaluating the bundle, up to the first request', at((s) => s.requestCreated - s.firstLine)],
      ['connecting', at((s) => s.connected - s.requestCreated)],
      ["until the request's headers leave", at((s) => s.headersSent - s.connected)],
    ],
  );
  const partOf = (id: string) => classify(names.get(id)).part;
  const sums = PARTS.map((part) => [
    part,
    at((s) => s.modules.filter(([id]) => partOf(id) === part).reduce((sum, [, , own]) => sum + own, 0)),
  ]);
  const parts = table(['evaluating, by part (each module exclusive of those it requires)', 'median'], sums);
  const byModule = new Map<string, { own: number[]; all: number[] }>();
  for (const start of starts) {
    for (const [id, all, own] of start.modules) {
      const entry = byModule.get(id) ?? { own: [], all: [] };
      entry.own.push(own);
      entry.all.push(all);
      byModule.set(id, entry);
    }
  }
  const top = [...byModule]
    .map(([id, times]) => ({ id, own: median(times.own), all: median(times.all) }))
    .sort((a, b) => b.own - a.own)
    .slice(0, topModules);
  const modules = table(
    ['module (ncc concatenates most of the action into one)', 'part', 'exclusive', 'inclusive'],
    top.map(({ id, own, all }) => {
      const { part, short } = classify(names.get(id));
      return [`\`${short}\``, part, ms(own), ms(all)];
    }),
    ['left', 'left', 'right', 'right'],
  );
  return `${phases}\n\n${parts}\n\n${modules}`;
}
