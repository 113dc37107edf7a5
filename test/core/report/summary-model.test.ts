import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Run, Step } from '../../../src/api/types.ts';
import { renderSummary } from '../../../src/core/report/summary-html.ts';
import {
  buildSummary,
  summaryDoc,
  toSummaryStep,
  type SummaryInput,
} from '../../../src/core/report/summary-model.ts';
import { renderSummaryText } from '../../../src/core/report/summary-text.ts';
import { readSettings } from '../../../src/core/settings.ts';
import { validInputs } from '../../support/bad-inputs.ts';
import { data } from './summary-fixture.ts';

const FIELD_LABELS = [
  'Pipeline',
  'Application',
  'Run',
  'Branch',
  'Commit',
  'Message',
  'Chained from run',
  'State',
  'Started',
  'Finished',
  'Duration',
];

/** Every field and section set. */
function full() {
  return data({
    target: { ...data().target, application: 'acme/web' },
    workflow: { id: 'wf1', items: [{ name: 'build', status: 'finished', result: 'passed', runId: 'r1' }] },
  });
}

function settings(inputs: Record<string, string> = {}) {
  const all = validInputs(inputs);
  return readSettings((name) => all[name] ?? '');
}

const run: Run = {
  id: 'r1',
  url: 'https://ci.example.test/api/v3/runs/r1',
  branch: 'develop',
  commitHash: 'a'.repeat(40),
  message: 'From the server',
  status: 'finished',
  result: 'failed',
  progress: 100,
  startedAt: new Date('2026-11-05T10:00:00Z'),
  finishedAt: new Date('2026-11-05T10:01:05Z'),
  sourceRunId: 'r0',
};

function input(overrides: Partial<SummaryInput> = {}): SummaryInput {
  return {
    outcome: { kind: 'failed', message: 'The run failed.' },
    final: { resource: run, steps: [] },
    kind: 'run',
    settings: settings({ 'env-vars': 'B=secret\nA=1' }),
    trigger: {
      ref: { kind: 'run', id: 'r1', url: run.url },
      resource: run,
      attached: false,
      web: { url: run.url, isPage: false, step: () => undefined },
      attempt: 1,
      maxAttempts: 1,
    },
    pipeline: 'build',
    ...overrides,
  };
}

describe('buildSummary', () => {
  it('takes what the server reported, the keys sent and the notes', () => {
    const step = (order: number): Step => ({
      id: `s${order}`,
      order,
      name: `s${order}`,
      status: 'finished',
      result: 'passed',
    });
    const { data: facts } = buildSummary(
      input({
        final: {
          resource: run,
          steps: [step(2), step(1)],
          workflow: {
            id: 'wf',
            url: 'https://ci.example.test/wf',
            items: [
              { id: 'i1', status: 'finished', result: 'passed', targetName: 'first', runId: 'r0' },
              { id: 'i2', status: 'notstarted', result: 'unknown', pipelineId: 'p2' },
            ],
          },
          abort: {
            ref: { kind: 'run', id: 'r1', url: run.url },
            confirmed: true,
            message: 'Aborted run r1.',
            clause: 'Aborted run r1',
          },
        },
      }),
    );
    expect(facts).toMatchObject({
      outcome: 'failed',
      kind: 'run',
      id: 'r1',
      apiUrl: run.url,
      target: { pipeline: 'build', branch: 'develop', commit: 'a'.repeat(40), message: 'From the server' },
      durationMs: 65_000,
      status: 'finished',
      result: 'failed',
      progress: 100,
      envKeys: ['B', 'A'],
      notes: ['The run failed.', 'Aborted run r1.'],
      workflow: {
        id: 'wf',
        items: [
          { name: 'first', status: 'finished', result: 'passed', runId: 'r0' },
          { name: 'p2', status: 'notstarted', result: 'unknown' },
        ],
      },
    });
    expect(facts.target.sourceRunId).toBe('r0');
    expect(facts.steps.map((each) => each.order)).toEqual([1, 2]);
    expect(JSON.stringify(facts)).not.toContain('secret');
  });

  it('falls back on the settings when nothing was triggered', () => {
    const { data: facts, fields } = buildSummary(
      input({
        final: { steps: [] },
        trigger: undefined,
        pipeline: undefined,
        settings: settings({
          'pipeline-id': '',
          pipeline: 'acme/web/build',
          branch: 'main',
          message: 'Asked for',
          'source-run-id': 's9',
        }),
      }),
    );
    expect(facts.target).toEqual({
      application: 'acme/web',
      branch: 'main',
      message: 'Asked for',
      sourceRunId: 's9',
    });
    expect(facts.id).toBeUndefined();
    expect(fields.map((field) => field.label)).toEqual([
      'Application',
      'Branch',
      'Message',
      'Chained from run',
    ]);
  });
});

