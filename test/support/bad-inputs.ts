// Bad action inputs, one mistake per row. Each `inputs` is a complete set of the action's inputs that is valid
// except for that mistake, so the action must fail naming `input` (with `fragment` in the message) and send nothing.

import { INPUT_DEFAULTS } from '../../src/core/settings.ts';
import { LEAK_TOKEN } from './token-leaks.ts';

export interface BadInput {
  name: string;
  inputs: Record<string, string>;
  /** The input the error must name. */
  input: string;
  /** Text the error message must contain. */
  fragment: string;
}

export const PIPELINE_ID = '5f8e3c2a9b1d4e6f7a8b9c0d';
export const APPLICATION_ID = '5f8e3c2a9b1d4e6f7a8b9c01';
export const RUN_ID = '5f8e3c2a9b1d4e6f7a8b9c02';
export const COMMIT = '0123456789abcdef0123456789abcdef01234567';

/** A valid, complete set of inputs: action.yml's defaults plus a local base URL, a token and a pipeline id. */
export function validInputs(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    ...INPUT_DEFAULTS,
    'base-url': 'http://127.0.0.1:1',
    token: LEAK_TOKEN,
    'pipeline-id': PIPELINE_ID,
    ...overrides,
  };
}

const noPipelineId = { 'pipeline-id': '' };

function row(name: string, overrides: Record<string, string>, input: string, fragment: string): BadInput {
  return { name, inputs: validInputs(overrides), input, fragment };
}

