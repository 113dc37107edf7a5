// `npm run bench`: every benchmark of docs/benchmarks.md, printed as markdown tables.
//   node bench/run.ts [--quick] [--write-docs] [--seed N] [--only simulation,detection,abort,cold-start,scale,fan-out,live-logs,long-texts,test-reports,artifacts]
//                     [--bundle DIR] [--baseline DIR] [--peers DIR]
// --quick runs each on a tiny configuration (a smoke test, not figures); --write-docs rewrites the
// generated section of docs/benchmarks.md; --bundle measures another bundle directory than dist/;
// --baseline adds a before/after table to the cold start, with that bundle started in turn with this
// one; --peers adds the peers' committed bundles found in that directory (bench/peers.ts) to the cold
// start. Benchmarks report; they never fail on a time.
import { join } from 'node:path';
import { abortLatencyMarkdown, measureAbortLatency } from './abort-latency.ts';
import {
  artifactsMarkdown,
  FULL_ARTIFACTS,
  measureArtifacts,
  QUICK_ARTIFACTS,
  type ArtifactsOptions,
} from './artifacts-extract.ts';
import { breakdownMarkdown, measureBreakdown } from './cold-start-breakdown.ts';
import { coldStartMarkdown, measureColdStart } from './cold-start.ts';
import { insideMarkdown, measureInside } from './cold-start-inside.ts';
import { readPeers } from './peers.ts';
import { fanOutMarkdown, measureFanOut } from './fan-out.ts';
import { liveLogsMarkdown, measureLiveLogs, type LiveLogOptions } from './live-logs.ts';
import { longTextsMarkdown, measureLongTexts, type LongTextOptions } from './long-texts.ts';
import { measureTestReports, testReportsMarkdown, type TestReportOptions } from './test-reports-action.ts';
import {
  DEFAULT_DETECTION_CASES,
  finishDetectionMarkdown,
  measureFinishDetection,
  type DetectionCase,
  type DetectionRow,
} from './finish-detection.ts';
import { checkPollingGoal, pollingGoalMarkdown } from './polling-goal.ts';
import { runPollingSimulation } from './polling-simulation.ts';
import {
  BIG_LOAD,
  measureBareNode,
  measureFollowCost,
  measureSummaryRendering,
  requestsByDuration,
  scaleMarkdown,
  SMALL_LOAD,
  type FollowLoad,
} from './scale.ts';
import { readFlags, wantsHelp } from './support/args.ts';
import { finish, UsageError } from './support/command.ts';
import { ROOT, snapshotDist } from './support/dist.ts';
import { writeDocsSection } from './support/docs-section.ts';
import { ms } from './support/format.ts';
import { describeMachine, fileDigest, machineLine } from './support/machine.ts';

const SECTIONS = [
  'simulation',
  'detection',
  'abort',
  'cold-start',
  'scale',
  'fan-out',
  'live-logs',
  'long-texts',
  'test-reports',
  'artifacts',
] as const;
type Section = (typeof SECTIONS)[number];

interface Configuration {
  simulationRuns: number;
  detectionCases: DetectionCase[];
  detectionConcurrency: number;
  abortRuns: number;
  abortLatestMomentMs: number;
  coldStartRepeats: number;
  loads: [FollowLoad, FollowLoad];
  summarySteps: number[];
  summaryRenders: number;
  corpusRuns: number;
  fanOut: { counts: number[]; runMs: number; abortSamples: number };
  liveLogs: LiveLogOptions;
  longTexts: LongTextOptions;
  testReports: TestReportOptions;
  artifacts: ArtifactsOptions;
}

const FULL: Configuration = {
  simulationRuns: 1000,
  detectionCases: DEFAULT_DETECTION_CASES,
  detectionConcurrency: 4,
  abortRuns: 50,
  abortLatestMomentMs: 3000,
  coldStartRepeats: 20,
  loads: [BIG_LOAD, SMALL_LOAD],
  summarySteps: [5, 5000],
  summaryRenders: 30,
  corpusRuns: 200,
  fanOut: { counts: [1, 10, 50], runMs: 60_000, abortSamples: 10 },
  liveLogs: {
    stepMs: 30_000,
    memory: { logBytes: 100 * 1024 * 1024, logStepMs: 20_000, baselineStepMs: 2000, targets: 10 },
  },
  // 7.9 MiB: the message of the hostile-server finding.
  longTexts: { targets: 50, messageBytes: 8_283_750, stepMs: 2000 },
  testReports: { cases: 100_000, reportBytes: 50 * 1024 * 1024 - 64 * 1024, rounds: 3 },
  artifacts: FULL_ARTIFACTS,
};

