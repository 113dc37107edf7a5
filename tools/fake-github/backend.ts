// openapi-backend over the cut description: routing, and request and response validation with Ajv.
import { OpenAPIBackend, type AjvCustomizer, type Document, type Operation } from 'openapi-backend';
import type { OpenApiDocument } from './spec.ts';

// RFC 3339, as GitHub writes it (whole seconds, Z) and as clients may send it (fraction, offset).
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * The description gives `format: uri` together with a default of '' (deployment statuses' `target_url`,
 * `log_url`, `environment_url`), and GitHub does answer ''; so '' passes, anything else must be absolute.
 */
function isUri(value: string): boolean {
  if (value === '') return true;
  try {
    return new URL(value).protocol.length > 1;
  } catch {
    return false;
  }
}

const addFormats: AjvCustomizer = (ajv) => {
  ajv.addFormat('date-time', { type: 'string', validate: (value: string) => DATE_TIME.test(value) });
  ajv.addFormat('uri', { type: 'string', validate: isUri });
  return ajv;
};

/**
 * Quick mode: the validators of an operation are compiled when it is first called (about 60 ms each, 0.7 s for
 * all), and the definition is not re-checked on every start: `checkDefinition` runs once, before caching.
 */
export async function createBackend(document: OpenApiDocument, apiRoot: string): Promise<OpenAPIBackend> {
  const api = new OpenAPIBackend({
    definition: document as unknown as Document,
    apiRoot,
    quick: true,
    strict: true,
    coerceTypes: true,
    ajvOpts: { allErrors: true },
    customizeAjv: addFormats,
  });
  await api.init();
  return api;
}

/** Throws when the cut is not a valid OpenAPI document. */
export function checkDefinition(document: OpenApiDocument): void {
  const checker = new OpenAPIBackend({ definition: document as unknown as Document, validate: false });
  checker.document = structuredClone(document) as unknown as Document;
  checker.validateDefinition();
}

/** Warms the validators of every operation, for callers that would rather pay at start than on first use. */
export function compileAll(api: OpenAPIBackend): void {
  for (const operation of api.getOperations()) {
    const operationId = operation.operationId!;
    api.validator.getRequestValidatorsForOperation(operationId);
    api.validator.getStatusBasedResponseValidatorForOperation(operationId);
  }
}

export function documentationUrl(operation: Operation): string {
  return operation.externalDocs?.url ?? 'https://docs.github.com/rest';
}

/** The statuses the description lists for an operation ('201', '404', 'default', ...). */
export function documentedStatuses(operation: Operation): string[] {
  return Object.keys(operation.responses ?? {});
}

/** The request body's JSON schema, dereferenced. */
export function requestBodySchema(operation: Operation): unknown {
  const body = operation.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined;
  return body?.content?.['application/json']?.schema;
}
