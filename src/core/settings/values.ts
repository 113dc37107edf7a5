// Checks of single inputs. Each reads one trimmed value, reports what is wrong to `problems` and returns the
// parsed value, or undefined when the value is empty or wrong.
import { normaliseApiUrl } from '../../api/base-url.ts';
import { RequestValidationError } from '../../api/errors.ts';
import { DURATION_FORMS, DurationError, parseDuration } from '../duration.ts';
import type { Problems } from './problems.ts';
import { quote } from './problems.ts';
import { idFault, isSafeId } from '../../api/ids.ts';

export function readBaseUrl(text: string, problems: Problems): string | undefined {
  const example = 'for example `base-url: https://ci.example.com`';
  const add = (problem: string, fix: string) => void problems.add('base-url', problem, fix);
  // A URL with a query, fragment, user info or whitespace may hold a secret: it is never quoted back.
  const shown = /[\s?#@]/.test(text) ? 'the value' : quote(text);
  if (text === '') {
    add('a value is required: the root URL of the CI service.', `Set it, ${example}.`);
    return undefined;
  }
  if (/\s/.test(text)) {
    add('the value contains whitespace.', `Write the URL alone, ${example}.`);
    return undefined;
  }
  const url = problems.parse(
    'base-url',
    TypeError,
    () => new URL(text),
    () => [
      `${shown} is not an absolute http or https URL.`,
      `Write the full URL with its scheme, ${example} (or \`http://\` for a local server).`,
    ],
  );
  if (url === undefined) return undefined;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    add(
      `${shown} uses \`${url.protocol}\`; only http and https URLs are allowed.`,
      `Write the full URL with \`https://\` (or \`http://\` for a local server), ${example}.`,
    );
    return undefined;
  }
  if (url.username !== '' || url.password !== '') {
    add(
      'the URL contains credentials (`user:password@`), which would be sent along and logged.',
      'Remove them from the URL and pass the API token in `token`.',
    );
    return undefined;
  }
  if (text.includes('?')) {
    add(
      `the URL for ${url.origin} has a query string; the service root takes none.`,
      `Remove everything from \`?\` on, ${example}; pass the API token in \`token\`.`,
    );
    return undefined;
  }
  if (text.includes('#')) {
    add(`the URL for ${url.origin} has a fragment (\`#...\`).`, `Remove it, ${example}.`);
    return undefined;
  }
  // The checks above leave normaliseApiUrl one reason to refuse: a path inside the API.
  return problems.parse(
    'base-url',
    RequestValidationError,
    () => normaliseApiUrl(text),
    () => [
      `${shown} points inside the API (\`/api/v3/...\`), not at the service root.`,
      `Cut the URL after \`/api/v3\` or leave \`/api/v3\` out, ${example}.`,
    ],
  );
}

