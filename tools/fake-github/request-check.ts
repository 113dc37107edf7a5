// What the schema said about a request, in GitHub's words, and the fields a schema does not know. GitHub
// ignores unknown body fields; the fake refuses them, since a misspelt field is a silent bug against GitHub.
import type { ValidationResult } from 'openapi-backend';

type AjvError = NonNullable<ValidationResult['errors']>[number];
type Json = Record<string, unknown>;

export interface SchemaComplaint {
  /** A bad path parameter means no such resource, as GitHub's router sees it (404); anything else is 422. */
  status: 404 | 422;
  reasons: string[];
}

export function describeSchemaErrors(errors: readonly AjvError[], request: unknown): SchemaComplaint {
  const meaningful = errors.filter((error) => error.keyword !== 'anyOf' && error.keyword !== 'oneOf');
  const reasons = [...new Set((meaningful.length > 0 ? meaningful : errors).map((e) => reason(e, request)))];
  const status = errors.some((error) => error.instancePath.startsWith('/path/')) ? 404 : 422;
  return { status, reasons };
}

function reason(error: AjvError, request: unknown): string {
  const segments = error.instancePath.split('/').slice(1);
  const [where, ...rest] = segments;
  const label = where === 'requestBody' ? 'properties' : (where ?? '');
  const field = rest.length > 0 ? `${label}/${rest.join('/')}` : label;
  const value = shortJson(valueAt(request, segments));
  const params = error.params as Json;
  switch (error.keyword) {
    case 'required':
      return params.missingProperty === 'requestBody'
        ? 'A JSON request body is required.'
        : `"${String(params.missingProperty)}" wasn't supplied.`;
    case 'additionalProperties':
      return `"${String(params.additionalProperty)}" is not a permitted key.`;
    case 'enum':
      return `For '${field}', ${value} is not a member of ${JSON.stringify(params.allowedValues)}.`;
    case 'type':
      return `For '${field}', ${value} is not ${article(String(params.type))} ${String(params.type)}.`;
    case 'maxItems':
    case 'maxLength':
      return `For '${field}', the value is too long (maximum is ${String(params.limit)}).`;
    default:
      return `For '${field}', ${value} ${error.message ?? 'is invalid'}.`;
  }
}

/** Body fields (at any depth) that the schema does not name, as JSON paths; free-form objects are skipped. */
export function unknownFields(schema: unknown, value: unknown, path = ''): string[] {
  if (!isObject(schema)) return [];
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => unknownFields(schema.items, item, `${path}[${index}]`));
  }
  if (!isObject(value) || isFreeForm(schema)) return [];
  const known = propertiesOf(schema);
  return Object.entries(value).flatMap(([key, child]) => {
    const where = path === '' ? key : `${path}.${key}`;
    return key in known ? unknownFields(known[key], child, where) : [where];
  });
}

function propertiesOf(schema: Json): Json {
  const branches = ['anyOf', 'oneOf', 'allOf'].flatMap((key) =>
    Array.isArray(schema[key]) ? schema[key] : [],
  );
  const merged: Json = {};
  for (const branch of branches as unknown[]) {
    if (isObject(branch) && isObject(branch.properties)) Object.assign(merged, branch.properties);
  }
  return { ...merged, ...(isObject(schema.properties) ? schema.properties : {}) };
}

function isFreeForm(schema: Json): boolean {
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) return true;
  if (isObject(schema.properties)) return false;
  const branches = [schema.anyOf, schema.oneOf, schema.allOf].flatMap((b) => (Array.isArray(b) ? b : []));
  return branches.length === 0 || branches.some((branch) => isObject(branch) && isFreeForm(branch));
}

function valueAt(root: unknown, segments: readonly string[]): unknown {
  let current = root;
  for (const segment of segments) {
    if (!isObject(current) && !Array.isArray(current)) return undefined;
    current = (current as Json)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return current;
}

function shortJson(value: unknown): string {
  const text = value === undefined ? 'the value' : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? 'an' : 'a';
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
