// `npm run chaos`: end-to-end runs of the bundled action against the emulator through seeded fault
// proxies, with runner-like cancellations; exits 1 when any check fails (docs/reliability.md).
//   node bench/chaos/run.ts [--seed N] [--runs N] [--concurrency N] [--only 3,17] [--quick] [--write-docs]
//                           [--bundle <dir built by scripts/bundle.mjs --out-dir>]
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../../src/emulator/index.ts';
import { errorAnnotations } from '../support/action.ts';
import { readFlags, wantsHelp } from '../support/args.ts';
import { finish, UsageError } from '../support/command.ts';
import { ROOT, snapshotDist } from '../support/dist.ts';
import { writeDocsSection } from '../support/docs-section.ts';
import { ms } from '../support/format.ts';
import { describeMachine, fileDigest, machineLine } from '../support/machine.ts';
import { benchWorld } from '../support/world.ts';
import { judge, type RunEvidence } from './check.ts';
import { executeRun, MAIN_WATCHDOG_MS, POST_WATCHDOG_MS } from './execute.ts';
import { startChaosGitHub } from './github-run.ts';
import { CHAOS_PIPELINES, chaosPipelineId, describePlan, planRun } from './plan.ts';
import { chaosMarkdown, problemCount, type JudgedRun } from './report.ts';
import { githubProblems, githubTotals, judgedGitHub } from './report-github.ts';

export const CHAOS_TOKEN = 'chaos-tok-9d27c4e1b3';
export const CHAOS_GITHUB_TOKEN = 'ghs_chaosGitHubToken7f3a9c21e8';
const GITHUB_FAULT_RATE = 0.2;
/**
 * The whole command ends within ten minutes: no run starts after this, and a run that starts just
 * before it ends within its watchdogs (main, the runner's SIGTERM and SIGKILL, post) plus a margin.
 */