export const BAD_INPUTS: BadInput[] = [
  // base-url
  row('base-url missing', { 'base-url': '' }, 'base-url', 'a value is required'),
  row('base-url without scheme', { 'base-url': 'localhost:1' }, 'base-url', 'only http and https'),
  row('base-url host without scheme', { 'base-url': 'ci.example.com' }, 'base-url', 'not an absolute'),
  row('base-url ftp', { 'base-url': 'ftp://127.0.0.1:1' }, 'base-url', 'only http and https'),
  row('base-url with query', { 'base-url': 'http://127.0.0.1:1/?token=x' }, 'base-url', 'query string'),
  row(
    'base-url with the token in its query',
    { 'base-url': `http://127.0.0.1:1/?token=${LEAK_TOKEN}` },
    'base-url',
    'query string',
  ),
  row(
    'base-url without scheme, with the token',
    { 'base-url': `ci.example.com/?access_token=${LEAK_TOKEN}` },
    'base-url',
    'not an absolute',
  ),
  row('base-url with fragment', { 'base-url': 'http://127.0.0.1:1/#top' }, 'base-url', 'fragment'),
  row('base-url with credentials', { 'base-url': 'http://user:pw@127.0.0.1:1' }, 'base-url', 'credentials'),
  row(
    'base-url inside the API',
    { 'base-url': 'http://127.0.0.1:1/api/v3/runs' },
    'base-url',
    'inside the API',
  ),
  row(
    'log-origins with a path',
    { 'log-origins': 'https://logs.example.com/x' },
    'log-origins',
    'not an origin',
  ),
  row('log-origins not a URL', { 'log-origins': 'logs.example.com' }, 'log-origins', 'not an origin'),
  row('base-url with a space', { 'base-url': 'http://127.0.0.1:1/ci root' }, 'base-url', 'whitespace'),
  // token
  row('token missing for a trigger', { token: '' }, 'token', 'fork'),
  row('token with Bearer prefix', { token: 'Bearer demo-token' }, 'token', '`Bearer `'),
  row('token with a line break', { token: 'demo-token\nsecond-line' }, 'token', 'line break'),
  row('token with non-ASCII', { token: 'demo-tökén' }, 'token', 'printable ASCII'),
  // target selection
  row('no target', noPipelineId, 'pipeline-id', 'nothing to trigger or follow'),
  row(
    'pipeline-id and application-id',
    { 'application-id': APPLICATION_ID },
    'application-id',
    'exactly one',
  ),
  row('pipeline-id and run-id', { 'run-id': RUN_ID }, 'run-id', 'exactly one'),
  row(
    'pipeline and run-id',
    { ...noPipelineId, pipeline: 'acme/shop/build', 'run-id': RUN_ID },
    'run-id',
    'exactly one',
  ),
  row(
    'application-id and application',
    { ...noPipelineId, 'application-id': APPLICATION_ID, application: 'acme/shop' },
    'application',
    'only once',
  ),
  row(
    'pipeline and a different application',
    { ...noPipelineId, pipeline: 'acme/shop/build', application: 'acme/other' },
    'application',
    'may only repeat',
  ),
  row(
    'pipeline with two parts',
    { ...noPipelineId, pipeline: 'acme/shop' },
    'pipeline',
    'owner/application/pipeline',
  ),
  row(
    'pipeline with an empty part',
    { ...noPipelineId, pipeline: 'acme//build' },
    'pipeline',
    'three non-empty',
  ),
  row(
    'pipeline with four parts',
    { ...noPipelineId, pipeline: 'acme/shop/build/x' },
    'pipeline',
    'three non-empty',
  ),
  row(
    'application with three parts',
    { ...noPipelineId, application: 'acme/shop/x' },
    'application',
    'owner/application',
  ),
  row('application with a space', { application: 'acme/my shop' }, 'application', 'whitespace'),
  // ids
  row('pipeline-id with a space', { 'pipeline-id': '5f8e3c2a 9b1d4e6f' }, 'pipeline-id', '24 hexadecimal'),
  row('pipeline-id with a slash', { 'pipeline-id': 'acme/shop' }, 'pipeline-id', 'contains `/`'),
  row('pipeline-id as a URL', { 'pipeline-id': 'https://ci.example.com/p/1' }, 'pipeline-id', 'is a URL'),
  row(
    'application-id with a question mark',
    { ...noPipelineId, 'application-id': 'abc?x=1' },
    'application-id',
    'contains `?`',
  ),
  row('run-id with a hash sign', { ...noPipelineId, 'run-id': 'abc#1' }, 'run-id', 'contains `#`'),
  row('run-id ..', { ...noPipelineId, 'run-id': '..' }, 'run-id', 'other than letters'),
  row('source-run-id .', { 'source-run-id': '.' }, 'source-run-id', 'other than letters'),
  row(
    'pipeline climbing with ..',
    { ...noPipelineId, pipeline: '../../x' },
    'pipeline',
    'nor be `.` or `..`',
  ),
  row(
    'pipeline named ..',
    { ...noPipelineId, pipeline: 'acme/shop/..' },
    'pipeline',
    'may not be `.` or `..`',
  ),
  row('application named .', { application: 'acme/.' }, 'application', '`.` or `..`'),
  row('source-run-id with a space', { 'source-run-id': 'abc def' }, 'source-run-id', 'whitespace'),
  // branch, commit
  row('commit too short', { branch: 'main', commit: 'abc1234' }, 'commit', 'short hash'),
  row('commit not hex', { branch: 'main', commit: 'z'.repeat(40) }, 'commit', '40 hexadecimal'),
  row('commit without branch', { commit: COMMIT }, 'commit', 'needs `branch`'),
  row('branch with a space', { branch: 'my branch' }, 'branch', 'whitespace'),
  row('branch as a full ref', { branch: 'refs/heads/main' }, 'branch', '`refs/heads/`'),
  row('branch with ..', { branch: 'a..b' }, 'branch', '`..`'),
  // nothing is triggered with run-id
  row('branch with run-id', { ...noPipelineId, 'run-id': RUN_ID, branch: 'main' }, 'branch', 'existing run'),
  row(
    'message with run-id',
    { ...noPipelineId, 'run-id': RUN_ID, message: 'hello' },
    'message',
    'existing run',
  ),
  row(
    'env-vars with run-id',
    { ...noPipelineId, 'run-id': RUN_ID, 'env-vars': 'A=1' },
    'env-vars',
    'existing run',
  ),
  row(
    'source-run-id with run-id',
    { ...noPipelineId, 'run-id': RUN_ID, 'source-run-id': RUN_ID },
    'source-run-id',
    'existing run',
  ),
  row(
    'source-run-id with a build',
    { ...noPipelineId, 'application-id': APPLICATION_ID, 'source-run-id': RUN_ID },
    'source-run-id',
    'classic build',
  ),
  // env-vars
  row('env-vars key starting with a digit', { 'env-vars': '1ABC=x' }, 'env-vars', 'line 1'),
  row('env-vars key with a dash', { 'env-vars': 'A=1\nMY-VAR=2' }, 'env-vars', 'line 2'),
  row('env-vars line without =', { 'env-vars': 'A=1\n# ok\njust text' }, 'env-vars', 'line 3'),
  row('env-vars unclosed heredoc', { 'env-vars': 'A=1\nB<<EOF\nx\n' }, 'env-vars', 'never closed'),
  row('env-vars heredoc without delimiter', { 'env-vars': 'B<<' }, 'env-vars', 'no delimiter'),
  row('env-vars invalid JSON', { 'env-vars': '[{"key": "A", "value": "1"' }, 'env-vars', 'not valid JSON'),
  row('env-vars JSON of strings', { 'env-vars': '["A=1"]' }, 'env-vars', 'index 0'),
  row(
    'env-vars JSON null value',
    { 'env-vars': '[{"key":"A","value":"1"},{"key":"B","value":null}]' },
    'env-vars',
    'index 1',
  ),
  row('env-vars JSON unknown property', { 'env-vars': '[{"name":"A","value":"1"}]' }, 'env-vars', '"name"'),
  // booleans and choices
  row('wait yes', { wait: 'yes' }, 'wait', '`true` and `false`'),
  row('abort-on-cancel on', { 'abort-on-cancel': 'on' }, 'abort-on-cancel', '`true` and `false`'),
  row('propagate-failure 1', { 'propagate-failure': '1' }, 'propagate-failure', '`true` and `false`'),
  row('summary enabled', { summary: 'enabled' }, 'summary', '`true` and `false`'),
  row('wait-for all', { 'wait-for': 'all' }, 'wait-for', '`run`, `workflow`'),
  // retries
  row('retries not a number', { retries: 'twice' }, 'retries', 'not a whole number from 0 to 5'),
  row('retries above 5', { retries: '6' }, 'retries', 'not a whole number from 0 to 5'),
  row('retries negative', { retries: '-1' }, 'retries', 'not a whole number from 0 to 5'),
  row('retries a fraction', { retries: '1.5' }, 'retries', 'not a whole number from 0 to 5'),
  row('retries with wait false', { retries: '2', wait: 'false' }, 'retries', '`wait: false`'),
  row('retries with run-id', { ...noPipelineId, 'run-id': RUN_ID, retries: '1' }, 'retries', '`run-id`'),
  row(
    'wait-for workflow with pipeline-id alone',
    { 'wait-for': 'workflow' },
    'wait-for',
    'application: owner/application',
  ),
  row(
    'wait-for workflow with run-id alone',
    { ...noPipelineId, 'run-id': RUN_ID, 'wait-for': 'workflow' },
    'wait-for',
    'application: owner/application',
  ),
  row(
    'wait-for workflow with a build',
    { ...noPipelineId, application: 'acme/shop', 'wait-for': 'workflow' },
    'wait-for',
    'classic build',
  ),
  row('on-timeout cancel', { 'on-timeout': 'cancel' }, 'on-timeout', '`abort`, `leave`'),
  row('step-logs errors', { 'step-logs': 'errors' }, 'step-logs', '`failed`, `all`, `none`'),
  row('step-logs stream', { 'step-logs': 'stream' }, 'step-logs', '`auto`, `live`, `failed`'),
  // durations
  row('timeout words', { timeout: 'soon' }, 'timeout', 'not a duration'),
  row('timeout negative', { timeout: '-5m' }, 'timeout', 'negative'),
  row('timeout in weeks', { timeout: '2w' }, 'timeout', 'unit `w`'),
  row('timeout too long', { timeout: '30d' }, 'timeout', 'too long'),
  row('timeout with exponent', { timeout: '1e3' }, 'timeout', 'not a duration'),
  row('timeout with a trailing bare number', { timeout: '1h30' }, 'timeout', 'not a duration'),
  row('poll-interval below 1s', { 'poll-interval': '500ms' }, 'poll-interval', 'minimum of 1s'),
  row('poll-interval above 1h', { 'poll-interval': '2h' }, 'poll-interval', 'maximum of 1h'),
  row('poll-interval words', { 'poll-interval': 'fast' }, 'poll-interval', 'not a duration'),
  // several targets
  row('51 pipeline ids', { 'pipeline-id': manyIds(51).join('\n') }, 'pipeline-id', 'at most 50'),
  row(
    '51 targets, ids and names mixed',
    { 'pipeline-id': manyIds(26).join('\n'), pipeline: manyNames(25).join('\n') },
    'pipeline',
    'at most 50',
  ),
  row('51 run ids', { ...noPipelineId, 'run-id': manyIds(51).join('\n') }, 'run-id', 'at most 50'),
  row(
    'a pipeline id given twice',
    { 'pipeline-id': `${PIPELINE_ID}\n${APPLICATION_ID}\n${PIPELINE_ID}` },
    'pipeline-id',
    'given twice',
  ),
  row(
    'a pipeline name given twice',
    { ...noPipelineId, pipeline: 'acme/web/build\nACME/web/build' },
    'pipeline',
    'given twice',
  ),
  row('a run id given twice', { ...noPipelineId, 'run-id': `${RUN_ID}\n${RUN_ID}` }, 'run-id', 'given twice'),
  row(
    'wait-for workflow with several targets',
    { ...noPipelineId, pipeline: 'acme/web/build\nacme/web/test', 'wait-for': 'workflow' },
    'wait-for',
    'targets are given',
  ),
  row('fail-fast not a boolean', { 'fail-fast': 'yes' }, 'fail-fast', 'not a boolean'),
  // artifacts
  row(
    'artifacts of a classic build',
    { ...noPipelineId, 'application-id': APPLICATION_ID, artifacts: 'all' },
    'artifacts',
    'classic build',
  ),
  row('artifacts without waiting', { artifacts: 'store', wait: 'false' }, 'artifacts', '`wait: false`'),
  row('artifacts naming a step twice', { artifacts: 'store\nstore' }, 'artifacts', 'twice'),
  row('artifacts mixing all and names', { artifacts: 'all\nstore' }, 'artifacts', 'mixes'),
  row(
    'artifacts-max-size not a size',
    { 'artifacts-max-size': '2 lots' },
    'artifacts-max-size',
    'unknown unit',
  ),
  row(
    'artifacts-max-size a fraction',
    { 'artifacts-max-size': '1.5GB' },
    'artifacts-max-size',
    'whole number',
  ),
  row('artifacts-max-total zero', { 'artifacts-max-total': '0' }, 'artifacts-max-total', 'zero'),
  row(
    'artifacts-extract not a boolean',
    { 'artifacts-extract': 'yes' },
    'artifacts-extract',
    'not a boolean',
  ),
  row('if-no-artifacts unknown', { 'if-no-artifacts': 'fail' }, 'if-no-artifacts', 'allowed'),
  row(
    'outputs-file outside the archive',
    { 'outputs-file': '../secrets.env' },
    'outputs-file',
    'relative path',
  ),
  row('outputs-file absolute', { 'outputs-file': '/etc/passwd' }, 'outputs-file', 'relative path'),
  row(
    'outputs-file without waiting',
    { 'outputs-file': 'outputs.env', wait: 'false' },
    'outputs-file',
    '`wait: false`',
  ),
];

function manyIds(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `5f8e3c2a9b1d4e6f7a${String(index).padStart(6, '0')}`);
}

function manyNames(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `acme/web/pipeline-${index}`);
}
