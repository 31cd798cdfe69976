import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { toFieldErrors } from '../shared/validation-errors';
import { jsonError } from './errors';

/** zod validation of one part of a request; failures answer 400 with field paths. */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      return jsonError(c, 400, 'Some fields are not valid.', toFieldErrors(result.error));
    }
  });
}
