import { STATUS_CODES } from 'node:http';

export interface BoomDetail {
  message: string;
  path: string;
  type: string;
  context: Record<string, unknown>;
}

/** The error body real servers sent (hapi/Boom): `{statusCode, error, message}`, plus Joi-style `details`. */
export interface BoomBody {
  statusCode: number;
  error: string;
  message: string;
  details?: BoomDetail[];
}

export class ApiError extends Error {
  readonly statusCode: number;
  readonly details: BoomDetail[] | undefined;

  constructor(statusCode: number, message: string, details?: BoomDetail[]) {
    super(message);
    this.statusCode = statusCode;
    this.details = details;
  }
}

export function boom(statusCode: number, message?: string, details?: BoomDetail[]): BoomBody {
  const error = STATUS_CODES[statusCode] ?? 'Unknown';
  return { statusCode, error, message: message ?? error, ...(details ? { details } : {}) };
}

export const badRequest = (message: string, details?: BoomDetail[]) => new ApiError(400, message, details);
export const notFound = (message: string) => new ApiError(404, message);

/** The record looked up, or a 404 that says which (`what`: 'Run r1') was not found. */
export function found<R>(record: R | undefined, what: string): R {
  if (record === undefined) throw notFound(`${what} not found`);
  return record;
}
export const authenticationRequired = () => new ApiError(401, 'Authentication required');
export const invalidToken = () => new ApiError(401, 'You are not authorized to access the resource');
export const forbidden = () => new ApiError(403, 'Not authorized to access this resource');
