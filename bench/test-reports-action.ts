// Benchmark 8: what reading test reports costs the action. The bundled action follows one run whose one
// step stores a JUnit report among its artifacts, with `test-reports` set, against the same run followed
// without it (the archive then is never read). Peak RSS and CPU time are the process's own
// `process.resourceUsage()` at exit, as in benchmark 4; the emulator runs in the bench process.
import { startEmulator } from '../src/emulator/index.ts';
import { errorAnnotations, launchMeasured, makeStepFiles, readFileCommands } from './support/action.ts';
import type { ActionEntries } from './support/dist.ts';
import { bytes, ms, ratio } from './support/format.ts';
import { failedCasesOf, reportPieces } from './support/junit-report.ts';
import { table } from './support/markdown.ts';
import { median } from './support/stats.ts';
import { benchWorld, BENCH_APPLICATION, BENCH_TOKEN, hexId } from './support/world.ts';

/** The goal: the large report's peak RSS at most this many times the run's without `test-reports`. */
const GOAL = 1.5;
const REPORT_PATH = 'build/test-results/TEST-bench.xml';

export interface TestReportOptions {
  /** The large report: its test cases and its size in bytes. */
  cases: number;
  reportBytes: number;
  /** Each way is followed this many times; the figures are medians. */
  rounds: number;
}

interface Row {
  label: string;
  /** Cases read, as the `tests` output says; undefined without `test-reports`. */
  cases?: number;
  wallMs: number;
  peakRssBytes: number;
  cpuMs: number;
}

export interface TestReportResult {
  reportBytes: number;
  rounds: number;
  rows: [Row, Row, Row];
}

interface Way {
  label: string;
  cases: number;
  reportBytes: number;
  read: boolean;
}

export async function measureTestReports(
  entries: Pick<ActionEntries, 'main'>,
  options: TestReportOptions,
): Promise<TestReportResult> {
  const small = { cases: 100, reportBytes: 100 * 1024 };
  const ways: Way[] = [
    { label: 'without `test-reports`', ...options, read: false },
    { label: `\`test-reports\`: ${small.cases} cases`, ...small, read: true },
    { label: `\`test-reports\`: ${options.cases.toLocaleString('en')} cases`, ...options, read: true },
  ];
  const texts = new Map<number, string>();
  const textOf = (way: Way) => {
    let text = texts.get(way.cases);
    if (text === undefined) {
      text = [...reportPieces(way.cases, way.reportBytes)].join('');
      texts.set(way.cases, text);
    }
    return text;
  };
  const samples: Row[][] = ways.map(() => []);
  // The ways take turns, so that a change in the machine's load touches each of them alike.
  for (let round = 0; round < options.rounds; round++) {
    for (const [index, way] of ways.entries()) samples[index]!.push(await follow(entries, way, textOf(way)));
  }
  const rows = samples.map((list, index): Row => {
    const cases = list[0]!.cases;
    return {
      label: ways[index]!.label,
      ...(cases !== undefined ? { cases } : {}),
      wallMs: median(list.map((row) => row.wallMs)),
      peakRssBytes: median(list.map((row) => row.peakRssBytes)),
      cpuMs: median(list.map((row) => row.cpuMs)),
    };
  });
  return {
    reportBytes: Buffer.byteLength(textOf(ways[2]!)),
    rounds: options.rounds,
    rows: rows as [Row, Row, Row],
  };
}

async function follow(entries: Pick<ActionEntries, 'main'>, way: Way, report: string): Promise<Row> {
  const world = benchWorld([{ id: hexId('62', 1), name: 'tests', steps: 1, stepMs: 1000, queueMs: 0 }]);
  const step = world.applications[0]!.pipelines![0]!.steps![0]!;
  step.artifacts = [{ path: REPORT_PATH, text: report }];
  const emulator = await startEmulator({ world, speed: 1 });
  const files = makeStepFiles();
  try {
    const action = launchMeasured({
      entry: entries.main,
      files,
      inputs: {
        'base-url': emulator.url,
        token: BENCH_TOKEN,
        pipeline: `${BENCH_APPLICATION}/tests`,
        ...(way.read ? { 'test-reports': '**/TEST-*.xml' } : {}),
      },
    });
    const exit = await action.exited;
    const outputs = readFileCommands(files.output);
    if (exit.code !== 0 && (!way.read || exit.code !== 1)) {
      const errors = errorAnnotations(exit.stdout).join('\n');
      throw new Error(`the action exited ${exit.code}: ${errors || exit.stderr.slice(-2000)}`);
    }
    let cases: number | undefined;
    if (way.read) {
      const tests = JSON.parse(outputs.tests ?? '{}') as { total?: number; failed?: number };
      if (tests.total !== way.cases || tests.failed !== failedCasesOf(way.cases)) {
        throw new Error(
          `the action read ${JSON.stringify(tests)} of a report of ${way.cases} cases: ${exit.stdout.slice(-2000)}`,
        );
      }
      cases = tests.total;
    }
    const usage = action.usage();
    return {
      label: way.label,
      ...(cases !== undefined ? { cases } : {}),
      wallMs: exit.exitedAt - exit.spawnedAt,
      peakRssBytes: usage.maxRSS * 1024,
      cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
    };
  } finally {
    files.dispose();
    await emulator.close();
  }
}

export function testReportsMarkdown(result: TestReportResult): string {
  const [without, , large] = result.rows;
  const measured = large.peakRssBytes / without.peakRssBytes;
  const rows = result.rows.map((row) => [
    row.label,
    row.cases === undefined ? '–' : row.cases.toLocaleString('en'),
    bytes(row.peakRssBytes),
    ratio(row.peakRssBytes / without.peakRssBytes),
    ms(row.cpuMs),
    ms(row.cpuMs - without.cpuMs),
    ms(row.wallMs),
  ]);
  return [
    table(
      [
        '`dist/index.js`, one step storing the report',
        'cases read',
        'peak RSS',
        '÷ without',
        'CPU time',
        'CPU above without',
        'wall',
      ],
      rows,
    ),
    '',
    `The large report is ${bytes(result.reportBytes)}; medians of ${result.rounds} runs each way, taking turns. ` +
      'Without `test-reports` (and without `artifacts`) the action never asks for the archive; with it, the ' +
      "archive is read as it arrives and only the report's entry is parsed. The emulator runs in the bench " +
      "process, so the figures are the action's alone.",
    '',
    `- ${result.rows[2].label.replace(/`/g, '')}: ${ratio(measured)} of the peak RSS without \`test-reports\` ` +
      `(goal at most ${GOAL.toFixed(2)}×): ${measured <= GOAL ? 'met' : 'missed'}.`,
  ].join('\n');
}
