import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { isContactSubject } from '../../shared/contact';
import { SUPPORT_RESPONSE } from '../../shared/plans';
import { PARENT_COMPANY, PRODUCT_NAME, SUPPORT_HOURS } from '../../shared/site';
import { ContactForm } from '../features/site/components/ContactForm';
import { SitePage } from '../features/site/components/SitePage';
import site from '../styles/site.module.css';
import styles from './ContactPage.module.css';

/** Contact (docs/product.md#screens-and-routes): company facts, channels, billing, and a working form. */
export function ContactPage() {
  const [params] = useSearchParams();
  const subject = params.get('subject');

  return (
    <SitePage
      title="Contact us"
      lead={`Questions about plans, billing, your account or the simulator: we answer ${SUPPORT_RESPONSE.standard}.`}
      description={`Write to the ${PRODUCT_NAME} team: sales, billing, support, press or privacy. Registered office in Bengaluru, India.`}
      bodyClassName={styles.layout}
    >
      <section aria-labelledby="contact-form-title" className={styles.formPanel}>
        <h2 id="contact-form-title">Send us a message</h2>
        <ContactForm
          key={subject ?? ''}
          source="contact"
          labelledBy="contact-form-title"
          initialSubject={isContactSubject(subject) ? subject : undefined}
        />
      </section>
      <div className={styles.facts}>
        <FactCard id="corporate" title="Corporate information">
          <p>
            {PRODUCT_NAME} is operated by {PARENT_COMPANY.name}, which also processes all payments.
          </p>
        </FactCard>
        <FactCard id="office" title="Registered office">
          <address className={styles.address}>
            {PARENT_COMPANY.name}
            {PARENT_COMPANY.addressLines.map((line) => (
              <span key={line}>
                <br />
                {line}
              </span>
            ))}
          </address>
        </FactCard>
        <FactCard id="ids" title="Business identifiers">
          <dl className={styles.ids}>
            <div>
              <dt>Corporate Identity Number (CIN)</dt>
              <dd>{PARENT_COMPANY.corporateId}</dd>
            </div>
            <div>
              <dt>{PARENT_COMPANY.taxIdLabel}</dt>
              <dd>{PARENT_COMPANY.taxId}</dd>
            </div>
          </dl>
        </FactCard>
        <FactCard id="channels" title="Contact channels">
          <ul className={styles.channels}>
            <li>
              Support: <a href={`mailto:${PARENT_COMPANY.email}`}>{PARENT_COMPANY.email}</a>
            </li>
            <li>
              Sales: <a href={`mailto:${PARENT_COMPANY.salesEmail}`}>{PARENT_COMPANY.salesEmail}</a>
            </li>
            <li>Hours: {SUPPORT_HOURS}</li>
            <li>Priority support: {SUPPORT_RESPONSE.priority}</li>
          </ul>
        </FactCard>
        <FactCard id="billing" title="Billing information">
          <p>
            Invoices are issued by {PARENT_COMPANY.name} with GST where it applies. For a duplicate charge or
            an invoice question, write to{' '}
            <a href={`mailto:${PARENT_COMPANY.billingEmail}`}>{PARENT_COMPANY.billingEmail}</a> with the date
            and amount.
          </p>
        </FactCard>
      </div>
    </SitePage>
  );
}

/** One card of facts beside the form, named by its heading. */
function FactCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={site.card}>
      <h2 id={`${id}-title`} className={site.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
