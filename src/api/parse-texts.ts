// The remote texts of parsed resources, clipped as remote-text.ts says: every optional text, the texts
// that identify a run or a build (with what they were when cut), env vars and pushed commits.
import { clipRemoteText, clipText, type WholeText } from './remote-text.ts';
import type { IdentityWhole, RemoteEnvVar } from './types.ts';

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An optional text, clipped; anything but a string is undefined. */
export function optText(value: unknown): string | undefined {
  return typeof value === 'string' ? clipText(value) : undefined;
}

const IDENTITY_KEYS = ['branch', 'commitHash', 'message'] as const;

/**
 * `branch`, `commitHash` and `message` of a run or a build, clipped, and under `whole` what each cut one
 * was: the lost-trigger search compares them exactly with what was sent.
 */
export function identityTexts(o: Fields): {
  branch?: string;
  commitHash?: string;
  message?: string;
  whole?: IdentityWhole;
} {
  const texts: { branch?: string; commitHash?: string; message?: string } = {};
  let whole: IdentityWhole | undefined;
  for (const key of IDENTITY_KEYS) {
    const value = o[key];
    if (typeof value !== 'string') continue;
    const clipped = clipRemoteText(value);
    texts[key] = clipped.text;
    if (clipped.whole) (whole ??= {})[key] = clipped.whole;
  }
  return whole ? { ...texts, whole } : texts;
}

/** Env vars as the run shows them: each key and value clipped, with what a cut one was. */
export function parseEnvVars(value: unknown): RemoteEnvVar[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value
    .filter(isFields)
    .filter((item) => typeof item.key === 'string')
    .map((item) => {
      const key = clipRemoteText(item.key as string);
      const text = typeof item.value === 'string' ? item.value : String(item.value ?? '');
      const val = clipRemoteText(text);
      const whole: { key?: WholeText; value?: WholeText } = {
        ...(key.whole ? { key: key.whole } : {}),
        ...(val.whole ? { value: val.whole } : {}),
      };
      return key.whole || val.whole
        ? { key: key.text, value: val.text, whole }
        : { key: key.text, value: val.text };
    });
}

const COMMIT_TEXTS = ['_id', 'commit', 'message', 'by'] as const;

/** Pushed commits: the texts a commit is shown by, clipped; nothing else of what the server sent. */
export function parseCommits(value: unknown): Fields[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(isFields).map((commit) => {
    const kept: Fields = {};
    for (const key of COMMIT_TEXTS) {
      const text = optText(commit[key]);
      if (text !== undefined) kept[key] = text;
    }
    return kept;
  });
}
