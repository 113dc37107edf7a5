// GitHub's documented limits and rules for these operations, enforced as GitHub does (422) even where the
// description's schema does not say them: it leaves the 140-character status descriptions, the check-run rules
// around `completed`, and the update's required output title to prose. The limits the schema does carry (50
// annotations, 65535-character summary and text) are checked here too, for variants that might lack them.
import { invalidRequest, validationFailed } from './errors.ts';
import type { FakeResponse } from './types.ts';

type Body = Record<string, unknown>;

export interface RuleFailure {
  reason: string;
  response: FakeResponse;
}

const MAX_DESCRIPTION = 140;
const MAX_OUTPUT_TEXT = 65535;
const MAX_ANNOTATIONS = 50;
const MAX_ANNOTATION_TITLE = 255;
const MAX_ANNOTATION_BYTES = 64 * 1024;
const ACTIONS_ONLY_STATUSES = ['waiting', 'requested', 'pending'];

export function checkRules(
  operationId: string,
  body: Body,
  documentationUrl: string,
): RuleFailure | undefined {
  switch (operationId) {
    case 'repos/create-commit-status':
      return descriptionRule(body, 'Status', documentationUrl);
    case 'repos/create-deployment-status':
      return descriptionRule(body, 'DeploymentStatus', documentationUrl);
    case 'checks/create':
    case 'checks/update': {
      const reason = checkRunReason(body, operationId === 'checks/update');
      return reason === undefined
        ? undefined
        : { reason, response: invalidRequest(documentationUrl, [reason]) };
    }
    default:
      return undefined;
  }
}

function descriptionRule(body: Body, resource: string, documentationUrl: string): RuleFailure | undefined {
  const description = body.description;
  if (typeof description !== 'string' || [...description].length <= MAX_DESCRIPTION) return undefined;
  const reason = `description is too long (maximum is ${MAX_DESCRIPTION} characters)`;
  return { reason, response: validationFailed(documentationUrl, resource, 'description', reason) };
}

function checkRunReason(body: Body, isUpdate: boolean): string | undefined {
  if (body.conclusion === 'stale')
    return 'You cannot set a check run conclusion to "stale"; only GitHub can.';
  if (typeof body.status === 'string' && ACTIONS_ONLY_STATUSES.includes(body.status)) {
    return `Only GitHub Actions can set a status of ${ACTIONS_ONLY_STATUSES.join(', ')}.`;
  }
  const completes = body.status === 'completed' || body.completed_at !== undefined;
  if (completes && body.conclusion === undefined) {
    return '"conclusion" wasn\'t supplied: it is required with a status of completed or a completed_at.';
  }
  return body.output === undefined ? undefined : outputReason(body.output as Body, isUpdate);
}

function outputReason(output: Body, isUpdate: boolean): string | undefined {
  for (const field of ['title', 'summary']) {
    // The update's schema requires only the summary; GitHub documents the title as required there too.
    if (output[field] === undefined)
      return `"${field}" wasn't supplied in output${isUpdate ? ' (required)' : ''}.`;
  }
  for (const field of ['summary', 'text']) {
    const value = output[field];
    if (typeof value === 'string' && [...value].length > MAX_OUTPUT_TEXT) {
      return `output.${field} is too long (maximum is ${MAX_OUTPUT_TEXT} characters).`;
    }
  }
  const annotations = Array.isArray(output.annotations) ? (output.annotations as Body[]) : [];
  if (annotations.length > MAX_ANNOTATIONS) {
    return `Only ${MAX_ANNOTATIONS} annotations are allowed per request; ${annotations.length} were sent.`;
  }
  for (const [index, annotation] of annotations.entries()) {
    const reason = annotationReason(annotation);
    if (reason !== undefined) return `output.annotations[${index}]: ${reason}`;
  }
  return undefined;
}

function annotationReason(annotation: Body): string | undefined {
  const hasColumns = annotation.start_column !== undefined || annotation.end_column !== undefined;
  if (hasColumns && annotation.start_line !== annotation.end_line) {
    return 'start_column and end_column are only supported when start_line equals end_line.';
  }
  if (typeof annotation.title === 'string' && [...annotation.title].length > MAX_ANNOTATION_TITLE) {
    return `title is too long (maximum is ${MAX_ANNOTATION_TITLE} characters).`;
  }
  for (const field of ['message', 'raw_details']) {
    const value = annotation[field];
    if (typeof value === 'string' && Buffer.byteLength(value) > MAX_ANNOTATION_BYTES) {
      return `${field} is too large (maximum is 64 KB).`;
    }
  }
  return undefined;
}