/** `log-origins`: one origin a line (or comma-separated), each plain https, or http when the API is. */
export function readLogOrigins(text: string, apiUrl: string | undefined, problems: Problems): string[] {
  const origins: string[] = [];
  const apiIsHttp = apiUrl?.startsWith('http:') ?? false;
  for (const entry of text.split(/[\n,]/).map((part) => part.trim())) {
    if (entry === '') continue;
    const origin = originOf(entry);
    const shown = /[\s?#@]/.test(entry) ? 'an entry' : quote(entry);
    if (origin === undefined) {
      problems.add(
        'log-origins',
        `${shown} is not an origin (a scheme, a host and an optional port, nothing else).`,
        'Write one origin a line, for example `https://logs.example.com` or `https://storage.example.com:8443`.',
      );
    } else if (origin.startsWith('http:') && !apiIsHttp) {
      problems.add(
        'log-origins',
        `${shown} is plain http while \`base-url\` is https: its logs could be read or changed on the way.`,
        'Use the https origin of that host.',
      );
    } else if (!origins.includes(origin)) {
      origins.push(origin);
    }
  }
  return origins;
}

function originOf(entry: string): string | undefined {
  try {
    const url = new URL(entry);
    const bare = (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash;
    const plain = !url.username && !url.password && !entry.includes('@');
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !bare || !plain) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

export function readToken(text: string, needed: boolean, problems: Problems): string {
  if (text === '') {
    if (needed) {
      problems.add(
        'token',
        'no token was given, but triggering a run or build needs an API token.',
        'Pass it from a secret: `token: ${{ secrets.CI_TOKEN }}`. If the secret exists and the token is still ' +
          'empty, the workflow runs for a pull request from a fork: GitHub does not pass secrets to such ' +
          'workflows, so trigger from `push`, `workflow_dispatch` or a `pull_request_target` workflow that does ' +
          'not run the fork’s code. Only following an existing run (`run-id`) works without a token.',
      );
    }
    return '';
  }
  // The token itself is never repeated in a message.
  if (/^bearer\s/i.test(text)) {
    problems.add(
      'token',
      'the token starts with `Bearer `; the action adds that prefix itself.',
      'Pass the token alone, for example `token: ${{ secrets.CI_TOKEN }}` with the secret holding only the token.',
    );
  } else if (/\s/.test(text)) {
    problems.add(
      'token',
      'the token contains whitespace or a line break, which a token never does.',
      'Store the token alone in the secret, without spaces or extra lines, and pass `token: ${{ secrets.CI_TOKEN }}`.',
    );
  } else if (/[^\x21-\x7e]/.test(text)) {
    problems.add(
      'token',
      'the token contains characters that cannot be sent in an HTTP header (only printable ASCII is allowed).',
      'Check that the secret holds the API token as the service showed it, and nothing else.',
    );
  }
  return text;
}

export function readBoolean(name: string, text: string, fallback: boolean, problems: Problems): boolean {
  if (text === '') return fallback;
  const lower = text.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  problems.add(
    name,
    `${quote(text)} is not a boolean; allowed values are \`true\` and \`false\`.`,
    `Write \`${name}: true\` or \`${name}: false\`, or leave it out for the default (\`${fallback}\`).`,
  );
  return fallback;
}

export function readChoice<T extends string>(
  name: string,
  text: string,
  allowed: readonly [T, ...T[]],
  fallback: T,
  problems: Problems,
): T {
  if (text === '') return fallback;
  const choice = allowed.find((value) => value === text.toLowerCase());
  if (choice !== undefined) return choice;
  const list = allowed.map((value) => `\`${value}\``).join(', ');
  problems.add(
    name,
    `${quote(text)} is not allowed; use one of ${list}.`,
    `Write for example \`${name}: ${fallback}\` (the default, also used when it is left out).`,
  );
  return fallback;
}

const ID_EXAMPLE = 'Ids are 24 hexadecimal characters, like `5f8e3c2a9b1d4e6f7a8b9c0d`';

/** Where each kind of id comes from, for hints. */
const ID_SOURCES: Record<string, string> = {
  'pipeline-id':
    'list the application’s pipelines with `GET /api/v3/applications/<owner>/<application>/pipelines`, ' +
    'or give the pipeline by name with `pipeline: owner/application/pipeline` instead.',
  'application-id':
    'read the `id` of `GET /api/v3/applications/<owner>/<application>`, or give the application by name with ' +
    '`application: owner/application` instead.',
  'run-id':
    'use the `run-id` output of the step that triggered the run, e.g. `${{ steps.<step-id>.outputs.run-id }}`.',
  'source-run-id':
    'use the `run-id` output of the step that ran the source run, e.g. `${{ steps.<step-id>.outputs.run-id }}`.',
};

export function readId(name: string, text: string, problems: Problems): string | undefined {
  if (text === '') return undefined;
  const where = ID_SOURCES[name] ?? '';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    problems.add(name, `${quote(text)} is a URL, not an id.`, `Give only the id. ${ID_EXAMPLE}; ${where}`);
    return undefined;
  }
  const bad = /[\s/\\?#%]|\p{Cc}/u.exec(text)?.[0];
  if (bad !== undefined) {
    const what = /\s|\p{Cc}/u.test(bad) ? 'whitespace or a control character' : `\`${bad}\``;
    problems.add(name, `${quote(text)} is not an id: it contains ${what}.`, `${ID_EXAMPLE}; ${where}`);
    return undefined;
  }
  // The rule the server's own ids pass: nothing that could stand for another path (`.`, `..`).
  if (!isSafeId(text)) {
    problems.add(name, `${quote(text)} is not an id: ${idFault(text)}.`, `${ID_EXAMPLE}; ${where}`);
    return undefined;
  }
  return text;
}

export function readCommit(text: string, problems: Problems): string | undefined {
  if (text === '') return undefined;
  if (/^[0-9a-f]{40}$/i.test(text)) return text.toLowerCase();
  const hint =
    'Pass the full hash, for example `commit: ${{ github.sha }}`, or leave `commit` out to run the latest ' +
    'commit of `branch`.';
  const reason = /^[0-9a-f]{4,39}$/i.test(text)
    ? 'is a short hash; a full commit hash of 40 hexadecimal characters is needed'
    : 'is not a commit hash; it must be 40 hexadecimal characters';
  problems.add('commit', `${quote(text)} ${reason}.`, hint);
  return undefined;
}

export function readBranch(text: string, problems: Problems): string | undefined {
  if (text === '') return undefined;
  const hint =
    'Give the branch name alone, for example `branch: main` or `branch: ${{ github.head_ref || github.ref_name }}`.';
  if (text.startsWith('refs/')) {
    problems.add(
      'branch',
      `${quote(text)} is a full ref; the service takes a branch name without \`refs/heads/\`.`,
      hint,
    );
    return undefined;
  }
  const reason = branchNameFlaw(text);
  if (reason !== undefined) {
    problems.add('branch', `${quote(text)} is not a valid git branch name: ${reason}.`, hint);
    return undefined;
  }
  return text;
}

// The rules of `git check-ref-format --branch` that a branch typed into a workflow can break.
function branchNameFlaw(name: string): string | undefined {
  if (/\s|\p{Cc}/u.test(name)) return 'it contains whitespace or a control character';
  const special = /[~^:?*[\\]/.exec(name)?.[0];
  if (special !== undefined) return `it contains \`${special}\``;
  if (name.includes('..')) return 'it contains `..`';
  if (name.includes('@{')) return 'it contains `@{`';
  if (name.includes('//')) return 'it contains `//`';
  if (name === '@') return 'it is `@`';
  if (name.startsWith('-') || name.startsWith('/')) return `it starts with \`${name[0]}\``;
  if (name.endsWith('/') || name.endsWith('.')) return `it ends with \`${name[name.length - 1]}\``;
  if (name.endsWith('.lock')) return 'it ends with `.lock`';
  if (name.split('/').some((part) => part.startsWith('.'))) return 'a part of it starts with `.`';
  return undefined;
}

/** `owner/application`: two non-empty parts without whitespace. */
export function readApplicationName(
  text: string,
  problems: Problems,
): { owner: string; name: string } | undefined {
  if (text === '') return undefined;
  const parts = text.split('/');
  const hint = 'Write the owner and the application separated by `/`, for example `application: acme/shop`.';
  if (parts.length !== 2 || parts.some((part) => part === '')) {
    problems.add('application', `${quote(text)} is not in the form \`owner/application\`.`, hint);
    return undefined;
  }
  const [owner = '', name = ''] = parts;
  if (!isNamePart(owner) || !isNamePart(name)) {
    problems.add(
      'application',
      `${quote(text)} contains whitespace or one of \`?\`, \`#\`, \`%\`, \`\\\`, or a part that is \`.\` or \`..\`.`,
      hint,
    );
    return undefined;
  }
  return { owner, name };
}

/** `owner/application/pipeline`: three non-empty parts; the pipeline name may contain inner spaces. */
export function readPipelineName(
  text: string,
  problems: Problems,
): { owner: string; application: string; pipeline: string } | undefined {
  if (text === '') return undefined;
  const parts = text.split('/');
  const hint =
    'Write the owner, the application and the pipeline name separated by `/`, for example ' +
    '`pipeline: acme/shop/build`, or give the pipeline by id with `pipeline-id`.';
  if (parts.length !== 3 || parts.some((part) => part.trim() === '')) {
    problems.add(
      'pipeline',
      `${quote(text)} is not in the form \`owner/application/pipeline\` (three non-empty parts).`,
      hint,
    );
    return undefined;
  }
  const [owner = '', application = '', pipeline = ''] = parts;
  if (!isNamePart(owner) || !isNamePart(application)) {
    problems.add(
      'pipeline',
      `${quote(text)}: the owner and the application may not contain whitespace or \`?\`, \`#\`, \`%\`, \`\\\`, nor be \`.\` or \`..\`.`,
      hint,
    );
    return undefined;
  }
  if (isDotSegment(pipeline)) {
    problems.add('pipeline', `${quote(text)}: the pipeline name may not be \`.\` or \`..\`.`, hint);
    return undefined;
  }
  if (pipeline !== pipeline.trim() || /\p{Cc}/u.test(pipeline)) {
    problems.add(
      'pipeline',
      `${quote(text)}: the pipeline name has spaces around it or a control character.`,
      hint,
    );
    return undefined;
  }
  return { owner, application, pipeline };
}

function isNamePart(part: string): boolean {
  return !/[\s?#%\\]|\p{Cc}/u.test(part) && !isDotSegment(part);
}

/** `.` and `..` are read as path segments by every URL parser, even percent-encoded. */
function isDotSegment(part: string): boolean {
  return part === '.' || part === '..';
}

/** `timeout`: empty or zero means no limit. */
export function readTimeout(text: string, problems: Problems): number | undefined {
  if (text === '') return undefined;
  const milliseconds = problems.parse(
    'timeout',
    DurationError,
    () => parseDuration(text),
    (error) => [error.message, `Write ${DURATION_FORMS}; leave it empty or write \`0\` for no limit.`],
  );
  return milliseconds === 0 ? undefined : milliseconds;
}

const MAX_RETRIES = 5;

/** `retries`: a whole number from 0 to 5; empty means 0. */
export function readRetries(text: string, problems: Problems): number {
  if (text === '') return 0;
  if (/^\d{1,3}$/.test(text) && Number(text) <= MAX_RETRIES) return Number(text);
  problems.add(
    'retries',
    `${quote(text)} is not a whole number from 0 to ${MAX_RETRIES}.`,
    'Write for example `retries: 2` to trigger a run that failed by itself up to twice more, or `retries: 0` ' +
      '(the default) for none.',
  );
  return 0;
}

const MIN_POLL_INTERVAL_MS = 1000;
const MAX_POLL_INTERVAL_MS = 60 * 60 * 1000;

export function readPollInterval(text: string, problems: Problems): 'auto' | { fixedMs: number } {
  if (text === '' || text.toLowerCase() === 'auto') return 'auto';
  const hint = `Write \`auto\` (the default) or a fixed interval from \`1s\` to \`1h\`: ${DURATION_FORMS}.`;
  const milliseconds = problems.parse(
    'poll-interval',
    DurationError,
    () => parseDuration(text),
    (error) => [error.message, hint],
  );
  if (milliseconds === undefined) return 'auto';
  if (milliseconds < MIN_POLL_INTERVAL_MS) {
    problems.add('poll-interval', `${quote(text)} is shorter than the minimum of 1s.`, hint);
  } else if (milliseconds > MAX_POLL_INTERVAL_MS) {
    problems.add('poll-interval', `${quote(text)} is longer than the maximum of 1h.`, hint);
  } else {
    return { fixedMs: milliseconds };
  }
  return 'auto';
}
