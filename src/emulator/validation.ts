// The one way the emulator checks what it receives and shapes what it sends: valibot schemas, run by
// fastify through these compilers. A refused request gets the first problem told the way real servers
// (Joi) told it; a response keeps exactly the fields of its schema, in the schema's order.
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import * as v from 'valibot';
import { badRequest, type ApiError, type BoomDetail } from './errors.ts';

type Schema = v.GenericSchema;
type Issue = v.BaseIssue<unknown>;

export const validatorCompiler: FastifySchemaCompiler<Schema> = ({ schema, httpPart }) => {
  return (data: unknown) => {
    const parsed = v.safeParse(schema, data, { abortEarly: false });
    if (parsed.success) return { value: parsed.output };
    return { error: validationError(parsed.issues, httpPart ?? 'value') };
  };
};

/** A view that misses a field of its schema is a bug: the serialiser throws, and the answer is a 500. */
export const serializerCompiler: FastifySerializerCompiler<Schema> =
  ({ schema }) =>
  (data) =>
    JSON.stringify(v.parse(schema, data));

function validationError(issues: readonly [Issue, ...Issue[]], context: string): ApiError {
  const detail = detailOf(firstIssue(issues), context);
  return badRequest(detail.message, [detail]);
}

/** How an issue sits in its object: a missing key, an unknown key, or a problem of a value. */
function rankAt(issue: Issue, level: number): number {
  const item = issue.path?.[level];
  if (!item || level < (issue.path?.length ?? 0) - 1 || item.origin !== 'key') return 2;
  return issue.expected === 'never' ? 1 : 0;
}

/**
 * The issue reported, as a depth-first check reports it: at each object, missing keys first, then
 * unknown keys, then the values in the schema's order (which is valibot's order of issues).
 */
function firstIssue(issues: readonly [Issue, ...Issue[]]): Issue {
  const before = (a: Issue, b: Issue): boolean => {
    const depth = Math.min(a.path?.length ?? 0, b.path?.length ?? 0);
    for (let level = 0; level < depth; level++) {
      const rankA = rankAt(a, level);
      const rankB = rankAt(b, level);
      if (rankA !== rankB) return rankA < rankB;
      if (a.path?.[level]?.key !== b.path?.[level]?.key) return false;
    }
    return (a.path?.length ?? 0) < (b.path?.length ?? 0);
  };
  return issues.reduce((first, issue) => (before(issue, first) ? issue : first));
}

function detailOf(issue: Issue, context: string): BoomDetail {
  const segments = (issue.path ?? []).map((item) => String(item.key));
  const path = segments.join('.') || context;
  const key = segments[segments.length - 1] ?? context;
  const label = segments.reduce(
    (text, segment) =>
      /^\d+$/.test(segment) ? `${text}[${segment}]` : text ? `${text}.${segment}` : segment,
    '',
  );
  const described = describe(issue, label || key);
  return { message: described.message, path, type: described.type, context: { key, ...described.context } };
}

interface Described {
  message: string;
  type: string;
  context?: Record<string, unknown>;
}

function describe(issue: Issue, label: string): Described {
  const limit = issue.requirement;
  const sized = (kind: 'number' | 'string' | 'array', text: string): Described => ({
    message: `${label} ${text}`,
    type: `${kind}.${issue.type.startsWith('min') ? 'min' : 'max'}`,
    context: { limit },
  });
  switch (issue.type) {
    case 'picklist':
      return {
        message: `${label} must be one of ${issue.message}`,
        type: 'any.allowOnly',
        context: { valids: issue.message },
      };
    case 'strict_object':
    case 'loose_object':
      if (issue.expected === 'never')
        return { message: `${label} is not allowed`, type: 'object.allowUnknown' };
      return { message: `${label} is required`, type: 'any.required' };
    case 'min_value':
      return sized('number', `must be larger than or equal to ${String(limit)}`);
    case 'max_value':
      return sized('number', `must be less than or equal to ${String(limit)}`);
    case 'max_length':
      if (Array.isArray(issue.input))
        return sized('array', `must contain less than or equal to ${String(limit)} items`);
      return sized('string', `length must be less than or equal to ${String(limit)} characters long`);
    case 'min_length':
      if (limit === 1) return { message: `${label} is not allowed to be empty`, type: 'any.empty' };
      return sized('string', `length must be at least ${String(limit)} characters long`);
    case 'custom':
      return typeIssue(label, issue.message);
    default:
      return typeIssue(label, issue.type);
  }
}

function typeIssue(label: string, type: string): Described {
  const article = /^[aeiou]/.test(type) ? 'an' : 'a';
  return { message: `${label} must be ${article} ${type}`, type: `${type}.base` };
}
