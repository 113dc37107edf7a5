// What the page tests share: a world with hostile names, and reading pages over plain HTTP.
import { defaultWorld, type Emulator, type WorldFile } from '../../src/emulator/index.ts';
import { DEMO, env, IDS, triggerRun } from './helpers.ts';

export const HOSTILE = '<img src=x onerror=alert(1)>';
export const HOSTILE_ESCAPED = '&lt;img src=x onerror=alert(1)&gt;';
const HOSTILE_APP_ID = '610000000000000000000009';
const HOSTILE_PIPELINE_ID = '620000000000000000000009';
/** Values that must never reach a page. */
export const SECRET_VALUES = ['value-never-shown-4711', 'second-secret-0815'] as const;

const base = structuredClone(defaultWorld);

/** The default world, plus a public application whose every name is markup, owned by a user named so. */
export const hostileWorld: WorldFile = {
  ...base,
  users: [...base.users, { username: 'mallory', name: HOSTILE, token: 'mallory-token' }],
  applications: [
    ...base.applications,
    {
      id: HOSTILE_APP_ID,
      owner: 'mallory',
      name: HOSTILE,
      stack: 6,
      privacy: 'public',
      pipelines: [
        {
          id: HOSTILE_PIPELINE_ID,
          name: HOSTILE,
          steps: [{ name: 'get code' }, { name: HOSTILE, fails: true }],
        },
      ],
    },
  ],
};

export interface PageResponse {
  status: number;
  headers: Headers;
  html: string;
}

/** GETs a page (a path with its query), optionally with extra headers; redirects are not followed. */
export async function page(
  emu: Emulator,
  path: string,
  headers: Record<string, string> = {},
): Promise<PageResponse> {
  const response = await fetch(`${emu.url}${path}`, { headers, redirect: 'manual' });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/**
 * GETs a page the way a browser does with `?token=`: a redirect that sets a cookie is followed once,
 * with that cookie.
 */
export async function browse(emu: Emulator, path: string): Promise<PageResponse> {
  const first = await page(emu, path);
  const location = first.headers.get('location');
  const cookie = first.headers.get('set-cookie')?.split(';')[0];
  if (first.status !== 303 || location === null || cookie === undefined) return first;
  return page(emu, location, { cookie });
}

export function runPagePath(
  owner: string,
  application: string,
  pipeline: string,
  runId: string,
  encode: (segment: string) => string = encodeURIComponent,
): string {
  return `/${[owner, application, 'runs', pipeline, runId].map(encode).join('/')}`;
}

/** A run of the hostile pipeline, triggered by mallory with markup everywhere, finished. */
export async function hostileRun(emu: Emulator): Promise<{ id: string; path: string; failedStepId: string }> {
  const run = await triggerRun(
    emu,
    {
      pipelineId: HOSTILE_PIPELINE_ID,
      branch: HOSTILE,
      message: `${HOSTILE}\n<script>alert(2)</script>\u001b[31mred\u202eevil`,
      envVars: [{ key: HOSTILE, value: SECRET_VALUES[0] }, ...env({ EMULATOR_STEP_MS: 10 })],
    },
    'mallory-token',
  );
  emu.control.advance(60_000);
  const steps = (await (await fetch(`${emu.url}/api/v3/runs/${run.id}/steps`)).json()) as {
    id: string;
    result: string;
  }[];
  const failedStepId = steps.find((step) => step.result === 'failed')?.id ?? '';
  return { id: run.id, path: runPagePath('mallory', HOSTILE, HOSTILE, run.id), failedStepId };
}

/** A run of acme/webapp's build pipeline by demo, with secret values, left where the clock is. */
export async function webappRun(
  emu: Emulator,
  vars: Record<string, string | number> = {},
): Promise<{ id: string; path: string }> {
  const run = await triggerRun(
    emu,
    {
      pipelineId: IDS.build,
      envVars: env({ DEPLOY_KEY: SECRET_VALUES[0], OTHER: SECRET_VALUES[1], ...vars }),
    },
    DEMO,
  );
  return { id: run.id, path: runPagePath('acme', 'webapp', 'build', run.id) };
}

/** The step ids of a run, in order, with their results. */
export async function stepsOf(
  emu: Emulator,
  runId: string,
  token = DEMO,
): Promise<{ id: string; result: string; step?: string }[]> {
  const response = await fetch(`${emu.url}/api/v3/runs/${runId}/steps`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as { id: string; result: string; step?: string }[];
}
