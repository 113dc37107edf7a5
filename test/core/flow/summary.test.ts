// The job summary of a failed run says why, in-process: the real flow and sinks, the failed step's log
// read from the fake API, the summary written as the action writes it.
import { describe, expect, it } from 'vitest';
import { API_URL, PIPELINE_ID, type FakeApi } from './fake-api.ts';
import { runFlow } from './kit.ts';

const byPipelineId = { 'pipeline-id': PIPELINE_ID };
const failAtBuild = { arrange: ({ api }: { api: FakeApi }) => void (api.script.failAt = 1) };

/** The failed-steps section of a summary, from its heading to the next one. */
function whySection(summary: string): string {
  const start = summary.indexOf('<h3>Why it failed</h3>');
  expect(start, summary).toBeGreaterThanOrEqual(0);
  const end = summary.indexOf('<h3>', start + 1);
  return summary.slice(start, end < 0 ? undefined : end);
}

describe('the summary of a failed run', () => {
  it('names the failed step with the line its annotation quotes, and how its log ends', async () => {
    const run = await runFlow({ inputs: byPipelineId, ...failAtBuild });
    expect(run.outcome.kind).toBe('failed');
    const [summary] = run.summaries;
    const why = whySection(summary!);
    const annotation = run.lines.find((line) => line.startsWith('error: '))!.slice('error: '.length);
    expect(annotation).toBe('error: something broke');
    expect(why).toContain(
      `<details><summary>✖ Step 2 <strong>build</strong> failed: <code>${annotation}</code></summary>`,
    );
    expect(why).toContain('<pre>log of 2<br>error: something broke</pre>');
    const logUrl = `${API_URL}/runs/${run.outputs.get('id')}/steps/2/log`;
    expect(why).toContain(`<a href="${logUrl}">Full log</a> · All 2 lines:`);
    expect(why.match(/<details>/g)).toHaveLength(1);
  });

  it('links the step’s page when one is given', async () => {
    const run = await runFlow({
      inputs: byPipelineId,
      ...failAtBuild,
      stepUrl: (stepId) => `https://app.ci.test/acme/web/runs/build/r1?step=${stepId}`,
    });
    const stepId = `${run.outputs.get('id')}-s2`;
    expect(whySection(run.summaries[0]!)).toContain(
      `<a href="https://app.ci.test/acme/web/runs/build/r1?step=${stepId}">Open the step</a>`,
    );
  });

  it('keeps a hostile log inert', async () => {
    const run = await runFlow({
      inputs: byPipelineId,
      arrange: ({ api }) => {
        api.script.failAt = 1;
        api.stepLog = () =>
          [
            'x</pre></details><script>alert(1)</script>',
            '',
            '\u001b]8;;https://evil.test\u0007ERROR: <img src=x onerror=alert(1)>',
            '::error::forged',
          ].join('\n');
      },
    });
    const why = whySection(run.summaries[0]!);
    expect(why).toContain('<code>ERROR: &lt;img src=x onerror=alert(1)&gt;</code>');
    expect(why).toContain('x&lt;/pre&gt;&lt;/details&gt;&lt;script&gt;alert(1)&lt;/script&gt;<br><br>');
    for (const bad of ['<script', '<img', '\u001b', 'evil.test']) expect(why).not.toContain(bad);
    expect(run.summaries[0]).not.toMatch(/\n\s*\n/);
  });

  it('says when the log could not be read', async () => {
    const run = await runFlow({
      inputs: byPipelineId,
      arrange: ({ api }) => {
        api.script.failAt = 1;
        api.failNext(
          'openStepLog',
          () => {
            throw new Error('connection reset');
          },
          2,
        );
      },
    });
    expect(whySection(run.summaries[0]!)).toContain('failed: <em>its log could not be read</em></summary>');
  });

  it('is left out when the run passed', async () => {
    const run = await runFlow({ inputs: byPipelineId });
    expect(run.summaries[0]).not.toContain('Why it failed');
    expect(run.api.count('openStepLog')).toBe(0);
  });
});
