// GitHub's error bodies: `message`, `documentation_url` and, on current GitHub, `status` as a string.
import type { FakeResponse } from './types.ts';

const REST_DOCS = 'https://docs.github.com/rest';

export function errorResponse(
  status: number,
  message: string,
  documentationUrl: string = REST_DOCS,
  extra: Record<string, unknown> = {},
): FakeResponse {
  return { status, body: { message, documentation_url: documentationUrl, ...extra, status: String(status) } };
}

export function notFound(documentationUrl?: string): FakeResponse {
  return errorResponse(404, 'Not Found', documentationUrl);
}

/** The body GitHub's model validations answer with: "Validation Failed" and one entry per field. */
export function validationFailed(
  documentationUrl: string,
  resource: string,
  field: string,
  message: string,
): FakeResponse {
  return errorResponse(422, 'Validation Failed', documentationUrl, {
    errors: [{ resource, code: 'custom', field, message }],
  });
}

/** The body GitHub's request-schema checks answer with. */
export function invalidRequest(documentationUrl: string, reasons: readonly string[]): FakeResponse {
  return errorResponse(422, `Invalid request.\n\n${reasons.join('\n')}`, documentationUrl);
}

export function noCommitFor(documentationUrl: string, ref: string): FakeResponse {
  return errorResponse(422, `No commit found for SHA: ${ref}`, documentationUrl);
}
