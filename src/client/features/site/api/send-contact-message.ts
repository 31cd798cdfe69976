import { contactReceiptSchema } from '../../../../shared/api/contact';
import type { ContactMessage } from '../../../../shared/contact';
import type { FieldError } from '../../../../shared/validation-errors';
import { ApiError, NetworkError, apiFetch } from '../../../lib/api-client';

export type SendResult =
  { ok: true; id: string } | { ok: false; message: string; fields: readonly FieldError[] };

/** POST /api/contact. The browser adds the Origin header the API checks. */
export async function sendContactMessage(message: ContactMessage): Promise<SendResult> {
  try {
    const receipt = await apiFetch('/api/contact', contactReceiptSchema, { json: message });
    return { ok: true, id: receipt.id };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: error.message, fields: error.fields };
    if (error instanceof NetworkError) {
      return { ok: false, message: `${error.message} Your message is still here.`, fields: [] };
    }
    throw error;
  }
}
