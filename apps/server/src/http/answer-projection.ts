import type { z } from 'zod';

/** A value with only the fields its schema declares, at every depth. */
type Projection = (value: unknown) => unknown;

/** Values passed on as they are: JSON.stringify writes them as zod's answer check would let them through. */
const LEAVES = new Set(['string', 'number', 'boolean', 'enum', 'literal']);

interface Definition {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: unknown;
  element?: z.ZodType;
  innerType?: z.ZodType;
}

const definitionOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Definition } })._zod.def;

const keep: Projection = (value) => value;

/**
 * An object literal of the declared keys, written out once per shape (as zod itself compiles its object checks):
 * V8 builds each answer object in one step with one hidden class. The keys are the schema's, never a request's.
 */
function projectObject(shape: Record<string, z.ZodType>): Projection {
  const entries = Object.entries(shape);
  const nested = entries.map(([, schema]) => projectionOf(schema));
  const fields = entries.map(([key], index) => {
    const read = `value[${JSON.stringify(key)}]`;
    return `${JSON.stringify(key)}: ${nested[index] === keep ? read : `nested[${index}](${read})`}`;
  });
  const body = `return (value) => value === null || typeof value !== 'object' ? value : { ${fields.join(', ')} };`;
  return new Function('nested', body)(nested) as Projection;
}

/**
 * What the schema lets out of a value, made once per schema: an object's declared keys in the schema's order,
 * arrays item by item, null where the schema allows it. A schema with anything else (unions, transforms, records,
 * loose or strict objects) throws when the route is registered: those keep zod's serializer.
 */
export function projectionOf(schema: z.ZodType): Projection {
  const definition = definitionOf(schema);
  if (LEAVES.has(definition.type)) return keep;
  switch (definition.type) {
    case 'object':
      if (definition.catchall !== undefined) throw new Error('projectionOf: an object with a catchall');
      return projectObject(definition.shape!);
    case 'array': {
      const item = projectionOf(definition.element!);
      return (value) => (Array.isArray(value) ? value.map(item) : value);
    }
    case 'nullable':
    case 'optional': {
      const inner = projectionOf(definition.innerType!);
      return (value) => (value === null || value === undefined ? value : inner(value));
    }
    default:
      throw new Error(`projectionOf: a ${definition.type} schema`);
  }
}

/**
 * A route's answer written with only its schema's fields, without zod checking each value on every request
 * (docs/decisions/0066): for hot public lists whose answer a presenter builds field by field, typed by the
 * same schema. The routes' tests check that the answers parse under the schema to the same bytes.
 */
export function projectingSerializer({ schema }: { schema: unknown }): (data: unknown) => string {
  const project = projectionOf(schema as z.ZodType);
  return (data) => JSON.stringify(project(data));
}
