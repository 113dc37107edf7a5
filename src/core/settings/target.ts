// Which inputs select the target: exactly one of `pipeline-id`, `pipeline`, `application-id`, `run-id`, or
// `application` alone. `application` may accompany `pipeline-id` and `run-id` (it names the application whose
// workflows `wait-for: workflow` reads) and `pipeline` (if it names the same application).
import type { Problems } from './problems.ts';
import { quote } from './problems.ts';
import { readApplicationName, readId, readPipelineName } from './values.ts';

export type Target =
  | { kind: 'pipeline-id'; pipelineId: string }
  | { kind: 'pipeline'; owner: string; application: string; pipeline: string }
  | { kind: 'application-id'; applicationId: string }
  | { kind: 'application'; owner: string; application: string }
  | { kind: 'run-id'; runId: string };

export interface TargetInputs {
  'pipeline-id': string;
  pipeline: string;
  'application-id': string;
  application: string;
  'run-id': string;
}

export interface TargetReading {
  /** The kind the inputs ask for; undefined when no target or several are given. */
  kind?: Target['kind'];
  /** The target, when its kind is clear and its value is valid. */
  target?: Target;
  /** The `application` input when it accompanies a run target. */
  application?: { owner: string; name: string };
}

const SELECTORS = ['pipeline-id', 'pipeline', 'application-id', 'run-id'] as const;

const WAYS =
  'Set exactly one of: `pipeline-id: <id>` or `pipeline: owner/application/pipeline` to trigger a run; ' +
  '`application-id: <id>` or `application: owner/application` to trigger a classic build; ' +
  '`run-id: <id>` to follow an existing run.';

export function readTarget(values: TargetInputs, problems: Problems): TargetReading {
  const pipelineId = readId('pipeline-id', values['pipeline-id'], problems);
  const pipeline = readPipelineName(values.pipeline, problems);
  const applicationId = readId('application-id', values['application-id'], problems);
  const application = readApplicationName(values.application, problems);
  const runId = readId('run-id', values['run-id'], problems);

  const given = SELECTORS.filter((name) => values[name] !== '');
  const [kind, ...others] = given;
  if (kind === undefined) {
    if (values.application !== '') {
      return {
        kind: 'application',
        ...(application && {
          target: { kind: 'application', owner: application.owner, application: application.name },
        }),
      };
    }
    problems.addCombination(
      ['pipeline-id', 'pipeline', 'application-id', 'application', 'run-id'],
      'none is set, so there is nothing to trigger or follow.',
      WAYS,
    );
    return {};
  }
  if (others.length > 0) {
    const hint = given.includes('run-id')
      ? `To follow an existing run, keep only \`run-id\`; to trigger a new one, remove \`run-id\`. ${WAYS}`
      : WAYS;
    problems.addCombination(
      [kind, ...others],
      `${others.length === 1 ? 'both' : 'all of them'} select a target, but exactly one may be set.`,
      hint,
    );
    return {};
  }

  switch (kind) {
    case 'application-id':
      if (values.application !== '') {
        problems.addCombination(
          ['application-id', 'application'],
          'both name the application to build; give it only once.',
          'Keep either `application-id: <id>` or `application: owner/application`.',
        );
        return { kind };
      }
      return { kind, ...(applicationId && { target: { kind, applicationId } }) };
    case 'pipeline': {
      if (pipeline && application && !sameApplication(pipeline, application)) {
        problems.addCombination(
          ['application', 'pipeline'],
          `\`application\` is ${quote(values.application)} but the pipeline belongs to ` +
            `${quote(`${pipeline.owner}/${pipeline.application}`)}; with \`pipeline\`, \`application\` may only ` +
            'repeat the pipeline’s owner and application.',
          'Remove `application`: `pipeline` already names the application whose workflows are read.',
        );
        return { kind };
      }
      return {
        kind,
        ...(pipeline && { target: { kind, ...pipeline } }),
        ...(application && { application }),
      };
    }
    case 'pipeline-id':
      return {
        kind,
        ...(pipelineId && { target: { kind, pipelineId } }),
        ...(application && { application }),
      };
    case 'run-id':
      return { kind, ...(runId && { target: { kind, runId } }), ...(application && { application }) };
  }
}

function sameApplication(
  pipeline: { owner: string; application: string },
  application: { owner: string; name: string },
): boolean {
  // Owner and application names are not case-sensitive on the service (it answers with the owner in lower case).
  return (
    pipeline.owner.toLowerCase() === application.owner.toLowerCase() &&
    pipeline.application.toLowerCase() === application.name.toLowerCase()
  );
}
