import { describe, expect, it } from 'vitest';
import { renderSummary, type SummaryOptions } from '../../../src/core/report/summary-html.ts';
import { summaryDoc, type SummaryData } from '../../../src/core/report/summary-model.ts';
import { data, XSS } from './summary-fixture.ts';

const render = (summary: SummaryData, options?: SummaryOptions) =>
  renderSummary(summaryDoc(summary, 'https://ci.example.test'), options);

describe('renderSummary', () => {
  it('has the outcome, the target, the links, the times and the steps', () => {
    const html = render(data());
    expect(html.startsWith('<h2>✖ Run failed</h2>\n')).toBe(true);
    expect(html).toContain('build-and-test');
    expect(html).toContain('<code>main</code>');
    expect(html).toContain('<code title="0123456789abcdef0123456789abcdef01234567">0123456</code>');
    expect(html).toContain('Fix the parser<br><br>Longer body');
    expect(html).toContain('<th align="left">Chained from run</th><td><code>5c8f1c1e2a3b4c0001d2e3aa</code>');
    expect(html).toContain('<a href="https://ci.example.test/api/v3/runs/5c8f1c1e2a3b4c0001d2e3f4">');
    expect(html).toContain('2026-11-05 10:00:00 UTC');
    expect(html).toContain('2026-11-05 10:03:12 UTC');
    expect(html).toContain('<td>3m12s</td>');
    expect(html).toContain(
      '<tr><td>2</td><td>test</td><td>✖ failed</td><td>1m12s</td>' +
        '<td><a href="https://ci.example.test/api/v3/runsteps/2/log">log</a></td>' +
        '<td><a href="https://ci.example.test/artifacts/2.tar.gz">artifacts</a></td></tr>',
    );
    expect(html).toContain('<tr><td>1</td><td>get code</td><td>✔ passed</td><td>3s</td>');
    expect(html).toContain(
      '<tr><td>3</td><td>deploy</td><td>… notstarted</td><td>—</td><td>—</td><td>—</td></tr>',
    );
    expect(html).toContain('<code>DEPLOY_ENV</code>, <code>FEATURE_FLAG</code>');
    expect(html).toContain('<li>The run failed at step 2/3 &quot;test&quot;.</li>');
  });

  it('is one HTML block: no blank line, so nothing is read as Markdown', () => {
    const html = render(data({ target: { message: 'a\n\n![x](https://evil.test/x.png)\r\n\r\n# title' } }));
    expect(html).not.toMatch(/\n\s*\n/);
    expect(html.startsWith('<')).toBe(true);
  });

  it.each([
    ['passed', '✔ Run passed'],
    ['aborted', '⊘ Run aborted'],
    ['timed-out', '⏱ Run timed out'],
    ['cancelled', '⊘ Run cancelled'],
    ['unknown', '… Run unknown'],
  ] as const)('heads a %s outcome with %s', (outcome, heading) => {
    expect(render(data({ outcome }))).toContain(`<h2>${heading}</h2>`);
  });

  it('names a build and its application', () => {
    const html = render(data({ kind: 'build', target: { application: 'web' }, steps: [] }));
    expect(html).toContain('<h2>✖ Build failed</h2>');
    expect(html).toContain('<th align="left">Application</th><td>web</td>');
    expect(html).toContain('No steps were reported.');
  });

  it('escapes every remote and user string, in text and attributes', () => {
    const hostile = data({
      id: XSS,
      target: {
        pipeline: XSS,
        application: XSS,
        branch: XSS,
        commit: `"><script>alert(1)</script>`,
        message: XSS,
        sourceRunId: XSS,
      },
      status: XSS,
      result: XSS,
      steps: [{ order: 1, name: XSS, status: XSS, result: XSS, logUrl: XSS, artifactsUrl: XSS }],
      workflow: { id: XSS, items: [{ name: XSS, status: XSS, result: XSS, runId: XSS }] },
      envKeys: [XSS],
      notes: [XSS],
    });
    const html = render(hostile);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/"\s*>\s*<script/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // Every tag in the output is one of ours.
    const tags = new Set([...html.matchAll(/<\/?([a-z0-9]+)/g)].map((match) => match[1]));
    expect([...tags].sort()).toEqual(
      ['a', 'br', 'code', 'em', 'h2', 'h3', 'li', 'p', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul']
        .filter((tag) => tags.has(tag))
        .sort(),
    );
    expect(tags.has('img')).toBe(false);
  });

  it('links only http(s) URLs and shows anything else as text', () => {
    const html = render(
      data({
        apiUrl: 'javascript:alert(1)',
        steps: [
          {
            order: 1,
            name: 'a',
            status: 'finished',
            result: 'passed',
            logUrl: 'data:text/html,<b>x</b>',
            artifactsUrl: 'https://ci.example.test/a?x="y"&z=1',
          },
        ],
      }),
    );
    expect(html).not.toContain('href="javascript:');
    expect(html).not.toContain('href="data:');
    expect(html).toContain('<code>javascript:alert(1)</code>');
    expect(html).toContain('<code>data:text/html,&lt;b&gt;x&lt;/b&gt;</code>');
    expect(html).toContain('<a href="https://ci.example.test/a?x=%22y%22&amp;z=1">artifacts</a>');
  });

  it('lists the workflow items', () => {
    const html = render(
      data({
        workflow: {
          id: 'wf1',
          items: [
            { name: 'build', status: 'finished', result: 'passed', runId: 'r1' },
            { name: 'deploy', status: 'notstarted', result: 'unknown' },
          ],
        },
      }),
    );
    expect(html).toContain('<h3>Workflow <code>wf1</code></h3>');
    expect(html).toContain(
      '<tr><td>build</td><td>finished</td><td>✔ passed</td><td><code>r1</code></td></tr>',
    );
    expect(html).toContain('<tr><td>deploy</td><td>notstarted</td><td>… unknown</td><td>—</td></tr>');
  });

  it('shows env keys only, in order, and says when there are none', () => {
    expect(render(data({ envKeys: ['B', 'A', 'C'] }))).toContain(
      '<code>B</code>, <code>A</code>, <code>C</code>',
    );
    expect(render(data({ envKeys: [] }))).toContain('None were sent.');
  });

  it('stays under 1 MiB with 5,000 long-named steps, keeping failed steps and saying how many are left out', () => {
    const steps = Array.from({ length: 5000 }, (_, index) => ({
      order: index + 1,
      name: index === 2500 ? XSS : `step ${index + 1} ${'ünïcödé-long-name '.repeat(12)}`,
      status: 'finished',
      result: index === 4998 ? 'failed' : 'passed',
      durationMs: 1234,
      logUrl: `https://ci.example.test/api/v3/runsteps/${index + 1}/log`,
      artifactsUrl: null,
    }));
    const html = render(data({ steps, target: { message: XSS, pipeline: 'p' } }));
    const size = Buffer.byteLength(html, 'utf8');
    expect(size).toBeLessThanOrEqual(1_000_000);
    expect(size).toBeGreaterThan(900_000);
    expect(html).not.toContain('<img');
    const match = /(\d+) more steps not shown \(the summary is limited to 1 MiB\)/.exec(html);
    expect(match).not.toBeNull();
    const shownRows = html.match(/<tr><td>\d+<\/td>/g)?.length ?? 0;
    expect(shownRows + Number(match?.[1])).toBe(5000);
    expect(html).toContain('<tr><td>4999</td>');
    expect(html).toContain('<td>✖ failed</td>');
    expect(html.trimEnd().endsWith('</ul>')).toBe(true);
  });

  it('never exceeds maxBytes, whatever the input', () => {
    const huge = data({
      target: { message: 'm'.repeat(100_000), pipeline: 'p'.repeat(100_000) },
      envKeys: Array.from({ length: 20_000 }, (_, index) => `KEY_${index}_${'k'.repeat(50)}`),
      notes: Array.from({ length: 10 }, () => 'n'.repeat(10_000)),
      workflow: {
        id: 'w',
        items: Array.from({ length: 3000 }, (_, index) => ({
          name: `item ${index}`,
          status: 'x',
          result: 'y',
        })),
      },
    });
    for (const maxBytes of [1_000_000, 50_000, 5_000, 300, 10]) {
      expect(Buffer.byteLength(render(huge, { maxBytes }))).toBeLessThanOrEqual(maxBytes);
    }
    const small = render(huge, { maxBytes: 50_000 });
    expect(small).toMatch(/\d+ more workflow items not shown/);
    expect(small).toMatch(/ and \d+ more<\/p>/);
    expect(render(huge)).toContain(' more</p>');
  });
});
