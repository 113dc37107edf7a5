// Shared by the fake's tests: the client the action uses, raw requests for what a client would not send, and
// a way to catch Octokit's errors.
import { getOctokit } from '@actions/github';
import type { FakeGitHub } from '../../tools/fake-github/index.ts';

export const SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
export const OTHER_SHA = 'f0e1d2c3b4a5968778695a4b3c2d1e0f98765432';
export const TOKEN = 'ghs_fakeInstallationToken';
export const REPO = { owner: 'acme', repo: 'webapp' };

export type Octokit = ReturnType<typeof getOctokit>;

export function client(gh: FakeGitHub, token = TOKEN): Octokit {
  return getOctokit(token, { baseUrl: gh.apiUrl });
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function raw(
  gh: FakeGitHub,
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; authorization?: string | null } = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.authorization !== null) headers.authorization = options.authorization ?? `token ${TOKEN}`;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const response = await fetch(`${gh.apiUrl}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

export interface OctokitError {
  status: number;
  message: string;
  response?: { headers: Record<string, string | undefined>; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The error a call rejected with; fails the test when it resolved. */
export async function rejection(call: Promise<unknown>): Promise<OctokitError> {
  try {
    await call;
  } catch (error) {
    return error as OctokitError;
  }
  throw new Error('the call succeeded');
}