const QUICK: Configuration = {
  simulationRuns: 20,
  detectionCases: [{ durationMs: 2000, withHistory: true }],
  detectionConcurrency: 1,
  abortRuns: 2,
  abortLatestMomentMs: 1200,
  coldStartRepeats: 2,
  loads: [
    { label: '20 steps, 0.2 MB of logs', steps: 20, stepMs: 5, logBytesPerStep: 10_000, queueMs: 0 },
    { label: '5 steps, 0.05 MB of logs', steps: 5, stepMs: 20, logBytesPerStep: 10_000, queueMs: 0 },
  ],
  summarySteps: [5, 200],
  summaryRenders: 3,
  corpusRuns: 10,
  fanOut: { counts: [1, 3], runMs: 3000, abortSamples: 2 },
  liveLogs: {
    stepMs: 5000,
    memory: { logBytes: 1024 * 1024, logStepMs: 2000, baselineStepMs: 300, targets: 2 },
  },
  longTexts: { targets: 2, messageBytes: 100_000, stepMs: 200 },
  testReports: { cases: 1000, reportBytes: 500 * 1024, rounds: 1 },
  artifacts: QUICK_ARTIFACTS,
};

const USAGE = `Usage: node bench/run.ts [--quick] [--write-docs] [--seed N] [--only ${SECTIONS.join(',')}] [--bundle DIR] [--baseline DIR] [--peers DIR]`;

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv)) {
    console.log(USAGE);
    return 0;
  }
  const flags = readFlags(argv);
  const unknown = flags.only.filter((name) => !(SECTIONS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new UsageError(`unknown section ${unknown.join(', ')}`);
  const wanted = (section: Section) => flags.only.length === 0 || flags.only.includes(section);
  const config = flags.quick ? QUICK : FULL;
  const started = Date.now();
  const machine = describeMachine();
  let sectionStarted = started;
  const log = (line: string) => console.error(line);
  const begin = (what: string) => {
    const now = Date.now();
    log(`${what} (${ms(now - started)} so far, the previous part took ${ms(now - sectionStarted)})`);
    sectionStarted = now;
  };
  const entries = await snapshotDist(log, flags.bundle);
  const parts: string[] = [];
  const emit = (markdown: string) => {
    parts.push(markdown);
    console.log(`${markdown}\n`);
  };
  const command = `node bench/run.ts${argv.length > 0 ? ` ${argv.join(' ')}` : ''}`;
  emit(
    [
      `Measured ${new Date(started).toISOString().slice(0, 16).replace('T', ' ')} UTC with \`${command}\`` +
        `${flags.quick ? ' (quick: tiny configurations, not figures to quote)' : ''}.`,
      '',
      `Machine: ${machineLine(machine)}.`,
      '',
      `Bundle: \`dist/index.js\` ${fileDigest(entries.main)}, \`dist/post/index.js\` ${fileDigest(entries.post)} (SHA-256, first 12 digits).`,
    ].join('\n'),
  );
  let detection: DetectionRow[] = [];
  try {
    if (wanted('simulation') || wanted('detection')) emit('## 1. Finish detection vs request cost');
    if (wanted('simulation')) {
      begin('Polling simulation…');
      const simulation = await runPollingSimulation({ seed: flags.seed, runs: config.simulationRuns });
      emit(`### Simulation: \`${simulation.command}\`\n\n${simulation.markdown}`);
      emit(`### The goal\n\n${pollingGoalMarkdown(checkPollingGoal(flags.seed, config.simulationRuns))}`);
    }
    if (wanted('detection')) {
      begin('Finish detection on the emulator…');
      detection = await measureFinishDetection(entries, {
        cases: config.detectionCases,
        concurrency: config.detectionConcurrency,
        log,
      });
      emit(
        `### End to end: the bundled action on the emulator against the simulation's prediction\n\n${finishDetectionMarkdown(detection)}`,
      );
    }
    if (wanted('abort')) {
      begin('Abort latency…');
      const samples = await measureAbortLatency(entries, {
        runs: config.abortRuns,
        seed: flags.seed,
        latestMomentMs: config.abortLatestMomentMs,
        log,
      });
      emit(
        `## 2. Abort latency\n\n${samples.length} runs of the bundled action, SIGINT at a moment drawn uniformly ` +
          `from 0–${ms(config.abortLatestMomentMs)} after spawn (seed ${flags.seed}), then the runner's SIGTERM ` +
          `and SIGKILL if it still ran. The runner allows 7.5 s.\n\n${abortLatencyMarkdown(samples)}`,
      );
    }
    if (wanted('cold-start')) {
      begin('Cold start…');
      const baseline = flags.baseline ? await snapshotDist(log, flags.baseline) : undefined;
      const peers = flags.peers ? readPeers(flags.peers) : undefined;
      try {
        const cold = await measureColdStart(entries, {
          repeats: config.coldStartRepeats,
          baseline,
          ...(peers ? { peers: peers.peers } : {}),
          log,
        });
        const breakdown = await measureBreakdown(config.coldStartRepeats);
        const inside = await measureInside(config.coldStartRepeats, log);
        emit(
          `## 3. Cold start\n\nEach process is started in turn, ${config.coldStartRepeats} times each. ` +
            `\`dist/cli/\` is the command-line tool, not loaded by the action.\n\n${coldStartMarkdown(cold)}` +
            `\n\n### Where the time goes\n\n${breakdownMarkdown(breakdown)}` +
            `\n\nInside the bundle, ${inside.starts.length} starts:\n\n${insideMarkdown(inside)}`,
        );
      } finally {
        baseline?.dispose();
        peers?.dispose();
      }
    }
    if (wanted('scale')) {
      begin('Scale: following a large run…');
      const follow = [];
      for (const load of config.loads) follow.push(await measureFollowCost(entries, load));
      const bareNode = await measureBareNode();
      begin('Scale: summary rendering and requests by duration…');
      const summaries = config.summarySteps.map((steps) =>
        measureSummaryRendering(steps, config.summaryRenders),
      );
      const durations = requestsByDuration(detection, config.corpusRuns, flags.seed);
      emit(
        `## 4. Scale\n\n${scaleMarkdown({ follow, bareNode, summaries, durations, corpusRuns: config.corpusRuns })}`,
      );
    }
    if (wanted('fan-out')) {
      begin('Fan-out: several targets in one step…');
      const fanOut = await measureFanOut(entries, { ...config.fanOut, seed: flags.seed, log });
      emit(`## 5. Several targets in one step\n\n${fanOutMarkdown(fanOut)}`);
    }
    if (wanted('live-logs')) {
      begin('Live step logs…');
      const live = await measureLiveLogs(entries, config.liveLogs);
      emit(`## 6. Live step logs\n\n${liveLogsMarkdown(live, config.liveLogs)}`);
    }
    if (wanted('long-texts')) {
      begin('Long remote texts…');
      const long = await measureLongTexts(entries, config.longTexts);
      emit(`## 7. Long remote texts\n\n${longTextsMarkdown(long)}`);
    }
    if (wanted('test-reports')) {
      begin('Test reports…');
      const reports = await measureTestReports(entries, config.testReports);
      emit(`## 8. Test reports\n\n${testReportsMarkdown(reports)}`);
    }
    if (wanted('artifacts')) {
      begin('Artifacts: download and extraction…');
      const artifacts = await measureArtifacts(config.artifacts, log);
      emit(`## 9. Artifacts: download and extraction\n\n${artifactsMarkdown(artifacts)}`);
    }
  } finally {
    entries.dispose();
  }
  const took = Date.now() - started;
  emit(`All of it took ${ms(took)}; 1-minute load average at the end ${describeMachine().load.toFixed(2)}.`);
  if (flags.writeDocs) {
    const path = join(ROOT, 'docs', 'benchmarks.md');
    await writeDocsSection(path, 'bench', parts.join('\n\n'));
    log(`Wrote the figures into ${path}.`);
  }
  return 0;
}

finish(main(), USAGE);
