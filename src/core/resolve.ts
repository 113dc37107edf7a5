// From the settings' target to ids the API takes: pipelines by name, applications by owner/name.
import type { CiApi } from './api-port.ts';
import { failureOf } from '../api/errors.ts';
import { paginate } from './paginate.ts';
import type { Application, Pipeline } from '../api/types.ts';
import { sanitizeLine } from '../text/safety.ts';
import { workflowApplication, type Settings } from './settings.ts';

export type Resolved =
  | { kind: 'run'; pipelineId: string; pipelineName?: string }
  | { kind: 'build'; applicationId: string; application?: Application }
  | { kind: 'attach'; runId: string };

const RUN_PAGES_FOR_NAME = 5;
const MAX_PIPELINE_PAGES = 50;

export async function resolveTarget(client: CiApi, settings: Settings): Promise<Resolved> {
  const target = settings.target;
  switch (target.kind) {
    case 'pipeline-id':
      return { kind: 'run', pipelineId: target.pipelineId };
    case 'run-id':
      return { kind: 'attach', runId: target.runId };
    case 'application-id':
      return { kind: 'build', applicationId: target.applicationId };
    case 'application': {
      const application = await client.getApplication(target.owner, target.application);
      if (application.stack === 6) {
        throw new Error(
          `Input \`application\`: ${target.owner}/${target.application} is a workflow-stack (stack 6) application, ` +
            'and builds exist only on stacks 1 and 5. Trigger a run instead: set `pipeline: ' +
            `${target.owner}/${target.application}/<pipeline>\` or \`pipeline-id\`.`,
        );
      }
      return { kind: 'build', applicationId: application.id, application };
    }
    case 'pipeline': {
      const pipeline = await findPipeline(client, target.owner, target.application, target.pipeline);
      return { kind: 'run', pipelineId: pipeline.id, pipelineName: pipeline.name };
    }
  }
}

async function findPipeline(client: CiApi, owner: string, app: string, name: string): Promise<Pipeline> {
  const label = `${owner}/${app}`;
  let pipelines: Pipeline[] | undefined;
  try {
    pipelines = [];
    // A short page ends the list; so does a page with nothing new (a server that ignores `skip`).
    const listed = paginate((page) => client.listPipelines(owner, app, page), client.pageSize, {
      key: (pipeline) => pipeline.id,
      maxPages: MAX_PIPELINE_PAGES,
    });
    for await (const pipeline of listed) pipelines.push(pipeline);
  } catch (error) {
    // A server without the pipelines list: find the name among the application's runs instead.
    const failure = failureOf(error);
    if (failure !== 'not-found' && failure !== 'not-allowed') throw error;
    pipelines = undefined;
  }
  if (pipelines) {
    const found = pipelines.find((pipeline) => pipeline.name === name || pipeline.pipelineName === name);
    if (found) return found;
    throw new Error(
      `Input \`pipeline\`: ${label} has no pipeline named "${name}". Its pipelines: ` +
        `${pipelines.map((pipeline) => sanitizeLine(pipeline.name, { maxLength: 100 })).join(', ') || 'none'}.`,
    );
  }
  const application = await client.getApplication(owner, app);
  const seen = new Set<string>();
  const runs = paginate(
    (page) => client.listRuns({ applicationId: application.id, ...page }),
    client.pageSize,
    {
      maxPages: RUN_PAGES_FOR_NAME,
    },
  );
  for await (const run of runs) {
    const pipeline = run.pipeline;
    if (!pipeline) continue;
    const pipelineName = pipeline.name ?? pipeline.pipelineName;
    if (pipelineName === name || pipeline.pipelineName === name) {
      return { id: pipeline.id, name: pipelineName ?? name };
    }
    if (pipelineName) seen.add(pipelineName);
  }
  throw new Error(
    `Input \`pipeline\`: no recent run of ${label} belongs to a pipeline named "${name}" (this server does not ` +
      `list pipelines, so names are read from runs). Names seen: ${[...seen].map((seenName) => sanitizeLine(seenName, { maxLength: 100 })).join(', ') || 'none'}. ` +
      'Use `pipeline-id` instead.',
  );
}

export async function resolveWorkflowApplicationId(client: CiApi, settings: Settings): Promise<string> {
  const named = workflowApplication(settings);
  if (!named) {
    throw new Error(
      'Input `wait-for`: `workflow` needs `application: owner/name` to read the workflows from.',
    );
  }
  const application = await client.getApplication(named.owner, named.name);
  return application.id;
}
