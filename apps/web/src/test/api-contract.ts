import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_STATUS } from '@hfm/shared';
import { Ajv, type ValidateFunction } from 'ajv';

/**
 * The API document (docs/api/openapi.json) as the web tests' fetch stub reads it: which route a request is,
 * and whether a stubbed reply is one the server could give (its answer schema for a 2xx status, the error
 * body with a code of that status otherwise). Formats (uuid, date-time) are not checked: fixtures use
 * readable ids.
 */

interface MediaType {
  schema?: object;
}
interface Operation {
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
interface DocumentedRoute {
  method: string;
  template: string;
  pattern: RegExp;
  operation: Operation;
}

// A path, not a URL: jsdom's URL class is not the one node:fs takes.
const DOCUMENT_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/api/openapi.json');
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });

/** The error body of any route (apps/server/src/http/error-handler.ts): a code of the shared vocabulary. */
const errorBody = ajv.compile({
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      additionalProperties: false,
      properties: {
        code: { enum: Object.keys(ERROR_STATUS) },
        message: { type: 'string' },
        fields: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
  },
});

let routes: DocumentedRoute[] | undefined;
const validators = new Map<string, ValidateFunction>();

function documentedRoutes(): DocumentedRoute[] {
  if (routes) return routes;
  const document = JSON.parse(fs.readFileSync(DOCUMENT_FILE, 'utf8')) as {
    paths: Record<string, Record<string, Operation>>;
  };
  routes = Object.entries(document.paths)
    .flatMap(([template, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`),
        operation,
      })),
    )
    // A static path wins over a parameter in the same place, as in the server's router.
    .sort((a, b) => a.template.split('{').length - b.template.split('{').length);
  return routes;
}

/** The documented route a request is, or undefined when the server has none. */
export function findRoute(method: string, url: string): DocumentedRoute | undefined {
  const path = url.split('?')[0]!;
  return documentedRoutes().find((route) => route.method === method && route.pattern.test(path));
}

/** Why the server could never answer `status` with `body` to this request, or null when it could. */
export function replyProblem(method: string, url: string, status: number, body: unknown): string | null {
  const route = findRoute(method, url);
  if (!route) return `${method} ${url}: the API document has no such route`;
  const where = `${method} ${route.template} answering ${status}`;
  if (status >= 400) {
    if (!errorBody(body)) return `${where}: not an error body (${ajv.errorsText(errorBody.errors)})`;
    const { code } = (body as { error: { code: keyof typeof ERROR_STATUS } }).error;
    const fallback = code === 'BAD_REQUEST' && status < 500;
    return ERROR_STATUS[code] === status || fallback
      ? null
      : `${where}: the code ${code} is status ${ERROR_STATUS[code]}`;
  }
  const response = route.operation.responses[String(status)];
  if (!response) {
    return `${where}: the route answers ${Object.keys(route.operation.responses).join(', ')}, never ${status}`;
  }
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return body === undefined ? null : `${where}: the route answers no JSON body`;
  const key = `${route.method} ${route.template} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(withNullInNullableEnums(schema) as object);
    validators.set(key, validate);
  }
  return validate(body) ? null : `${where}: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}`;
}

/**
 * OpenAPI 3.0 says a nullable enum lists null among its values; the server's document leaves it out (its
 * serialiser writes null all the same), and ajv reads the enum as written.
 */
function withNullInNullableEnums(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullInNullableEnums);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withNullInNullableEnums(value)]));
  if (copy.nullable === true && Array.isArray(copy.enum) && !copy.enum.includes(null)) copy.enum = [...copy.enum, null];
  return copy;
}

const problems: string[] = [];

/** Records a reply the server could not give; the test fails after it (test/setup.ts). */
export function reportProblem(problem: string): void {
  problems.push(problem);
}

/** The problems recorded since the last call, emptied. */
export function takeProblems(): string[] {
  return problems.splice(0);
}