describe('summaryDoc', () => {
  it('lists every field once, in order, and the sections after them', () => {
    const doc = summaryDoc(full());
    expect(doc.title).toEqual({ icon: '✖', word: 'Run failed', tone: 'failed' });
    expect(doc.fields.map((field) => field.label)).toEqual(FIELD_LABELS);
    expect(doc.sections.map((section) => section.kind)).toEqual([
      'steps',
      'failures',
      'workflow',
      'env',
      'notes',
    ]);
    expect(summaryDoc(data({ kind: 'build' })).fields.map((field) => field.label)).toContain('Build');
  });

  it('leaves out what is not known', () => {
    const doc = summaryDoc({ outcome: 'triggered', kind: 'run', target: {}, steps: [], envKeys: [] });
    expect(doc.fields).toEqual([]);
    expect(doc.sections.map((section) => section.kind)).toEqual(['steps', 'env']);
  });

  it('keeps the steps that did not pass first when not every row fits', () => {
    const [steps] = summaryDoc(data()).sections;
    expect(steps?.kind === 'steps' && steps.rows.map((row) => [row.order, row.keep])).toEqual([
      [1, false],
      [2, true],
      [3, true],
    ]);
  });
});

describe('links', () => {
  const signed = 'https://bucket.store.test/logs/2.txt?X-Signature=s3cr3t&Expires=9#part';
  const mirrored = 'https://mirror.test/runs/r1?token=t0k3n';
  const steps: Step[] = [
    { id: 's1', order: 1, name: 'a', status: 'finished', result: 'passed', logUrl: `${run.url}/log?tail=50` },
    {
      id: 's2',
      order: 2,
      name: 'b',
      status: 'finished',
      result: 'failed',
      logUrl: signed,
      artifactsUrl: 'https://user:pass@ci.example.test/artifacts/2.tgz?v=1',
    },
  ];

  it('drop the query and fragment everywhere, links off the allowed origins, and user info', () => {
    const doc = buildSummary(
      input({
        final: { resource: run, steps },
        trigger: {
          ref: { kind: 'run', id: 'r1', url: mirrored },
          resource: run,
          attached: false,
          web: { url: mirrored, isPage: false, step: () => undefined },
          attempt: 1,
          maxAttempts: 1,
        },
        settings: settings({ 'base-url': 'https://ci.example.test' }),
      }),
    );
    const [section] = doc.sections;
    const rows = section?.kind === 'steps' ? section.rows : [];
    expect(rows.map((row) => [row.log?.url, row.artifacts?.url])).toEqual([
      [`${run.url}/log`, undefined],
      [undefined, 'https://ci.example.test/artifacts/2.tgz'],
    ]);
    expect(doc.fields.find((field) => field.label === 'Run')?.value[1]).toEqual({
      kind: 'link',
      url: 'https://mirror.test/runs/r1',
    });
    for (const shown of [renderSummary(doc), renderSummaryText(doc)]) {
      expect(shown).not.toMatch(/s3cr3t|Expires|#part|user:pass|t0k3n/);
    }
  });

  it('drop every query when the API origin is not known', () => {
    const doc = summaryDoc(data({ steps: [{ ...toSummaryStep(steps[0]!), order: 1 }] }));
    const [section] = doc.sections;
    expect(section?.kind === 'steps' && section.rows[0]?.log?.url).toBe(`${run.url}/log`);
  });
});

describe('failed steps', () => {
  const steps: Step[] = [
    { id: 's1', order: 1, name: 'a', status: 'finished', result: 'failed', logUrl: `${run.url}/steps/1/log` },
    { id: 's2', order: 2, name: 'b', status: 'finished', result: 'failed', logUrl: `${run.url}/steps/2/log` },
    { id: 's3', order: 3, name: 'c', status: 'finished', result: 'passed', logUrl: `${run.url}/steps/3/log` },
  ];
  const tail = { firstError: 'error: b broke', lastLines: ['compiling', 'error: b broke'], earlierLines: 7 };
  const web = (id: string) => `https://app.ci.example/acme/web/runs/build/r1?step=${id}#top`;

  it('carry what was kept of their logs, and their pages from the stepUrl given', () => {
    const doc = buildSummary(
      input({
        final: { resource: run, steps },
        logTails: new Map([['s2', tail]]),
        stepUrl: (id) => (id === 's1' ? undefined : web(id)),
        settings: settings({ 'base-url': 'https://ci.example.test' }),
      }),
    );
    expect(doc.data.steps.map((step) => [step.id, step.webUrl, step.logTail])).toEqual([
      ['s1', undefined, undefined],
      ['s2', web('s2'), tail],
      ['s3', web('s3'), undefined],
    ]);
    expect(doc.sections.map((section) => section.kind)).toEqual(['steps', 'failures', 'env', 'notes']);
    const failures = doc.sections[1];
    expect(failures?.kind === 'failures' && failures.items).toEqual([
      {
        order: 1,
        name: 'a',
        icon: '✖',
        verb: 'failed',
        lastLines: [],
        earlierLines: 0,
        log: 'unreadable',
        link: { kind: 'link', url: `${run.url}/steps/1/log`, label: 'Full log' },
      },
      {
        order: 2,
        name: 'b',
        icon: '✖',
        verb: 'failed',
        firstError: 'error: b broke',
        lastLines: ['compiling', 'error: b broke'],
        earlierLines: 7,
        log: 'read',
        // A page of our own making keeps its query off the API's origin; a log URL would not.
        link: { kind: 'link', url: web('s2'), label: 'Open the step' },
      },
    ]);
    const [table] = doc.sections;
    expect(table?.kind === 'steps' && table.rows.map((row) => row.page?.url)).toEqual([
      undefined,
      web('s2'),
      web('s3'),
    ]);
  });

  it('link to their logs when no stepUrl is given', () => {
    const doc = buildSummary(
      input({
        final: { resource: run, steps },
        settings: settings({ 'base-url': 'https://ci.example.test' }),
      }),
    );
    const failures = doc.sections[1];
    expect(failures?.kind === 'failures' && failures.items.map((item) => item.link?.label)).toEqual([
      'Full log',
      'Full log',
    ]);
  });
});

describe('both renderers', () => {
  it('show every labelled field and section of the same document', () => {
    const doc = summaryDoc(full());
    const html = renderSummary(doc);
    const text = renderSummaryText(doc);
    for (const { label } of doc.fields) {
      expect(html, label).toContain(`<th align="left">${label}</th>`);
      expect(text, label).toMatch(new RegExp(`^${label}: +\\S`, 'm'));
    }
    for (const { title } of doc.sections) {
      expect(html, title).toContain(`<h3>${title}`);
      expect(text, title).toMatch(new RegExp(`^${title}\\b`, 'm'));
    }
    for (const value of [
      'build-and-test',
      'acme/web',
      'main',
      '3m12s',
      '2026-11-05 10:03:12 UTC',
      'DEPLOY_ENV',
    ]) {
      expect(html, value).toContain(value);
      expect(text, value).toContain(value);
    }
  });

  it('hold no field list of their own', () => {
    for (const file of ['summary-html.ts', 'summary-text.ts']) {
      const source = readFileSync(new URL(`../../../src/core/report/${file}`, import.meta.url), 'utf8');
      for (const label of FIELD_LABELS) expect(source, `${file}: ${label}`).not.toContain(`'${label}'`);
    }
  });
});

describe('toSummaryStep', () => {
  it('builds steps from API steps', () => {
    const step: Step = {
      id: 's1',
      order: 2,
      name: 'build',
      status: 'finished',
      result: 'passed',
      startedAt: new Date('2026-11-05T10:00:00Z'),
      finishedAt: new Date('2026-11-05T10:00:42Z'),
      logUrl: 'https://ci.example.test/log',
      artifactsUrl: null,
    };
    expect(toSummaryStep(step)).toEqual({
      id: 's1',
      order: 2,
      name: 'build',
      status: 'finished',
      result: 'passed',
      durationMs: 42_000,
      logUrl: 'https://ci.example.test/log',
      artifactsUrl: null,
    });
  });
});
