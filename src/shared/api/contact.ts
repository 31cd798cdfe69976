/** Answers about contact-form messages: the sender's receipt and the stored message admins read. */
import * as z from 'zod';
import { CONTACT_SOURCES } from '../contact';

/** POST /api/contact (201) */
export const contactReceiptSchema = z.object({ id: z.string() });
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;

export const storedContactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  source: z.enum(CONTACT_SOURCES),
  createdAt: z.string(),
});
export type StoredContactMessage = z.infer<typeof storedContactMessageSchema>;
