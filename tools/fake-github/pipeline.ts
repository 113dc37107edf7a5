// One request, in GitHub's order: route, authenticate, parse, validate (schema, unknown fields, GitHub's own
// rules), inject a fault, handle; then the answer is checked against the description's response schema.
// Every refusal the description or GitHub's rules call for is also recorded as a violation.
import type { OpenAPIBackend, Operation } from 'openapi-backend';
import { documentationUrl, documentedStatuses, requestBodySchema } from './backend.ts';
import { errorResponse, invalidRequest, notFound } from './errors.ts';
import { faultResponse } from './fault-responses.ts';
import type { FaultKind, Faults } from './faults.ts';
import { HANDLERS } from './handlers/index.ts';
import { operationInfo } from './operations.ts';
import { describeSchemaErrors, unknownFields } from './request-check.ts';
import { checkRules } from './rules.ts';
import type { Store } from './store.ts';
import type {
  FakeResponse,
  OperationCall,
  RecordedRequest,
  Urls,
  Violation,
  ViolationKind,
} from './types.ts';

export interface PipelineDeps {
  api: OpenAPIBackend;
  store: Store;
  faults: Faults;
  urls: Urls;
  report: (violation: Violation) => void;
  clock: () => Date;
}

export interface Incoming {
  method: string;
  url: URL;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  /** GitHub's `x-github-request-id`, quoted in rate-limit messages. */
  requestId: string;
}

export interface Outcome {
  response: FakeResponse;
  /** The operation took effect, and the connection is to be destroyed with no answer. */
  lose: boolean;
  fault?: FaultKind;
}

interface Refusal {
  kind: ViolationKind;
  message: string;
  response: FakeResponse;
  errors?: unknown[];
}

type RouterRequest = Parameters<OpenAPIBackend['validateRequest']>[0];

export function handleIncoming(deps: PipelineDeps, incoming: Incoming, entry: RecordedRequest): Outcome {
  const request: RouterRequest = {
    method: incoming.method,
    path: incoming.url.pathname,
    query: incoming.url.search.slice(1),
    headers: incoming.headers as Record<string, string | string[]>,
  };
  const operation = deps.api.matchOperation(request);
  entry.operationId = operation?.operationId;
  const authorization = headerValue(incoming.headers.authorization);
  entry.token = /^(?:token|bearer)\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  const checked = operation?.operationId
    ? accept(deps.api, operation, request, incoming, { token: entry.token, authorization })
    : {
        kind: 'not-implemented' as const,
        message: `${incoming.method} ${incoming.url.pathname}: not implemented by the fake`,
        response: notFound(),
      };
  if ('response' in checked) {
    deps.report({
      kind: checked.kind,
      method: incoming.method,
      path: incoming.url.pathname,
      ...(operation?.operationId ? { operationId: operation.operationId } : {}),
      message: checked.message,
      ...(checked.errors ? { errors: checked.errors } : {}),
    });
    return { response: checked.response, lose: false };
  }
  return run(deps, operation!, checked.call, { docs: checked.docs, requestId: incoming.requestId });
}

interface Accepted {
  call: OperationCall;
  docs: string;
}

interface Credentials {
  token: string | undefined;
  authorization: string | undefined;
}

/** The call, or why GitHub refuses it. */
function accept(
  api: OpenAPIBackend,
  operation: Operation,
  request: RouterRequest,
  incoming: Incoming,
  { token, authorization }: Credentials,
): Accepted | Refusal {
  if (token === undefined) {
    const message = authorization === undefined ? 'Requires authentication' : 'Bad credentials';
    const reason = `${message}: no "token X" or "Bearer X" Authorization`;
    return { kind: 'unauthenticated', message: reason, response: errorResponse(401, message) };
  }
  const docs = documentationUrl(operation);
  let body: unknown;
  try {
    body = incoming.rawBody === '' ? undefined : JSON.parse(incoming.rawBody);
  } catch {
    return {
      kind: 'malformed-json',
      message: 'The body is not JSON',
      response: errorResponse(400, 'Problems parsing JSON', docs),
    };
  }
  const validation = api.validateRequest({ ...request, body }, operation);
  if (validation.errors) {
    const seen = api.router.parseRequest({ ...request, body }, operation);
    const where = { requestBody: body, query: seen.query, path: seen.params };
    const complaint = describeSchemaErrors(validation.errors, where);
    const response = complaint.status === 404 ? notFound(docs) : invalidRequest(docs, complaint.reasons);
    return {
      kind: 'request-schema',
      message: complaint.reasons.join(' '),
      response,
      errors: validation.errors,
    };
  }
  const unknown = unknownFields(requestBodySchema(operation), body);
  if (unknown.length > 0) {
    const reasons = unknown.map((field) => `"${field}" is not a permitted key.`);
    return { kind: 'unknown-field', message: reasons.join(' '), response: invalidRequest(docs, reasons) };
  }
  // With coerceTypes, the validated (and typed) parameters: check_run_id a number, per_page a number.
  const coerced = (validation.coerced ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
  };
  const call: OperationCall = {
    operationId: operation.operationId!,
    params: coerced.params ?? {},
    query: coerced.query ?? {},
    body: (body ?? {}) as Record<string, unknown>,
    url: incoming.url,
  };
  const broken = checkRules(call.operationId, call.body, docs);
  return broken ? { kind: 'github-rule', message: broken.reason, response: broken.response } : { call, docs };
}

interface RunContext {
  docs: string;
  requestId: string;
}

function run(
  deps: PipelineDeps,
  operation: Operation,
  call: OperationCall,
  { docs, requestId }: RunContext,
): Outcome {
  const fault = deps.faults.take(call);
  if (fault && fault.kind !== 'lost') {
    const context = {
      documentationUrl: docs,
      permission: operationInfo(call.operationId)?.permission ?? 'metadata=read',
      requestId,
      now: deps.clock(),
    };
    return { response: faultResponse(fault, context), lose: false, fault: fault.kind };
  }
  const handler = HANDLERS[call.operationId]!;
  const response = handler({ store: deps.store, urls: deps.urls, call, docs });
  checkResponse(deps, operation, call, response);
  return { response, lose: fault?.kind === 'lost', ...(fault ? { fault: fault.kind } : {}) };
}

/** The fake's own answers must satisfy the description too; a failure is a bug in the fake, surfaced. */
function checkResponse(
  deps: PipelineDeps,
  operation: Operation,
  call: OperationCall,
  response: FakeResponse,
): void {
  if (response.contentType !== undefined) return;
  const documented = documentedStatuses(operation);
  const where = {
    method: operation.method.toUpperCase(),
    path: call.url.pathname,
    operationId: call.operationId,
  };
  if (documented.includes(String(response.status))) {
    const result = deps.api.validateResponse(response.body, operation, response.status);
    if (result.errors) {
      const message = `the fake's ${response.status} answer does not match the description`;
      deps.report({ kind: 'response-schema', ...where, message, errors: result.errors });
    }
  } else if (response.status < 300) {
    const message = `the fake answered ${response.status}, which the description does not list`;
    deps.report({ kind: 'response-schema', ...where, message });
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
