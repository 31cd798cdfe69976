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
