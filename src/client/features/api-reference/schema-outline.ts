/**
 * A JSON Schema (as the API's OpenAPI document writes its bodies, parameters and answers) turned
 * into an outline a person reads: each field with its type in words, whether it is required,
 * its limits and default, and the fields inside it.
 */

export type JsonSchema = Readonly<Record<string, unknown>>;

export interface SchemaNode {
  /** The field's name; null for the schema itself, an array's items or one of its shapes. */
  name: string | null;
  /** "Shape 2" for one of several shapes a value may take; null otherwise. */
  shape: string | null;
  required: boolean;
  /** The type in words: "string", "array of object", "integer or null", "ApiError". */
  type: string;
  /** A component schema (#/components/schemas/<ref>) the type names, to link to. */
  ref: string | null;
  /** Limits, allowed values and the default, each a short phrase. */
  constraints: string[];
  description: string | null;
  /** Fields of an object, of an array's items or of a map's values; the shapes of a union. */
  children: SchemaNode[];
}

const COMPONENT_PREFIX = '#/components/schemas/';

/** zod writes these bounds on every integer: they limit nothing a reader cares about. */
const SAFE_INTEGER_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const literal = (value: unknown) => JSON.stringify(value);

/** The outline of `schema`, as the field `name` (null at the top), required or not. */
export function schemaOutline(schema: JsonSchema, name: string | null = null, required = false): SchemaNode {
  const node: SchemaNode = {
    name,
    shape: null,
    required,
    type: 'any',
    ref: null,
    constraints: [],
    description: typeof schema.description === 'string' ? schema.description : null,
    children: [],
  };
  const union = unionOf(schema);
  if (union) return { ...node, ...union, constraints: [...union.constraints, ...constraintsOf(schema)] };
  return { ...node, ...describe(schema), constraints: constraintsOf(schema) };
}

/** What a single (non-union) schema is: its type in words, link and inner fields. */
function describe(schema: JsonSchema): Pick<SchemaNode, 'type' | 'ref' | 'children'> {
  if (typeof schema.$ref === 'string') {
    const ref = schema.$ref.startsWith(COMPONENT_PREFIX) ? schema.$ref.slice(COMPONENT_PREFIX.length) : null;
    return { type: ref ?? schema.$ref, ref, children: [] };
  }
  if ('const' in schema) return { type: literal(schema.const), ref: null, children: [] };
  const types = Array.isArray(schema.type) ? schema.type.map(String) : [];
  const type = typeof schema.type === 'string' ? schema.type : types.length > 0 ? null : inferredType(schema);
  if (type === 'array' && isSchema(schema.items)) {
    const items = schemaOutline(schema.items);
    return { type: `array of ${items.type}`, ref: items.ref, children: items.children };
  }
  if (type === 'object') return describeObject(schema);
  if (types.length > 0) return { type: types.join(' or '), ref: null, children: [] };
  return { type: type ?? 'any', ref: null, children: [] };
}

/** A schema without a type keyword, read from the keywords it does have. */
function inferredType(schema: JsonSchema): string | null {
  if (isSchema(schema.properties) || isSchema(schema.additionalProperties)) return 'object';
  if (isSchema(schema.items)) return 'array';
  return null;
}

function describeObject(schema: JsonSchema): Pick<SchemaNode, 'type' | 'ref' | 'children'> {
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const properties = isSchema(schema.properties) ? Object.entries(schema.properties) : [];
  const children = properties
    .filter((entry): entry is [string, JsonSchema] => isSchema(entry[1]))
    .map(([name, property]) => schemaOutline(property, name, required.has(name)));
  if (children.length === 0 && isSchema(schema.additionalProperties)) {
    // A map: any key, each value of one schema.
    const values = schemaOutline(schema.additionalProperties);
    return { type: `map of ${values.type}`, ref: values.ref, children: values.children };
  }
  return { type: 'object', ref: null, children };
}

/** What a union adds to its field: its type in words, link, limits and shapes. */
type UnionParts = Pick<SchemaNode, 'type' | 'ref' | 'constraints' | 'children'>;

/**
 * anyOf / oneOf: "X or null" when the only other choice is null, else the shapes one by one.
 * Null when the schema is no union.
 */
function unionOf(schema: JsonSchema): UnionParts | null {
  const choices = [schema.anyOf, schema.oneOf].find(Array.isArray)?.filter(isSchema);
  if (!choices) return null;
  const nullable = choices.some((choice) => choice.type === 'null');
  const shapes = choices.filter((choice) => choice.type !== 'null').map((choice) => schemaOutline(choice));
  const orNull = nullable ? ' or null' : '';
  if (shapes.length === 1) {
    const [only] = shapes as [SchemaNode];
    return {
      type: `${only.type}${orNull}`,
      ref: only.ref,
      constraints: only.constraints,
      children: only.children,
    };
  }
  if (shapes.every((shape) => shape.children.length === 0 && shape.constraints.length === 0)) {
    const type = `${shapes.map((shape) => shape.type).join(' or ')}${orNull}`;
    return { type, ref: null, constraints: [], children: [] };
  }
  return {
    type: `one of ${shapes.length} shapes${orNull}`,
    ref: null,
    constraints: [],
    children: shapes.map((shape, index) => ({ ...shape, shape: `Shape ${index + 1}` })),
  };
}

/** The schema's limits, allowed values and default, each a short phrase. */
function constraintsOf(schema: JsonSchema): string[] {
  const phrases: string[] = [];
  if (Array.isArray(schema.enum)) phrases.push(`one of ${schema.enum.map(literal).join(', ')}`);
  phrases.push(...rangeOf(schema, 'minimum', 'maximum', ''));
  if (typeof schema.exclusiveMinimum === 'number') phrases.push(`above ${schema.exclusiveMinimum}`);
  if (typeof schema.exclusiveMaximum === 'number') phrases.push(`below ${schema.exclusiveMaximum}`);
  phrases.push(...rangeOf(schema, 'minLength', 'maxLength', ' characters'));
  phrases.push(...rangeOf(schema, 'minItems', 'maxItems', ' items'));
  if (typeof schema.pattern === 'string') phrases.push(`matches ${schema.pattern}`);
  if (typeof schema.format === 'string') phrases.push(`format ${schema.format}`);
  if ('default' in schema) phrases.push(`default ${literal(schema.default)}`);
  return phrases;
}

/** "1 to 64 characters", "at least 1", "at most 8 items"; nothing without bounds. */
function rangeOf(schema: JsonSchema, low: string, high: string, unit: string): string[] {
  const bound = (key: string) => {
    const value = schema[key];
    return typeof value === 'number' && !SAFE_INTEGER_BOUNDS.has(value) ? value : null;
  };
  const [min, max] = [bound(low), bound(high)];
  if (min !== null && max !== null)
    return [min === max ? `exactly ${min}${unit}` : `${min} to ${max}${unit}`];
  if (min !== null) return [`at least ${min}${unit}`];
  if (max !== null) return [`at most ${max}${unit}`];
  return [];
}
