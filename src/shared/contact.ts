/**
 * The contact and support forms' message: one schema for the form, which checks it
 * before sending, and for POST /api/contact, which checks it again.
 */
import * as z from 'zod';

export const CONTACT_SUBJECTS = [
  { value: 'general', label: 'General question' },
  { value: 'sales', label: 'Sales and plans' },
  { value: 'billing', label: 'Billing and payments' },
  { value: 'technical', label: 'Technical support' },
  { value: 'account', label: 'Account and login' },
  { value: 'data', label: 'Market data' },
  { value: 'privacy', label: 'Privacy and my data' },
  { value: 'community', label: 'Community and events' },
  { value: 'press', label: 'Press and media' },
  { value: 'careers', label: 'Careers' },
] as const;

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]['value'];

const SUBJECT_VALUES = CONTACT_SUBJECTS.map((subject) => subject.value) as [
  ContactSubject,
  ...ContactSubject[],
];

export function isContactSubject(value: string | null): value is ContactSubject {
  return SUBJECT_VALUES.some((subject) => subject === value);
}

/** Which form sent the message. */
export const CONTACT_SOURCES = ['contact', 'support'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];

export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

export const contactMessageSchema = z.object({
  name: z
    .string({ error: 'Enter your name' })
    .trim()
    .min(1, 'Enter your name')
    .max(CONTACT_LIMITS.name, `Use at most ${CONTACT_LIMITS.name} characters`),
  email: z
    .string({ error: 'Enter your email address' })
    .trim()
    .min(1, 'Enter your email address')
    .max(CONTACT_LIMITS.email, `Use at most ${CONTACT_LIMITS.email} characters`)
    .pipe(z.email('Enter an email address like name@example.com')),
  subject: z.enum(SUBJECT_VALUES, { error: 'Choose a subject from the list' }),
  message: z
    .string({ error: 'Write your message' })
    .trim()
    .min(1, 'Write your message')
    .max(CONTACT_LIMITS.message, `Use at most ${CONTACT_LIMITS.message} characters`),
  source: z.enum(CONTACT_SOURCES, { error: 'Unknown form' }),
});

export type ContactMessage = z.output<typeof contactMessageSchema>;
