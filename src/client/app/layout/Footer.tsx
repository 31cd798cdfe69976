import { Link } from 'react-router';
import { PARENT_COMPANY, PRODUCT_NAME, SOCIAL_LINKS, copyrightYears } from '../../../shared/site';
import styles from './Footer.module.css';
import { FOOTER_COLUMNS } from './navigation';

/** The shared footer (docs/product.md#screens-and-routes): site links, the parent company, social links. */
export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className="container">
        <nav aria-label="Footer" className={styles.columns}>
          {FOOTER_COLUMNS.map((column) => (
            <div key={column.label}>
              <h2 className={styles.heading}>{column.label}</h2>
              <ul className={styles.list}>
                {column.items.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to}>{item.label}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className={styles.company}>
          <div>
            <h2 className={styles.heading}>{PARENT_COMPANY.name}</h2>
            <address className={styles.address}>
              {PARENT_COMPANY.addressLines.map((line) => (
                <span key={line}>
                  {line}
                  <br />
                </span>
              ))}
            </address>
            <p>
              {PARENT_COMPANY.taxIdLabel}: {PARENT_COMPANY.taxId}
            </p>
          </div>
          <div>
            <h2 className={styles.heading}>Follow us</h2>
            <ul className={styles.social}>
              {SOCIAL_LINKS.map((social) => (
                <li key={social.href}>
                  <a href={social.href} rel="noopener noreferrer" target="_blank">
                    {social.label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <p className={styles.copyright}>
          © {copyrightYears(new Date().getFullYear())} {PARENT_COMPANY.name}. All rights reserved.{' '}
          {PRODUCT_NAME} is a simulation tool for users aged 18 and over; nothing on this site is financial
          advice.
        </p>
      </div>
    </footer>
  );
}
