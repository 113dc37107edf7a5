/** The JSON schema of a route's single `:name` path parameter. */
export function idParams(name: string) {
  return { type: 'object', properties: { [name]: { type: 'string' } }, required: [name] };
}
