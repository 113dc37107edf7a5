// The check run's last update in detail: annotation batches, and a summary fitted to GitHub's limit.
import { describe, expect, it } from 'vitest';
import type { Step } from '../../src/api/types.ts';
import type { Conclusion, TriggerInfo } from '../../src/core/flow/events.ts';
import { renderSummary } from '../../src/core/report/summary-html.ts';
import { readSettings, INPUT_DEFAULTS } from '../../src/core/settings.ts';
import { summaryDoc } from '../../src/core/sinks/summary-sink.ts';
import { webLinks } from '../../src/core/web-url.ts';
import { createCheckRunSink } from '../../src/github/sinks/check-run.ts';
import { OpenReports } from '../../src/github/open-reports.ts';
import { VirtualTime } from '../core/flow/virtual-time.ts';
import { MemoryGitHub } from './memory-github.ts';

const settings = readSettings(
  (name) =>
    ({ ...INPUT_DEFAULTS, 'base-url': 'https://ci.test', token: 'tok-0123456789', pipeline: 'acme/app/e2e' })[
      name as keyof typeof INPUT_DEFAULTS
    ] ?? '',
);

function failedSteps(count: number, name = (i: number) => `step ${i}`): Step[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `s${i}`,
    order: i + 1,
    name: name(i),
    status: 'finished',
    result: 'failed',
  }));
}

async function conclude(steps: Step[]) {
  const gh = new MemoryGitHub();
  const time = new VirtualTime();
  const state = new Map<string, string>();
  const lines: string[] = [];
  const never = new AbortController().signal;
  const sink = createCheckRunSink('CI e2e', {
    api: gh,
    outputs: { set: () => undefined },
    open: new OpenReports({ save: (key, value) => void state.set(key, value), get: () => '' }),
    log: {
      info: (line) => void lines.push(line),
      warning: (line) => void lines.push(`warning: ${line}`),
      error: () => undefined,
      debug: () => undefined,
      remote: () => undefined,
      startGroup: () => undefined,
      endGroup: () => undefined,
    },
    clock: time.clock,
    sleep: time.sleep,
    cancel: { signal: never, hurry: never },
    wait: true,
    annotationPath: '.github/workflows/e2e.yml',
    summary: (conclusion, info, maxBytes) =>
      renderSummary(summaryDoc(settings, info, conclusion), { maxBytes }),
  });
  const ref = { kind: 'run' as const, id: 'r1', url: 'https://ci.test/api/v3/runs/r1' };
  const resource = { id: 'r1', url: ref.url, status: 'finished', result: 'failed' } as const;
  const info: TriggerInfo = {
    ref,
    resource,
    attached: false,
    web: webLinks(settings, ref, resource),
    attempt: 1,
    maxAttempts: 1,
  };
  sink.triggered!(info);
  const conclusion: Conclusion = {
    outcome: { kind: 'failed', success: false, message: 'failed' },
    final: { ref, resource, steps, web: info.web },
    settled: true,
  };
  await sink.concluded!(conclusion);
  return { gh, lines, state };
}

describe('the check run of a failed run', () => {
  it('sends annotations 50 a request, every failed step once', async () => {
    const { gh } = await conclude(failedSteps(120));
    const check = gh.checkRuns[0]!;
    const batches = check.updates.map((update) => update.output?.annotations?.length ?? 0);
    expect(batches).toEqual([50, 50, 20]);
    expect(check.annotations).toHaveLength(120);
    const first = check.updates[0]!.output!.annotations![0]!;
    expect(first.path).toBe('.github/workflows/e2e.yml');
    expect(first.message).toContain('https://ci.test/acme/app/runs/e2e/r1?step=s0');
    expect(check.updates.every((update) => update.output?.title)).toBe(true);
  });

  it('fits a summary bigger than 65,535 characters, and says so', async () => {
    const { gh } = await conclude(failedSteps(900, (i) => `${'long step name '.repeat(18)}${i}`));
    const summary = gh.checkRuns[0]!.updates[0]!.output!.summary;
    expect(summary.length).toBeLessThanOrEqual(65_535);
    expect(summary).toMatch(/not shown/);
  });
});
