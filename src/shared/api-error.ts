import * as z from 'zod';

/** The one shape of every error answered under /api. */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Present on validation errors: one entry per invalid field. */
    fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export const API_ERROR_CODES = {
  400: 'invalid_request',
  401: 'unauthorized',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
} as const;

export function errorCodeForStatus(status: number): string {
  return (API_ERROR_CODES as Record<number, string>)[status] ?? (status >= 500 ? 'internal_error' : 'error');
}
