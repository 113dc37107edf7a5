import { describe, expect, it } from 'vitest';
import { renderSummary, type SummaryOptions } from '../../../src/core/report/summary-html.ts';
import { summaryDoc, type SummaryData, type SummaryStep } from '../../../src/core/report/summary-model.ts';
import { data, XSS } from './summary-fixture.ts';

const render = (summary: SummaryData, options?: SummaryOptions) =>
  renderSummary(summaryDoc(summary, ['https://ci.example.test']), options);

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
    // A URL the server sent loses its query even on the API's origin: pre-signed URLs carry credentials there.
    expect(html).toContain('<a href="https://ci.example.test/a">artifacts</a>');
    expect(html).not.toContain('z=1');
  });

  it('links a step’s log or artifacts only on an allowed origin', () => {
    const step = { order: 1, name: 'a', status: 'finished', result: 'failed' } as const;
    const html = render(
      data({
        steps: [
          {
            ...step,
            logUrl: 'https://elsewhere.test/log?sig=1',
            artifactsUrl: 'https://ci.example.test/x#f',
          },
        ],
      }),
    );
    expect(html).not.toContain('elsewhere.test');
    expect(html).toContain('<a href="https://ci.example.test/x">artifacts</a>');
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

describe('renderSummary: why it failed', () => {
  const tail = (lines: string[], earlierLines = 0) => ({
    firstError: lines.find((line) => line.startsWith('error')) ?? lines.at(-1)!,
    lastLines: lines,
    earlierLines,
  });
  const failed = (order: number, lines: string[], extra: Partial<SummaryStep> = {}): SummaryStep => ({
    id: `s${order}`,
    order,
    name: `step ${order}`,
    status: 'finished',
    result: 'failed',
    logUrl: `https://ci.example.test/api/v3/runsteps/${order}/log`,
    logTail: tail(lines, 100),
    ...extra,
  });
  /** The lines shown in each step's <pre>, in order. */
  const preLines = (html: string) =>
    [...html.matchAll(/<pre>(.*?)<\/pre>/g)].map((match) => match[1]!.split('<br>'));

  it('gives each failed step a collapsed <details> under the steps table', () => {
    const html = render(
      data({
        steps: [
          data().steps[0]!,
          failed(2, ['compiling', 'error: x.c:3: expected ;', ''], {
            name: 'build',
            webUrl: 'https://app.ci.example/acme/web/runs/build/r1?step=s2',
          }),
        ],
      }),
    );
    expect(html.indexOf('</table>\n<h3>Why it failed</h3>')).toBeGreaterThan(html.indexOf('<h3>Steps</h3>'));
    expect(html).toContain(
      [
        '<h3>Why it failed</h3>',
        '<details><summary>✖ Step 2 <strong>build</strong> failed: <code>error: x.c:3: expected ;</code></summary>',
        '<p><a href="https://app.ci.example/acme/web/runs/build/r1?step=s2">Open the step</a> · Last 3 of 103 lines:</p>',
        '<pre>compiling<br>error: x.c:3: expected ;<br></pre>',
        '</details>',
        '<h3>Environment variables</h3>',
      ].join('\n'),
    );
    expect(html).toContain(
      '<td>2</td><td><a href="https://app.ci.example/acme/web/runs/build/r1?step=s2">build</a></td>',
    );
  });

  it('escapes every log line, so that no line can close the block or add a tag', () => {
    const hostile = [
      '</pre></details></summary><script>alert(1)</script>',
      `error: ${XSS}`,
      '\u001b]8;;https://evil.test\u0007link\u001b]8;;\u0007 \u202eevil',
      '',
      '   ',
      '<!-- x',
      '![img](https://evil.test/x.png) [link](https://evil.test) *em*',
    ];
    const html = render(
      data({ steps: [failed(1, hostile, { name: `</summary>${XSS}`, webUrl: 'javascript:alert(1)' })] }),
    );
    for (const bad of ['<script', '<img', '<!--', 'href="https://evil', '\u001b', '\u202e']) {
      expect(html).not.toContain(bad);
    }
    expect(html).not.toMatch(/\n\s*\n/);
    expect(html).toContain('<pre>&lt;/pre&gt;&lt;/details&gt;&lt;/summary&gt;&lt;script&gt;');
    expect(html).toContain(`<code>error: &lt;img src=x onerror=alert(1)&gt;</code>`);
    expect(html).toContain('<strong>&lt;/summary&gt;&lt;img');
    expect(html).toContain('Open the step <code>javascript:alert(1)</code>');
    const tags = new Set([...html.matchAll(/<\/?([a-z0-9]+)/g)].map((match) => match[1]));
    for (const tag of tags) {
      expect(
        ['a', 'br', 'code', 'details', 'em', 'h2', 'h3', 'li', 'p', 'pre', 'strong', 'summary'].concat([
          'table',
          'tbody',
          'td',
          'th',
          'thead',
          'tr',
          'ul',
        ]),
      ).toContain(tag);
    }
    expect(html.match(/<details>/g)).toHaveLength(1);
    expect(html.match(/<\/details>/g)).toHaveLength(1);
  });

  it('stays under 1 MiB with huge hostile tails and 5,000 steps, shortening the later steps first', () => {
    // Each character escapes to 6 bytes: 30 lines of 500 make about 90 KB a step.
    const heavy = Array.from({ length: 30 }, () => '"'.repeat(10_000));
    const steps = Array.from({ length: 5000 }, (_, index) =>
      index % 400 === 0
        ? failed(index + 1, heavy)
        : {
            order: index + 1,
            name: `step ${index + 1} ${'long '.repeat(30)}`,
            status: 'finished',
            result: 'passed',
          },
    );
    const html = render(data({ steps }));
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(1_000_000);
    expect(html.trimEnd().endsWith('</ul>')).toBe(true);
    const shown = preLines(html);
    expect(shown[0]).toHaveLength(30);
    expect(shown[0]![0]).toBe('&quot;'.repeat(499) + '…');
    // The first failed step keeps its 30 lines; the later ones give up theirs first.
    expect(shown.slice(1).every((lines) => lines.length <= 10)).toBe(true);
    // 13 failed steps: 10 at most have details, the others are counted.
    const details = html.match(/<details>/g)?.length ?? 0;
    expect(details).toBeLessThanOrEqual(10);
    expect(html).toContain(`<p><em>…and ${13 - details} more failed steps, in the steps above.</em></p>`);
    // Every failed step is still in the table.
    expect(html.match(/<td>✖ failed<\/td>/g)).toHaveLength(13);
  });

  it('never exceeds maxBytes, and drops whole steps, never half a tag', () => {
    const steps = Array.from({ length: 12 }, (_, index) =>
      failed(
        index + 1,
        Array.from({ length: 30 }, (_, line) => `<${line}> ${'x'.repeat(190)}`),
      ),
    );
    for (const maxBytes of [1_000_000, 65_535, 50_000, 20_000, 5_000, 1_000, 300, 10]) {
      const html = render(data({ steps }), { maxBytes });
      expect(Buffer.byteLength(html), String(maxBytes)).toBeLessThanOrEqual(maxBytes);
      expect(html.match(/<details>/g)?.length ?? 0).toBe(html.match(/<\/details>/g)?.length ?? 0);
      expect(html.match(/<pre>/g)?.length ?? 0).toBe(html.match(/<\/pre>/g)?.length ?? 0);
    }
    const counts = (maxBytes: number) =>
      preLines(render(data({ steps }), { maxBytes })).map((lines) => lines.length);
    // The room left is used: a check run's 64 KiB hold nearly every log whole.
    expect(counts(65_535)).toEqual([30, 30, 30, 30, 30, 30, 30, 30, 30, 10]);
    // With less, the later steps give up their lines first.
    expect(counts(30_000)).toEqual([30, 10, 10, 10, 10, 10, 10, 10]);
    const tight = render(data({ steps }), { maxBytes: 20_000 });
    expect(tight).toContain('Last 10 of 130 lines:');
    expect(tight).toContain('130 lines, not shown here.');
    expect(tight.match(/<details>/g)).toHaveLength(10);
  });
});
