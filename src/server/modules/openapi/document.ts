import { z } from 'zod';
import { apiSchemas } from '../../../shared/api-schemas.js';
import { CSRF_HEADER } from '../../../shared/constants.js';
import { idParam, type ErrorStatus, type RouteDoc } from '../../lib/route-doc.js';

type JsonSchema = Record<string, unknown>;

interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  'x-access': RouteDoc['access'];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Invalid input: `message` is the first problem, `errors` the message of each field.',
  401: 'Not signed in.',
  403: 'Signed in but not allowed, banned, or a missing or wrong CSRF token.',
  404: 'No such resource (or an id that is not one).',
  409: 'Conflict: taken, already done, or a reused transaction hash.',
  413: 'Body or file too large.',
  415: 'Unsupported content or file type.',
  428: 'Proof of work required: solve `pow` and send the request again with the solution in `X-Pow` (single-use, bound to this action, valid 5 minutes).',
  429: 'Rate limited: see `Retry-After`.',
  503: 'Database down, or payments not configured.',
};

const SCHEMA_REF = '#/components/schemas/';
const ref = (name: string) => ({ $ref: `${SCHEMA_REF}${name}` });
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `/api/threads/:id` -> `/api/threads/{id}`, and the names of its parameters. */
export function openApiPath(path: string): { path: string; names: string[] } {
  const names: string[] = [];
  const converted = path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    names.push(name);
    return `{${name}}`;
  });
  return { path: converted, names };
}

/** A converted schema without the keys zod adds for a standalone document ($id would be a fragment). */
function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

type Override = NonNullable<Parameters<typeof z.toJSONSchema>[1]>['override'];

/** A date-time's format says it all; zod's equivalent 400-character pattern is noise. */
const dropDateTimePattern: Override = ({ jsonSchema }) => {
  if (jsonSchema.format === 'date-time') delete jsonSchema.pattern;
};

/**
 * A request field is optional when the schema accepts it missing, and its default is
 * what the schema makes of it then: `booleanField(true)` and the other preprocessed
 * fields read as required otherwise.
 */
const optionalWhenAbsentIsValid: Override = (context) => {
  dropDateTimePattern(context);
  const { zodSchema, jsonSchema } = context;
  if (!(zodSchema instanceof z.ZodObject) || !Array.isArray(jsonSchema.required)) return;
  const properties = (jsonSchema.properties ?? {}) as Record<string, JsonSchema>;
  jsonSchema.required = jsonSchema.required.filter((name) => {
    const absent = (zodSchema.shape[name] as z.ZodType).safeParse(undefined);
    if (absent.success && absent.data !== undefined && properties[name]) properties[name].default = absent.data;
    return !absent.success;
  });
  if (jsonSchema.required.length === 0) delete jsonSchema.required;
};

/** A request part as JSON Schema: what a client may send, before defaults and transforms. */
const inputSchema = (schema: z.ZodType): JsonSchema =>
  withoutDialect(z.toJSONSchema(schema, { io: 'input', override: optionalWhenAbsentIsValid }) as JsonSchema);

function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '/')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/**
 * Every response schema as JSON Schema (2020-12, which OpenAPI 3.1 uses): the named
 * shapes of shared/api-schemas.ts as components, and the unnamed ones routes answer
 * with (a list of threads) inline, referring to the components.
 */
function responseSchemas(docs: RouteDoc[]) {
  const registry = z.registry<{ id: string }>();
  const names = new Map<z.ZodType, string>();
  for (const [name, schema] of Object.entries(apiSchemas)) {
    registry.add(schema, { id: name });
    names.set(schema, name);
  }
  const inline = new Map<z.ZodType, string>();
  for (const doc of docs) {
    for (const answer of [...Object.values(doc.responses), doc.conflict?.schema]) {
      if (answer instanceof z.ZodType && !names.has(answer) && !inline.has(answer)) {
        const id = `inline-${inline.size}`;
        inline.set(answer, id);
        registry.add(answer, { id });
      }
    }
  }
  const { schemas } = z.toJSONSchema(registry, { io: 'output', uri: (id) => `${SCHEMA_REF}${id}`, override: dropDateTimePattern });
  const components: Record<string, JsonSchema> = {};
  for (const name of names.values()) components[name] = withoutDialect(schemas[name] as JsonSchema);
  const shared = JSON.stringify(components);
  if (shared.includes(`${SCHEMA_REF}inline-`) || shared.includes('__shared')) {
    throw new Error('A shape in shared/api-schemas.ts refers to an unnamed one: name it in apiSchemas');
  }
  const schemaOf = (schema: z.ZodType): JsonSchema => {
    const name = names.get(schema);
    if (name) return ref(name);
    return withoutDialect(schemas[inline.get(schema)!] as JsonSchema);
  };
  return { components, schemaOf };
}

/** A parameter, its description lifted from the schema to where OpenAPI shows it. */
function parameter(name: string, where: 'path' | 'query', required: boolean, { description, ...schema }: JsonSchema): JsonSchema {
  return { name, in: where, required, schema, ...(description ? { description } : {}) };
}

