// Query strings need type coercion ('20' → 20), bodies must not get it: a client that sends
// `ignoredBranches: "main"` or `value: 1` is wrong, and ajv would quietly turn those into
// `["main"]` and `"1"`. Body fields therefore use `jsType`, checked without any coercion.

type JsType = 'string' | 'array';

interface KeywordError {
  keyword: string;
  message: string;
  params: Record<string, unknown>;
}

type CheckFunction = ((schema: JsType, data: unknown) => boolean) & { errors?: KeywordError[] };

interface KeywordHost {
  addKeyword(definition: { keyword: string; errors: boolean; validate: CheckFunction }): unknown;
}

const check: CheckFunction = (schema, data) => {
  const ok = schema === 'array' ? Array.isArray(data) : typeof data === schema;
  check.errors = ok ? [] : [{ keyword: 'jsType', message: `must be a ${schema}`, params: { type: schema } }];
  return ok;
};

/** An ajv plugin (fastify's `ajv.plugins`): adds the `jsType` keyword. */
export function strictTypesPlugin<T extends KeywordHost>(ajv: T): T {
  ajv.addKeyword({ keyword: 'jsType', errors: true, validate: check });
  return ajv;
}
