// Fastify (ajv) validation errors, told the way real servers (Joi) told them.
import type { FastifySchemaValidationError } from 'fastify';
import { badRequest, type ApiError, type BoomDetail } from './errors.ts';

export function validationError(
  errors: readonly FastifySchemaValidationError[],
  context: string | undefined,
): ApiError {
  const details = errors.map((error) => detailOf(error, context));
  return badRequest(details[0]?.message ?? 'Invalid request', details);
}

function detailOf(error: FastifySchemaValidationError, context: string | undefined): BoomDetail {
  const params = error.params as Record<string, unknown>;
  const segments = error.instancePath.split('/').filter(Boolean);
  const extra = (params.missingProperty ?? params.additionalProperty) as string | undefined;
  if (extra !== undefined) segments.push(extra);
  const path = segments.join('.') || (context ?? 'value');
  const key = segments[segments.length - 1] ?? context ?? 'value';
  const described = describe(error.keyword, labelOf(segments) || key, params, error.message);
  return { message: described.message, path, type: described.type, context: { key, ...described.context } };
}

/** `envVars[0].value`: the field as a client would write it. */
function labelOf(segments: readonly string[]): string {
  return segments.reduce(
    (label, segment) =>
      /^\d+$/.test(segment) ? `${label}[${segment}]` : label ? `${label}.${segment}` : segment,
    '',
  );
}

function describe(
  keyword: string,
  key: string,
  params: Record<string, unknown>,
  fallback: string | undefined,
): { message: string; type: string; context?: Record<string, unknown> } {
  const limit = params.limit;
  switch (keyword) {
    case 'enum': {
      const valids = (params.allowedValues as unknown[]).join(', ');
      return { message: `${key} must be one of ${valids}`, type: 'any.allowOnly', context: { valids } };
    }
    case 'required':
      return { message: `${key} is required`, type: 'any.required' };
    case 'additionalProperties':
      return { message: `${key} is not allowed`, type: 'object.allowUnknown' };
    case 'maximum':
      return {
        message: `${key} must be less than or equal to ${String(limit)}`,
        type: 'number.max',
        context: { limit },
      };
    case 'minimum':
      return {
        message: `${key} must be larger than or equal to ${String(limit)}`,
        type: 'number.min',
        context: { limit },
      };
    case 'maxItems':
      return {
        message: `${key} must contain less than or equal to ${String(limit)} items`,
        type: 'array.max',
        context: { limit },
      };
    case 'minLength':
      if (params.limit === 1) return { message: `${key} is not allowed to be empty`, type: 'any.empty' };
      return {
        message: `${key} length must be at least ${String(limit)} characters long`,
        type: 'string.min',
        context: { limit },
      };
    case 'maxLength':
      return {
        message: `${key} length must be less than or equal to ${String(limit)} characters long`,
        type: 'string.max',
        context: { limit },
      };
    case 'type':
    case 'jsType':
      return {
        message: `${key} must be ${article(String(params.type))}`,
        type: `${String(params.type)}.base`,
      };
    default:
      return { message: `${key} ${fallback ?? 'is invalid'}`, type: `any.${keyword}` };
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
