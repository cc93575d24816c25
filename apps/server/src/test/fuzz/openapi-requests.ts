import fs from 'node:fs';
import fc from 'fast-check';

/** The part of a JSON schema (as zod writes it into docs/api/openapi.json) the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
}

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, e.g. `/api/artists/{id}`. */
  path: string;
  parameters: Parameter[];
  json?: JsonSchema;
  multipart: boolean;
  /** The 5xx answers the route declares (oEmbed's 501 for a format it does not serve); any other is a failure. */
  declared5xx: number[];
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Every operation of the API document. */
export function readOperations(documentPath: string): Operation[] {
  const document = JSON.parse(fs.readFileSync(documentPath, 'utf8')) as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Parameter[];
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
          responses?: Record<string, unknown>;
        }
      >
    >;
  };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const content = operation.requestBody?.content ?? {};
      return {
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        ...(content['application/json']?.schema ? { json: content['application/json'].schema } : {}),
        multipart: 'multipart/form-data' in content,
        declared5xx: Object.keys(operation.responses ?? {})
          .map(Number)
          .filter((status) => status >= 500),
      };
    }),
  );
}

const MAX_DEPTH = 4;

/** Values no schema asks for: the wrong type, empty, huge, odd characters, pollution keys. */
function wildValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.constantFrom(-1, 0, 2 ** 31, -(2 ** 53), 1e308, Number.MAX_SAFE_INTEGER),
    fc.string(),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom(
      '',
      ' ',
      '../../etc/passwd',
      '<script>alert(1)</script>',
      "' or 1=1 --",
      '\u202e',
      '%00',
      'x'.repeat(70_000),
    ),
    fc.constant({ __proto__: { admin: true } }),
    fc.constant(JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as unknown),
    fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  );
}

function stringFor(schema: JsonSchema, ids: readonly string[]): fc.Arbitrary<unknown> {
  const choices: fc.Arbitrary<unknown>[] = [fc.string({ maxLength: 30 })];
  if (schema.enum) choices.push(fc.constantFrom(...schema.enum), fc.constant(`${String(schema.enum[0])}x`));
  if (schema.format === 'uuid') choices.push(fc.uuid(), ...(ids.length > 0 ? [fc.constantFrom(...ids)] : []));
  if (schema.format === 'email') choices.push(fc.emailAddress(), fc.constant('@'));
  if (schema.maxLength !== undefined) {
    const length = Math.min(schema.maxLength, 100_000);
    choices.push(fc.constant('a'.repeat(length)), fc.constant('a'.repeat(length + 1)));
  }
  if (schema.minLength !== undefined && schema.minLength > 0)
    choices.push(fc.constant('a'.repeat(schema.minLength - 1)));
  return fc.oneof(...choices);
}

function numberFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const edges = [0, -1, 1, 2 ** 31, -(2 ** 31), 0.5, Number.MAX_SAFE_INTEGER + 2];
  if (schema.minimum !== undefined) edges.push(schema.minimum, schema.minimum - 1);
  if (schema.maximum !== undefined) edges.push(schema.maximum, schema.maximum + 1);
  return fc.oneof(fc.constantFrom(...edges), schema.type === 'integer' ? fc.integer() : fc.double({ noNaN: true }));
}

/** A value shaped by the schema most of the time, at and just past its limits, and sometimes anything at all. */
export function valueFor(schema: JsonSchema, ids: readonly string[], depth = 0): fc.Arbitrary<unknown> {
  const shaped = shapedValue(schema, ids, depth);
  if (depth >= MAX_DEPTH) return shaped;
  return fc.oneof({ arbitrary: shaped, weight: 4 }, { arbitrary: wildValue(), weight: 1 });
}

function shapedValue(schema: JsonSchema, ids: readonly string[], depth: number): fc.Arbitrary<unknown> {
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options && options.length > 0) return fc.oneof(...options.map((option) => valueFor(option, ids, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const value = (() => {
    switch (type) {
      case 'string':
        return stringFor(schema, ids);
      case 'integer':
      case 'number':
        return numberFor(schema);
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(schema.items ? valueFor(schema.items, ids, depth + 1) : wildValue(), {
          maxLength: Math.min((schema.maxItems ?? 4) + 1, 12),
        });
      case 'object':
        return objectFor(schema, ids, depth);
      default:
        return schema.enum ? fc.constantFrom(...schema.enum) : wildValue();
    }
  })();
  return schema.nullable ? fc.option(value, { nil: null }) : value;
}

function objectFor(schema: JsonSchema, ids: readonly string[], depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, valueFor(property, ids, depth + 1)]),
  );
  // Any property may be missing (required ones too), and one unknown may join them.
  const known = fc.record(model, { requiredKeys: [] });
  return fc
    .tuple(known, fc.option(fc.tuple(fc.constantFrom('extra', '__proto__', 'constructor', 'id'), wildValue())))
    .map(([record, extra]) => (extra ? { ...record, [extra[0]]: extra[1] } : record));
}

function asParameterText(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The body: JSON by the schema, broken JSON, a body where none belongs, or a form of junk for an upload. */
function bodyFor(operation: Operation, ids: readonly string[]): fc.Arbitrary<Pick<FuzzRequest, 'payload' | 'headers'>> {
  const json = (value: unknown) => ({
    payload: JSON.stringify(value) ?? 'null',
    headers: { 'content-type': 'application/json' },
  });
  const broken = fc.constantFrom(
    { payload: '{"a":', headers: { 'content-type': 'application/json' } },
    { payload: 'not json', headers: { 'content-type': 'text/plain' } },
    { payload: '\u0000\u0001', headers: { 'content-type': 'application/octet-stream' } },
    {
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\nRIFF\r\n--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    },
    { payload: '--x\r\n\r\n', headers: { 'content-type': 'multipart/form-data; boundary=x' } },
  );
  const shaped = operation.json ? valueFor(operation.json, ids).map(json) : wildValue().map(json);
  return fc.oneof(
    { arbitrary: shaped, weight: 4 },
    { arbitrary: broken, weight: 1 },
    { arbitrary: fc.constant({ headers: {} }), weight: 1 },
  );
}

/** One request to `operation`: path and query parameters and a body drawn from its schemas. */
export function requestFor(operation: Operation, ids: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const byPlace = (place: Parameter['in']) => operation.parameters.filter((parameter) => parameter.in === place);
  const path = fc.record(Object.fromEntries(byPlace('path').map((p) => [p.name, valueFor(p.schema, ids)])));
  const query = fc.record(Object.fromEntries(byPlace('query').map((p) => [p.name, valueFor(p.schema, ids)])), {
    requiredKeys: [],
  });
  const hasBody = operation.method !== 'GET' && operation.method !== 'HEAD';
  const noBody: fc.Arbitrary<Pick<FuzzRequest, 'payload' | 'headers'>> = fc.constant({ headers: {} });
  const body = hasBody ? bodyFor(operation, ids) : noBody;
  return fc.tuple(path, query, body).map(([pathValues, queryValues, { payload, headers }]) => {
    let url = operation.path;
    for (const [name, value] of Object.entries(pathValues)) {
      url = url.replace(`{${name}}`, encodeURIComponent(asParameterText(value)));
    }
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(queryValues)) {
      for (const one of Array.isArray(value) ? value : [value]) search.append(name, asParameterText(one));
    }
    const queryText = search.toString();
    return {
      method: operation.method,
      url: queryText ? `${url}?${queryText}` : url,
      headers,
      ...(payload === undefined ? {} : { payload }),
    };
  });
}