const START_NO_RUN_AFTER_MS = 10 * 60_000 - (MAIN_WATCHDOG_MS + 10_000 + POST_WATCHDOG_MS + 20_000);
const USAGE =
  'Usage: node bench/chaos/run.ts [--seed N] [--runs N] [--concurrency N] [--only 3,17] [--quick] [--write-docs] [--bundle DIR]';

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv)) {
    console.log(USAGE);
    return 0;
  }
  const flags = readFlags(argv, ['runs', 'concurrency']);
  const planned = flags.numbers.get('runs') ?? (flags.quick ? 4 : 200);
  const concurrency = Math.max(1, flags.numbers.get('concurrency') ?? 4);
  const indexes =
    flags.only.length > 0
      ? flags.only.map((item) => {
          const index = Number(item);
          if (!Number.isSafeInteger(index) || index < 0)
            throw new UsageError(`--only takes run numbers, got ${item}`);
          return index;
        })
      : Array.from({ length: planned }, (_, index) => index);
  const started = Date.now();
  const machine = describeMachine();
  const log = (line: string) => console.error(line);
  const entries = await snapshotDist(log, flags.bundle);
  const bundle = `\`dist/index.js\` ${fileDigest(entries.main)}, \`dist/post/index.js\` ${fileDigest(entries.post)}`;
  const emulator = await startEmulator({
    world: benchWorld(
      CHAOS_PIPELINES.map((name, place) => ({ id: chaosPipelineId(place), name, steps: 3, stepMs: 500 })),
      CHAOS_TOKEN,
    ),
    speed: 1,
  });
  const fakeGitHub = await startChaosGitHub(flags.seed, GITHUB_FAULT_RATE);
  const context = {
    emulator,
    token: CHAOS_TOKEN,
    main: entries.main,
    post: entries.post,
    github: { fake: fakeGitHub, token: CHAOS_GITHUB_TOKEN },
  };
  const judged: JudgedRun[] = [];
  let next = 0;
  let stoppedEarly = false;
  const worker = async () => {
    while (next < indexes.length) {
      if (Date.now() - started > START_NO_RUN_AFTER_MS) {
        stoppedEarly = true;
        return;
      }
      const plan = planRun(flags.seed, indexes[next++]!);
      const {
        evidence,
        faults,
        requests,
        logReads,
        artifactReads,
        github: githubEvidence,
      } = await executeRun(context, plan);
      const verdict = judge(evidence);
      const github = githubEvidence ? judgedGitHub(githubEvidence, evidence, verdict) : undefined;
      const firstError = errorAnnotations(evidence.main.stdout)[0];
      judged.push({
        plan,
        verdict,
        faults,
        requests,
        logReads,
        artifactReads,
        mainMs: evidence.main.exitedAt - evidence.main.spawnedAt,
        sigterm: evidence.main.sigterm,
        sigkill: evidence.main.sigkill,
        ...(firstError !== undefined ? { firstError } : {}),
        ...(github ? { github } : {}),
      });
      if (flags.only.length > 0) log(transcript(plan.index, evidence));
      const found = [...verdict.problems, ...githubProblems({ github })];
      for (const problem of found) {
        log(`  run ${plan.index} (${describePlan(plan)}): ${problem.kind}: ${problem.detail}`);
      }
      // A timing-dependent failure may not come back when replayed: what it printed is kept as it was.
      if (found.length > 0) {
        const kept = join(tmpdir(), `chaos-seed${flags.seed}-run${plan.index}.txt`);
        try {
          await writeFile(
            kept,
            `${transcript(plan.index, evidence)}\n${serverLogsText(evidence.serverLogs)}`,
          );
          log(`  run ${plan.index}: its output and the server's step logs are in ${kept}`);
        } catch (error) {
          log(`  run ${plan.index}: its output could not be kept in ${kept}: ${(error as Error).message}`);
        }
      }
      if (judged.length % 10 === 0 || judged.length === indexes.length) {
        const problems = judged.reduce(
          (sum, run) => sum + run.verdict.problems.length + githubProblems(run).length,
          0,
        );
        log(
          `[${String(judged.length).padStart(3)}/${indexes.length}] ${ms(Date.now() - started)}, problems so far: ${problems}`,
        );
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, indexes.length) }, worker));
  } finally {
    await emulator.close();
    await fakeGitHub.close();
    entries.dispose();
  }
  judged.sort((a, b) => a.plan.index - b.plan.index);
  const command = `node bench/chaos/run.ts${argv.length > 0 ? ` ${argv.join(' ')}` : ''}`;
  const summary = {
    seed: flags.seed,
    planned: indexes.length,
    runs: judged,
    concurrency,
    tookMs: Date.now() - started,
    stoppedEarly,
    command,
    github: githubTotals(fakeGitHub, GITHUB_FAULT_RATE),
  };
  const markdown = [
    `Ran ${new Date(started).toISOString().slice(0, 16).replace('T', ' ')} UTC with \`${command}\`.`,
    '',
    `Machine: ${machineLine(machine)}.`,
    '',
    `Bundle: ${bundle} (SHA-256, first 12 digits).`,
    '',
    chaosMarkdown(summary),
  ].join('\n');
  console.log(markdown);
  const problems = problemCount(summary);
  console.log(`\n${problems === 0 ? 'All checks passed.' : `${problems} problem(s) found.`}`);
  if (flags.writeDocs) {
    const path = join(ROOT, 'docs', 'reliability.md');
    await writeDocsSection(path, 'chaos', markdown);
    log(`Wrote the figures into ${path}.`);
  }
  return problems === 0 ? 0 : 1;
}

/** Each step log the server held after the run, as it held it. */
function serverLogsText(logs: RunEvidence['serverLogs']): string {
  if (!logs) return '';
  return Object.entries(logs)
    .flatMap(([runId, run]) =>
      run.steps.map((step) => `--- run ${runId} step ${step.order}: server log\n${step.log.trimEnd()}`),
    )
    .join('\n');
}

/** With --only, each run's own output is shown: that is what replaying a run is for. */
function transcript(
  index: number,
  evidence: {
    main: { stdout: string; stderr: string };
    post: { stdout: string; stderr: string };
    files: { summary: string };
  },
): string {
  const block = (title: string, text: string) =>
    text.trim() ? [`--- run ${index}: ${title}`, text.trimEnd()] : [];
  return [
    ...block('main stdout', evidence.main.stdout),
    ...block('main stderr', evidence.main.stderr),
    ...block('post stdout', evidence.post.stdout),
    ...block('post stderr', evidence.post.stderr),
    ...block('summary', evidence.files.summary),
  ].join('\n');
}

finish(main(), USAGE);
