import type { z } from 'zod';

export interface FieldError {
  /** Dotted path to the field, e.g. "entry.valueBased.0.number". */
  path: string;
  message: string;
}

/** Flattens zod issues into field errors with dotted paths, for the API and the forms. */
export function toFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}
