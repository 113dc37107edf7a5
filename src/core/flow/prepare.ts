// Everything that can be checked is checked before the trigger, so a mistake costs no run.
import { isLoopbackHost } from '../../api/proxy.ts';
import type { Build, Run } from '../../api/types.ts';
import { resolveTarget, resolveWorkflowApplicationId, type Resolved } from '../resolve.ts';
import type { FlowContext } from './context.ts';
import type { CallOptions, CiApi } from '../api-port.ts';

export interface Prepared {
  resolved: Resolved;
  before: Before;
  /** Set when the flow waits for the whole workflow. */
  workflowApplicationId: string | undefined;
}

interface Before {
  /** Durations of the target's recent finished runs or builds, which pace the polling. */
  history: number[];
  runs: Run[];
  builds: Build[];
  /** The application's newest builds, on the port given (the flow's by default). */
  listBuilds?: (port?: CiApi, call?: CallOptions) => Promise<Build[]>;
}

/** Resolves the target; undefined when cancelled before anything was triggered. */
export async function prepare(context: FlowContext): Promise<Prepared | undefined> {
  const { client, settings, cancel } = context;
  warnIfCleartext(context);
  const resolving = resolveTarget(client, settings);
  await context.resolved?.(resolving);
  const resolved = await resolving;
  const workflowApplicationId =
    settings.wait && settings.waitFor === 'workflow'
      ? await resolveWorkflowApplicationId(client, settings)
      : undefined;
  const before = await lookBefore(context, resolved);
  if (cancel.signal.aborted && resolved.kind !== 'attach') return undefined;
  return { resolved, before, workflowApplicationId };
}

/** The token in clear over a network is worth a warning; on loopback (the emulator, a tunnel) it is not. */
function warnIfCleartext({ settings, log }: FlowContext): void {
  const url = new URL(settings.baseUrl);
  if (url.protocol !== 'http:' || !settings.token || isLoopbackHost(url.hostname)) return;
  log.warning(
    `\`base-url\` uses plain http to ${url.host}: the token travels in clear and anyone on the network ` +
      'path can read it. Use https unless this network is private to you.',
  );
}

/**
 * One read before each trigger serves twice: the newest runs are the watermark that makes a lost
 * trigger response recoverable (the search after it reads the same page), and their durations pace
 * the polling.
 */
export async function lookBefore({ client, settings }: FlowContext, resolved: Resolved): Promise<Before> {
  if (resolved.kind === 'run') {
    const runs = await client.listRuns({ pipelineId: resolved.pipelineId, limit: client.pageSize });
    return { runs, builds: [], history: durations(runs) };
  }
  const target = settings.target;
  if (resolved.kind === 'build' && target.kind === 'application') {
    const list = (port = client, call?: CallOptions) =>
      port.listBuilds(target.owner, target.application, { limit: port.pageSize }, call);
    const builds = await list();
    return { runs: [], builds, history: durations(builds), listBuilds: list };
  }
  return { runs: [], builds: [], history: [] };
}

function durations(resources: ReadonlyArray<Run | Build>): number[] {
  return resources
    .filter((resource) => resource.status === 'finished' && resource.startedAt && resource.finishedAt)
    .map((resource) => resource.finishedAt!.getTime() - resource.startedAt!.getTime())
    .filter((ms) => ms > 0);
}
