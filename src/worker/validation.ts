import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { toFieldErrors } from '../shared/validation-errors';
import { ApiError } from './errors';

/** zod validation of one part of a request; failures answer 400 with field paths. */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
  message = 'Some fields are not valid.',
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      throw new ApiError(400, message, { fields: toFieldErrors(result.error) });
    }
  });
}
