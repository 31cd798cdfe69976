import type * as z from 'zod';
import { type FieldError, toFieldErrors } from '../../src/shared/validation-errors';

/** The field errors a schema gives for an input it must reject, as the API's 400 answer lists them. */
export function rejectedFields(schema: z.ZodType, input: unknown): FieldError[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the input to be rejected');
  return toFieldErrors(result.error);
}
