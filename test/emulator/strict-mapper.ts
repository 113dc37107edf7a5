// What a strict JSON mapper does with a body: every property must be a field of the class it is read
// into, of a type it can take, or the whole call fails. The classes are those of the Java client
// wercker4j (2016), whose mapper fails on unknown properties; their field names and types are facts of its
// entity classes.
import type { Json } from './helpers.ts';

type FieldType = 'string' | 'int' | 'boolean' | 'string[]' | { object: string } | { listOf: string };

const str = 'string' as const;
const user: Record<string, FieldType> = {
  type: str,
  name: str,
  avatar: { object: 'Avatar' },
  userId: str,
  meta: { object: 'Meta' },
};

const WERCKER4J_CLASSES: Record<string, Record<string, FieldType>> = {
  Application: {
    id: str,
    url: str,
    name: str,
    owner: { object: 'User' },
    builds: str,
    deploys: str,
    scm: { object: 'SCM' },
    createdAt: str,
    updatedAt: str,
    privacy: str,
    stack: 'int',
    ignoredBranches: 'string[]',
    allowedActions: 'string[]',
  },
  ApplicationSummary: {
    id: str,
    url: str,
    name: str,
    owner: { object: 'User' },
    createdAt: str,
    updatedAt: str,
    privacy: str,
    stack: 'int',
  },
  BuildSummary: {
    id: str,
    url: str,
    branch: str,
    commitHash: str,
    createdAt: str,
    finishedAt: str,
    message: str,
    progress: 'int',
    result: str,
    startedAt: str,
    status: str,
  },
  DeploySummary: { id: str, url: str, status: str, result: str, createdAt: str, progress: 'int' },
  User: user,
  Avatar: { gravatar: str },
  Meta: { username: str, werckerEmployee: 'boolean' },
  SCM: { type: str, owner: str, domain: str, repository: str },
  EnvVar: { key: str, value: str },
};
const classes = WERCKER4J_CLASSES;
classes.Build = {
  ...classes.BuildSummary,
  application: { object: 'ApplicationSummary' },
  envVars: { listOf: 'EnvVar' },
};
classes.Deploy = {
  ...classes.DeploySummary,
  application: { object: 'ApplicationSummary' },
  build: { object: 'BuildSummary' },
};

/** The problems a strict mapper would fail on, as `path: what`; empty when the body maps. */
export function strictMappingProblems(value: Json, className: string, path = '$'): string[] {
  const fields = classes[className];
  if (!fields) throw new Error(`no class ${className}`);
  if (value === null) return [];
  if (typeof value !== 'object' || Array.isArray(value)) return [`${path}: not an object`];
  const problems: string[] = [];
  for (const [key, child] of Object.entries(value as Record<string, Json>)) {
    const type = fields[key];
    if (!type) problems.push(`${path}.${key}: unknown property of ${className}`);
    else problems.push(...typeProblems(child, type, `${path}.${key}`));
  }
  return problems;
}

/** The problems of a list read as a list of `className`. */
export function strictListProblems(value: Json, className: string): string[] {
  if (!Array.isArray(value)) return ['$: not a list'];
  return value.flatMap((item, index) => strictMappingProblems(item, className, `$[${index}]`));
}

function typeProblems(value: Json, type: FieldType, path: string): string[] {
  if (value === null) return [];
  if (type === 'string') return typeof value === 'string' ? [] : [`${path}: not a string`];
  if (type === 'int') return Number.isInteger(value) ? [] : [`${path}: not an int`];
  if (type === 'boolean') return typeof value === 'boolean' ? [] : [`${path}: not a boolean`];
  if (type === 'string[]')
    return Array.isArray(value) && value.every((item) => typeof item === 'string')
      ? []
      : [`${path}: not strings`];
  if ('object' in type) return strictMappingProblems(value, type.object, path);
  if (!Array.isArray(value)) return [`${path}: not a list`];
  return value.flatMap((item: Json, index: number) =>
    strictMappingProblems(item, type.listOf, `${path}[${index}]`),
  );
}
