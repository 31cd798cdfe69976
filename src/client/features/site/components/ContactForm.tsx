import { type FormEvent, useId, useState } from 'react';
import {
  CONTACT_LIMITS,
  CONTACT_SUBJECTS,
  type ContactSource,
  type ContactSubject,
  contactMessageSchema,
} from '../../../../shared/contact';
import { toFieldErrors } from '../../../../shared/validation-errors';
import { Button } from '../../../components/Button';
import { sendContactMessage } from '../api/send-contact-message';
import styles from './ContactForm.module.css';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

type Status =
  | { state: 'editing' }
  | { state: 'sending' }
  | { state: 'sent'; name: string; id: string }
  | { state: 'failed'; message: string };

interface ContactFormProps {
  source: ContactSource;
  /** The subject chosen when the form opens, e.g. from a link's ?subject=. */
  initialSubject?: ContactSubject;
  /** The id of the heading that names the form. */
  labelledBy: string;
}

const emptyValues = (subject = ''): Values => ({ name: '', email: '', subject, message: '' });

/**
 * The contact and support form. It checks the fields with the API's own schema before sending,
 * shows each error next to its field, and keeps what was typed when sending fails.
 */
export function ContactForm({ source, initialSubject, labelledBy }: ContactFormProps) {
  const baseId = useId();
  const fieldId = (field: Field) => `${baseId}-${field}`;
  const [values, setValues] = useState<Values>(() => emptyValues(initialSubject));
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<Status>({ state: 'editing' });

  const update = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (status.state === 'sending') return;
    const parsed = contactMessageSchema.safeParse({ ...values, source });
    if (!parsed.success) {
      setStatus({ state: 'editing' });
      showErrors(errorsByField(toFieldErrors(parsed.error)));
      return;
    }
    setStatus({ state: 'sending' });
    const result = await sendContactMessage(parsed.data);
    if (result.ok) {
      setValues(emptyValues(initialSubject));
      setErrors({});
      setStatus({ state: 'sent', name: parsed.data.name, id: result.id });
    } else {
      setStatus({ state: 'failed', message: result.message });
      showErrors(errorsByField(result.fields));
    }
  };

  const describedBy = (field: Field, hint?: string) =>
    [hint, errors[field] ? `${fieldId(field)}-error` : undefined].filter(Boolean).join(' ') || undefined;

  const errorText = (field: Field) =>
    errors[field] ? (
      <p id={`${fieldId(field)}-error`} className={styles.error}>
        {errors[field]}
      </p>
    ) : null;

  const messageHintId = `${fieldId('message')}-hint`;

  return (
    <form className={styles.form} aria-labelledby={labelledBy} noValidate onSubmit={onSubmit}>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={fieldId('name')}>Full Name</label>
          <input
            id={fieldId('name')}
            name="name"
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name}
            value={values.name}
            aria-invalid={Boolean(errors.name)}
            aria-describedby={describedBy('name')}
            onChange={(event) => update('name', event.target.value)}
          />
          {errorText('name')}
        </div>
        <div className={styles.field}>
          <label htmlFor={fieldId('email')}>Email Address</label>
          <input
            id={fieldId('email')}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={CONTACT_LIMITS.email}
            value={values.email}
            aria-invalid={Boolean(errors.email)}
            aria-describedby={describedBy('email')}
            onChange={(event) => update('email', event.target.value)}
          />
          {errorText('email')}
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor={fieldId('subject')}>Subject</label>
        <select
          id={fieldId('subject')}
          name="subject"
          value={values.subject}
          aria-invalid={Boolean(errors.subject)}
          aria-describedby={describedBy('subject')}
          onChange={(event) => update('subject', event.target.value)}
        >
          <option value="">Choose a subject</option>
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject.value} value={subject.value}>
              {subject.label}
            </option>
          ))}
        </select>
        {errorText('subject')}
      </div>
      <div className={styles.field}>
        <label htmlFor={fieldId('message')}>Message</label>
        <textarea
          id={fieldId('message')}
          name="message"
          rows={6}
          maxLength={CONTACT_LIMITS.message}
          value={values.message}
          aria-invalid={Boolean(errors.message)}
          aria-describedby={describedBy('message', messageHintId)}
          onChange={(event) => update('message', event.target.value)}
        />
        <p id={messageHintId} className={styles.hint}>
          {values.message.length} of {CONTACT_LIMITS.message.toLocaleString('en-US')} characters
        </p>
        {errorText('message')}
      </div>
      <div className={styles.submitRow}>
        <Button type="submit" disabled={status.state === 'sending'}>
          {status.state === 'sending' ? 'Sending…' : 'Send Message'}
        </Button>
        <StatusMessage status={status} />
      </div>
    </form>
  );
}

function StatusMessage({ status }: { status: Status }) {
  if (status.state === 'failed') {
    return (
      <p role="alert" className={`${styles.status} ${styles.failed}`}>
        Your message was not sent. {status.message}
      </p>
    );
  }
  return (
    <p role="status" className={status.state === 'sent' ? `${styles.status} ${styles.sent}` : styles.status}>
      {status.state === 'sending' ? 'Sending your message…' : null}
      {status.state === 'sent'
        ? `Thank you, ${status.name}. Your message is with our team (reference ${status.id.slice(0, 8)}); we reply by email.`
        : null}
    </p>
  );
}

function errorsByField(fields: readonly { path: string; message: string }[]): Errors {
  const found: Errors = {};
  for (const { path, message } of fields) {
    const field = FIELDS.find((name) => name === path);
    if (field && !found[field]) found[field] = message;
  }
  return found;
}
