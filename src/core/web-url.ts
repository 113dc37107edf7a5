// The human page of the remote work. The API's `url` fields need a token, so a browser can't open
// them; the service showed a run at `{origin}/{owner}/{application}/runs/{pipeline}/{run id}` (a step
// at `?step={step id}`) and a classic build on its application's page `{origin}/{owner}/{application}`.
// The run object names its pipeline but not its application, so the application comes from the
// settings; without one, the page is unknown and the API URL stands in.
//
// Every segment and the step's query value are strictly percent-encoded (text/path-segment.ts): the
// links go to outputs, reports and GitHub, and people paste them into quoted strings in scripts.
import { pathSegment } from '../text/path-segment.ts';
import type { Remote } from './model.ts';
import type { RemoteRef } from './refs.ts';
import { workflowApplication, type Settings } from './settings.ts';

export interface WebLinks {
  /** The page of the run or build; the API URL when the page cannot be derived. */
  url: string;
  /** Whether `url` is a page a person can open (false: the API URL stood in). */
  isPage: boolean;
  /** The page of one step of a run; undefined for builds and when there is no run page. */
  step(stepId: string): string | undefined;
}

const MAX_NAME = 200;

type Placing = Pick<Settings, 'baseUrl' | 'target' | 'application'>;

export function webLinks(
  settings: Placing,
  ref: RemoteRef,
  resource: Remote | undefined,
  pipelineName?: string,
): WebLinks {
  const origin = webOrigin(settings.baseUrl);
  const fallback: WebLinks = { url: ref.url, isPage: false, step: () => undefined };
  if (ref.kind === 'build') {
    const app = buildApplication(settings, resource);
    if (!app) return fallback;
    return {
      url: `${origin}/${segment(app.owner)}/${segment(app.name)}`,
      isPage: true,
      step: () => undefined,
    };
  }
  const app = workflowApplication(settings);
  const pipeline = pipelineName ?? runPipelineName(settings, resource);
  if (!app || !pipeline || !usableName(pipeline)) return fallback;
  const url = `${origin}/${segment(app.owner)}/${segment(app.name)}/runs/${segment(pipeline)}/${segment(ref.id)}`;
  return { url, isPage: true, step: (stepId) => `${url}?step=${pathSegment(stepId)}` };
}

/** The service's root: the base URL without its `/api/v3`. */
function webOrigin(baseUrl: string): string {
  return baseUrl.replace(/\/api\/v3$/, '');
}

function runPipelineName(settings: Placing, resource: Remote | undefined): string | undefined {
  if (settings.target.kind === 'pipeline') return settings.target.pipeline;
  const pipeline = resource && 'pipeline' in resource ? resource.pipeline : undefined;
  return pipeline?.name ?? pipeline?.pipelineName;
}

function buildApplication(
  settings: Placing,
  resource: Remote | undefined,
): { owner: string; name: string } | undefined {
  if (settings.target.kind === 'application') {
    return { owner: settings.target.owner, name: settings.target.application };
  }
  const embedded = resource && 'application' in resource ? resource.application : undefined;
  const owner = embedded?.owner?.username ?? embedded?.owner?.name;
  return embedded?.name && owner && usableName(owner) && usableName(embedded.name)
    ? { owner, name: embedded.name }
    : undefined;
}

/**
 * A remote name that can stand in a path: not empty, not too long, and not `.` or `..`, which a URL parser
 * resolves as a dot segment even when percent-encoded. Any other character is encoded, so a name with
 * quotes, controls or bidirectional characters still links its page.
 */
function usableName(name: string): boolean {
  return name.length > 0 && name.length <= MAX_NAME && name !== '.' && name !== '..';
}

/** A path segment; names are encoded whole, so none can add a segment, a query, a scheme or a quote. */
function segment(value: string): string {
  return pathSegment(value);
}
