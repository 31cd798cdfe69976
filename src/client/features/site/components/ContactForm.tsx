import { type ChangeEvent, type FormEvent, type ReactNode, useId, useState } from 'react';
import {
  CONTACT_LIMITS,
  CONTACT_SUBJECTS,
  type ContactSource,
  type ContactSubject,
  contactMessageSchema,
} from '../../../../shared/contact';
import { toFieldErrors } from '../../../../shared/validation-errors';
import { Button } from '../../../components/Button';
import { OptionList } from '../../../components/OptionList';
import { sendContactMessage } from '../api/send-contact-message';
import forms from '../../../styles/forms.module.css';
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

  /** What ties a control to its field: id, name, value, change, invalid state and descriptions. */
  const controlProps = (field: Field, hintId?: string) => ({
    id: fieldId(field),
    className: forms.control,
    name: field,
    value: values[field],
    'aria-invalid': Boolean(errors[field]),
    'aria-describedby':
      [hintId, errors[field] ? `${fieldId(field)}-error` : undefined].filter(Boolean).join(' ') || undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      update(field, event.target.value),
  });

  /** A field's box: its label, its control (and hint), then its error. */
  const fieldBox = (field: Field, label: string, control: ReactNode) => (
    <div className={styles.field}>
      <label htmlFor={fieldId(field)}>{label}</label>
      {control}
      {errors[field] ? (
        <p id={`${fieldId(field)}-error`} className={forms.error}>
          {errors[field]}
        </p>
      ) : null}
    </div>
  );

  const messageHintId = `${fieldId('message')}-hint`;

  return (
    <form className={styles.form} aria-labelledby={labelledBy} noValidate onSubmit={onSubmit}>
      <div className={styles.row}>
        {fieldBox(
          'name',
          'Full Name',
          <input {...controlProps('name')} autoComplete="name" maxLength={CONTACT_LIMITS.name} />,
        )}
        {fieldBox(
          'email',
          'Email Address',
          <input
            {...controlProps('email')}
            type="email"
            autoComplete="email"
            maxLength={CONTACT_LIMITS.email}
          />,
        )}
      </div>
      {fieldBox(
        'subject',
        'Subject',
        <select {...controlProps('subject')}>
          <option value="">Choose a subject</option>
          <OptionList choices={CONTACT_SUBJECTS} />
        </select>,
      )}
      {fieldBox(
        'message',
        'Message',
        <>
          <textarea {...controlProps('message', messageHintId)} rows={6} maxLength={CONTACT_LIMITS.message} />
          <p id={messageHintId} className={forms.hint}>
            {values.message.length} of {CONTACT_LIMITS.message.toLocaleString('en-US')} characters
          </p>
        </>,
      )}
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
