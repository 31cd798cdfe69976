export interface FieldError {
  /** Dotted path to the field, e.g. "entry.valueBased.0.number". */
  path: string;
  message: string;
}

/** The part of a zod error we read (zod's classic and core errors both have it). */
interface IssueList {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** Flattens zod issues into field errors with dotted paths, for the API and the forms. */
export function toFieldErrors(error: IssueList): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/**
 * The option that runs a cross-field check (refine / superRefine) even when some field failed,
 * so every problem is reported at once, but only on an object: a body or a row that is not one
 * (null, a string) has already been reported as such and has no fields to read.
 */
export const EVEN_WITH_FIELD_ERRORS = {
  when: ({ value }: { value: unknown }) => typeof value === 'object' && value !== null,
};
