import { describe, expect, it } from 'vitest';
import { summaryDoc, type SummaryData, type SummaryStep } from '../../../src/core/report/summary-model.ts';
import { renderSummaryText, type TextSummaryOptions } from '../../../src/core/report/summary-text.ts';
import { data } from './summary-fixture.ts';

const renderText = (summary: SummaryData, options?: TextSummaryOptions) =>
  renderSummaryText(summaryDoc(summary), options);

describe('renderSummaryText', () => {
  it('tells the same story as plain text, without colour by default', () => {
    const text = renderText(data());
    expect(text.split('\n')[0]).toBe('✖ Run failed');
    expect(text).toContain('Pipeline:         build-and-test');
    expect(text).toContain('Commit:           0123456789abcdef0123456789abcdef01234567');
    expect(text).toContain('Message:          Fix the parser');
    expect(text).toContain('                  Longer body');
    expect(text).toContain('Duration:         3m12s');
    expect(text).toContain('  ✖ 2 test (1m12s) failed  log: https://ci.example.test/api/v3/runsteps/2/log');
    expect(text).toContain('  … 3 deploy notstarted');
    expect(text).toContain('Environment variables (keys only): DEPLOY_ENV, FEATURE_FLAG');
    expect(text).toContain('  - The run failed at step 2/3 "test".');
    expect(text).not.toContain('\u001b');
  });

  it('colours on request and keeps remote text inert', () => {
    expect(renderText(data(), { color: true })).toContain('\u001b[31m✖ Run failed\u001b[0m');
    const text = renderText(
      data({ steps: [{ order: 1, name: '\u001b[2J\n::error::x', status: 'finished', result: 'failed' }] }),
    );
    expect(text).not.toContain('\u001b');
    expect(text.split('\n').some((line) => line.trimStart().startsWith('::'))).toBe(false);
  });

  it('neutralises remote text in every field, line by line in a multi-line message', () => {
    const bad = '\u001b]8;;https://evil.test\u0007::error::x';
    const text = renderText(
      data({
        id: bad,
        apiUrl: bad,
        target: {
          pipeline: bad,
          application: bad,
          branch: bad,
          commit: bad,
          message: `ok\n${bad}\r\n::warning::y`,
          sourceRunId: bad,
        },
        status: bad,
        workflow: { id: bad, items: [{ name: bad, status: bad, result: bad, runId: bad }] },
        envKeys: [bad],
        notes: [bad],
      }),
    );
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('\u0007');
    expect(text.split('\n').some((line) => line.trimStart().startsWith('::'))).toBe(false);
    expect(text).toContain('Message:          ok\n                  ');
  });

  it('lists every attempt, with hostile step names made inert', () => {
    const attempts = [
      {
        attempt: 1,
        id: 'r1',
        url: 'https://ci.example.test/acme/web/runs/build/r1',
        status: 'finished',
        result: 'failed',
        durationMs: 42_000,
        failedStep: { order: 2, name: '\u001b[2J::error::x', total: 3 },
      },
      {
        attempt: 2,
        id: 'r2',
        url: 'https://ci.example.test/acme/web/runs/build/r2',
        status: 'running',
        result: 'unknown',
      },
    ];
    const text = renderText(data({ attempts }));
    expect(text).toContain(
      'Attempts\n  ✖ 1 r1 failed at step 2/3 ::error::x (42s)  https://ci.example.test/acme/web/runs/build/r1',
    );
    expect(text).toContain('  … 2 r2 running  https://ci.example.test/acme/web/runs/build/r2');
    expect(text).toContain('Steps of attempt 2');
    expect(text).not.toContain('\u001b');
  });
});

describe('renderSummaryText: why it failed', () => {
  const failed = (lines: string[], extra: Partial<SummaryStep> = {}): SummaryStep => ({
    id: 's2',
    order: 2,
    name: 'build',
    status: 'finished',
    result: 'failed',
    logUrl: 'https://ci.example.test/api/v3/runsteps/2/log',
    logTail: { firstError: 'error: x.c:3: expected ;', lastLines: lines, earlierLines: 1200 },
    ...extra,
  });

  it('names each failed step with its error line, its link and how its log ends', () => {
    const text = renderText(
      data({
        steps: [
          data().steps[0]!,
          failed(['compiling', 'error: x.c:3: expected ;'], {
            webUrl: 'https://app.ci.example/acme/web/runs/build/r1?step=s2',
          }),
          { order: 3, name: 'deploy', status: 'finished', result: 'aborted' },
        ],
      }),
    );
    expect(text).toContain(
      [
        'Why it failed',
        '  ✖ Step 2 build failed: error: x.c:3: expected ;',
        '    Open the step: https://app.ci.example/acme/web/runs/build/r1?step=s2',
        '    Last 2 of 1,202 lines:',
        '    │ compiling',
        '    │ error: x.c:3: expected ;',
        '  ⊘ Step 3 deploy was aborted: it has no log',
        '',
      ].join('\n'),
    );
    // The table links the step's page rather than its API log URL.
    expect(text).toContain(
      '  ✖ 2 build failed  page: https://app.ci.example/acme/web/runs/build/r1?step=s2\n',
    );
  });

  it('keeps every log line inert for a terminal and the runner', () => {
    const hostile = [
      '::error::forged',
      '  ::add-mask::x',
      'a ##[endgroup] b',
      '\u001b[2J\u001b]8;;https://evil.test\u0007link\u001b]8;;\u0007',
      'one\rtwo\nthree',
      'x'.repeat(5000),
    ];
    const text = renderText(
      data({
        steps: [
          failed([], { order: 1, name: '\u001b[31m::warning::name', logTail: undefined }),
          failed(hostile, { logTail: { firstError: '::error::first', lastLines: hostile, earlierLines: 0 } }),
        ],
      }),
    );
    for (const bad of ['\u001b', '\u0007', 'evil.test', '##[']) expect(text).not.toContain(bad);
    expect(text.split('\n').some((line) => line.trimStart().startsWith('::'))).toBe(false);
    expect(text).toContain('    │ › ::error::forged');
    expect(text).toContain('    │ a # #[endgroup] b');
    expect(text).toContain('    │ link\n');
    expect(text).toContain('    │ one two three\n');
    expect(text).toContain('build failed: › ::error::first\n');
    expect(text).toContain('its log could not be read');
    for (const line of text.split('\n')) expect(line.length).toBeLessThan(600);
  });
});
