// The GitHub reports as the in-process tests wire them: the real sink over a given API, on the test's
// clock, with the job summary the action would write.
import type { CancelSignals } from '../../src/core/flow/cancel.ts';
import type { FlowSink } from '../../src/core/flow/events.ts';
import type { OpenReportsStore, Outputs } from '../../src/core/contract.ts';
import type { Log } from '../../src/core/ports.ts';
import { renderSummary } from '../../src/core/report/summary-html.ts';
import type { Settings } from '../../src/core/settings.ts';
import { targetSummaryDoc } from '../../src/core/report/target-summary.ts';
import type { GitHubApi } from '../../src/github/port.ts';
import { createGitHubSink } from '../../src/github/reporting.ts';
import type { GitHubReporting } from '../../src/github/settings.ts';
import type { Clock, Sleep } from '../../src/time.ts';

export interface TestSinkPorts {
  settings: Settings;
  time: { clock: Clock; sleep: Sleep };
  log: Log;
  outputs: Outputs;
  openReports: OpenReportsStore;
  cancel: CancelSignals;
}

export function testGitHubSink(
  reporting: GitHubReporting,
  api: GitHubApi,
  { settings, time, log, outputs, openReports, cancel }: TestSinkPorts,
  wait = settings.wait,
): FlowSink {
  return createGitHubSink(reporting, {
    api,
    outputs,
    openReports,
    log,
    clock: time.clock,
    sleep: time.sleep,
    cancel,
    wait,
    userAgent: 'test',
    annotationPath: '.github/workflows/ci.yml',
    summary: (conclusion, info, maxBytes) =>
      renderSummary(targetSummaryDoc(settings, info, conclusion), { maxBytes }),
  });
}