function parametersOf(doc: RouteDoc, names: string[]): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  const declared = doc.params?.shape ?? {};
  for (const name of names) {
    const schema = (declared[name] as z.ZodType | undefined) ?? (name === 'id' || name.endsWith('Id') ? idParam : undefined);
    if (!schema) throw new Error(`${doc.method} ${doc.path}: declare the path parameter '${name}' in params`);
    parameters.push(parameter(name, 'path', true, inputSchema(schema)));
  }
  if (doc.query) {
    const query = inputSchema(doc.query);
    const required = new Set((query.required ?? []) as string[]);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, JsonSchema>)) {
      parameters.push(parameter(name, 'query', required.has(name), schema));
    }
  }
  return parameters;
}

function requestBodyOf(doc: RouteDoc): JsonSchema | undefined {
  if (!doc.body) return undefined;
  const schema = inputSchema(doc.body);
  const content: Record<string, JsonSchema> = { 'application/json': { schema } };
  if (doc.multipart) {
    const properties = { ...(schema.properties as JsonSchema), image: { type: 'string', contentMediaType: 'image/*', description: 'One image (JPEG, PNG, GIF or WebP), at most 5 MB.' } };
    content['multipart/form-data'] = { schema: { ...schema, properties } };
  }
  return { required: true, content };
}

/** The error statuses a route can answer, from what it declares and takes. */
export function errorStatuses(doc: RouteDoc, hasPathParams: boolean): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(doc.errors ?? []);
  if (doc.body || doc.query || hasPathParams) statuses.add(400);
  if (doc.body) statuses.add(413);
  if (doc.access !== 'visitor') statuses.add(401);
  if (doc.access === 'admin' || doc.access === 'author-or-admin' || doc.bannable || UNSAFE.has(doc.method)) statuses.add(403);
  if (hasPathParams) statuses.add(404);
  statuses.add(503);
  return [...statuses].sort();
}

function securityOf(doc: RouteDoc): Record<string, string[]>[] {
  const csrf: Record<string, string[]> = UNSAFE.has(doc.method) ? { csrf: [] } : {};
  const signedIn: Record<string, string[]> = { session: [], ...csrf };
  return doc.access === 'visitor' ? [csrf, signedIn] : [signedIn];
}

const ACCESS_NOTES: Record<RouteDoc['access'], string> = {
  visitor: 'Anyone.',
  user: 'Signed-in users.',
  'author-or-admin': 'The author or an admin.',
  admin: 'Admins only.',
};

/**
 * The OpenAPI 3.1 document of the routes described by `docs`: built once at start
 * from the zod schemas that validate the requests (shared/schemas) and describe the
 * answers (shared/api-schemas.ts).
 */
export function buildOpenApiDocument(docs: RouteDoc[], { version }: { version: string }): OpenApiDocument {
  const { components, schemaOf } = responseSchemas(docs);
  const paths: OpenApiDocument['paths'] = {};
  const tags: string[] = [];
  for (const doc of docs) {
    const { path, names } = openApiPath(doc.path);
    const method = doc.method.toLowerCase();
    const item = (paths[path] ??= {});
    if (item[method]) throw new Error(`${doc.method} ${doc.path} is documented twice`);
    for (const tag of doc.tags) if (!tags.includes(tag)) tags.push(tag);

    const responses: Record<string, JsonSchema> = {};
    for (const [status, answer] of Object.entries(doc.responses)) {
      if (answer === null) responses[status] = { description: status === '304' ? 'Not modified.' : 'Done; no body.' };
      else if (answer instanceof z.ZodType) responses[status] = { description: 'OK.', content: { 'application/json': { schema: schemaOf(answer) } } };
      else responses[status] = { description: answer.description, content: { [answer.type]: { schema: { type: answer.type.endsWith('json') ? 'object' : 'string' } } } };
    }
    for (const status of errorStatuses(doc, names.length > 0)) responses[status] = { $ref: `#/components/responses/Error${status}` };
    if (doc.conflict) responses['409'] = { description: doc.conflict.description, content: { 'application/json': { schema: schemaOf(doc.conflict.schema) } } };

    const parameters = parametersOf(doc, names);
    const requestBody = requestBodyOf(doc);
    item[method] = {
      operationId: operationId(doc.method, doc.path),
      summary: doc.summary,
      description: [doc.description, ACCESS_NOTES[doc.access]].filter(Boolean).join('\n\n'),
      tags: doc.tags,
      security: securityOf(doc),
      'x-access': doc.access,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }

  const errorResponses: Record<string, JsonSchema> = {};
  for (const [status, description] of Object.entries(ERROR_DESCRIPTIONS)) {
    // A banned caller's 403 also carries the ban; a 428 carries the proof-of-work challenge (CONTRACT.md section 11).
    const schema =
      status === '403' ? { anyOf: [ref('ApiErrorBody'), ref('BannedErrorBody')] } : ref(status === '428' ? 'PowRequiredBody' : 'ApiErrorBody');
    errorResponses[`Error${status}`] = { description, content: { 'application/json': { schema } } };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Hushboard API',
      version,
      description: [
        'JSON in and out, camelCase fields, integer ids, ISO-8601 timestamps, amounts as decimal strings.',
        `Every error answers \`{message}\`; a validation error (400) adds \`errors\`, a message per field.`,
        `Unsafe requests (POST, PUT, PATCH, DELETE) send back the \`${CSRF_HEADER}\` header of the latest response.`,
        'Anonymous reads answer with a weak ETag and 304 on `If-None-Match`.',
      ].join('\n\n'),
    },
    servers: [{ url: '/' }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
      responses: errorResponses,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'hb_session', description: 'The session cookie set by register and login.' },
        csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token', description: 'The token of the latest response, on every unsafe request.' },
      },
    },
  };
}
