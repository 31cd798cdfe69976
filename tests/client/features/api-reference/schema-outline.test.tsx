import { describe, expect, it } from 'vitest';
import { schemaOutline } from '../../../../src/client/features/api-reference/schema-outline';

describe('a schema as an outline of fields', () => {
  it('lists an object’s fields with their types, whether required, limits and defaults', () => {
    const outline = schemaOutline({
      type: 'object',
      properties: {
        stock: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Z]+$' },
        timeframe: { type: 'string', enum: ['1 min', '1 day'], default: '1 day' },
        seed: { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
        blocks: { type: 'integer', minimum: 2, maximum: 16, description: 'CSCV blocks' },
      },
      required: ['stock'],
    });
    expect(outline.type).toBe('object');
    expect(
      outline.children.map(({ name, type, required, constraints, description }) => ({
        name,
        type,
        required,
        constraints,
        description,
      })),
    ).toEqual([
      {
        name: 'stock',
        type: 'string',
        required: true,
        constraints: ['1 to 64 characters', 'matches ^[A-Z]+$'],
        description: null,
      },
      {
        name: 'timeframe',
        type: 'string',
        required: false,
        constraints: ['one of "1 min", "1 day"', 'default "1 day"'],
        description: null,
      },
      // zod's bounds on every integer say nothing.
      { name: 'seed', type: 'integer', required: false, constraints: [], description: null },
      {
        name: 'blocks',
        type: 'integer',
        required: false,
        constraints: ['2 to 16'],
        description: 'CSCV blocks',
      },
    ]);
  });

  it('names arrays and maps by what they hold, with the fields of their items', () => {
    const outline = schemaOutline({
      type: 'object',
      properties: {
        rules: {
          type: 'array',
          maxItems: 8,
          items: { type: 'object', properties: { logic: { const: 'Crosses Above' } }, required: ['logic'] },
        },
        fields: {
          type: 'object',
          propertyNames: { type: 'string' },
          additionalProperties: { type: 'string' },
        },
        numbers: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
      },
    });
    const [rules, fields, numbers] = outline.children;
    expect(rules).toMatchObject({ type: 'array of object', constraints: ['at most 8 items'] });
    expect(rules!.children).toMatchObject([{ name: 'logic', type: '"Crosses Above"', required: true }]);
    expect(fields).toMatchObject({ type: 'map of string', children: [] });
    expect(numbers!.type).toBe('array of array of number');
  });

  it('reads a value or null as one type, and other unions as their shapes', () => {
    const nullable = schemaOutline(
      { anyOf: [{ type: 'number', minimum: 0 }, { type: 'null' }] },
      'dsr',
      true,
    );
    expect(nullable).toMatchObject({
      name: 'dsr',
      required: true,
      type: 'number or null',
      constraints: ['at least 0'],
    });
    expect(schemaOutline({ type: ['number', 'string'] }).type).toBe('number or string');
    expect(schemaOutline({ anyOf: [{ type: 'number' }, { type: 'string' }] }).type).toBe('number or string');

    const shapes = schemaOutline({
      oneOf: [
        { type: 'object', properties: { kind: { const: 'a' } } },
        { type: 'object', properties: { kind: { const: 'b' } } },
      ],
    });
    expect(shapes.type).toBe('one of 2 shapes');
    expect(shapes.children.map((shape) => [shape.shape, shape.children[0]!.type])).toEqual([
      ['Shape 1', '"a"'],
      ['Shape 2', '"b"'],
    ]);
  });

  it('names a component schema, to link to it', () => {
    expect(schemaOutline({ $ref: '#/components/schemas/ApiError' })).toMatchObject({
      type: 'ApiError',
      ref: 'ApiError',
    });
    expect(schemaOutline({ type: 'array', items: { $ref: '#/components/schemas/ApiError' } })).toMatchObject({
      type: 'array of ApiError',
      ref: 'ApiError',
    });
    expect(schemaOutline({}).type).toBe('any');
  });
});
