import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../shared/site';
import { PATHS, contactPath } from '../config/paths';
import { ButtonLink } from '../components/ButtonLink';
import { SitePage } from '../features/site/components/SitePage';
import { SiteSection } from '../features/site/components/SiteSection';
import site from '../styles/site.module.css';
import { BENEFITS, OPENINGS } from '../features/site/content/company';

/** Careers (footer route): open positions and how to apply. */
export function CareersPage() {
  return (
    <SitePage
      title="Careers"
      lead="Help traders test ideas honestly. We are a small team in Bengaluru, with colleagues across India."
      description={`Open positions at ${PRODUCT_NAME} in engineering, research, product and support, in Bengaluru and remote in India.`}
    >
      <section aria-labelledby="openings-title">
        <h2 id="openings-title">Open positions</h2>
        <ul className={site.grid}>
          {OPENINGS.map((opening) => (
            <li key={opening.title} className={site.card}>
              <h3 className={site.cardTitle}>{opening.title}</h3>
              <p className={site.meta}>
                {opening.team} · {opening.location} · {opening.type}
              </p>
              <p className={site.cardText}>{opening.summary}</p>
              <ul>
                {opening.requirements.map((requirement) => (
                  <li key={requirement}>{requirement}</li>
                ))}
              </ul>
              <Link to={contactPath('careers')}>Apply: {opening.title}</Link>
            </li>
          ))}
        </ul>
      </section>
      <SiteSection id="benefits" title="What we offer">
        <ul>
          {BENEFITS.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </SiteSection>
      <section aria-labelledby="apply-title" className={`${site.section} ${site.panel}`}>
        <h2 id="apply-title">How to apply</h2>
        <p>
          Send us a message with the subject “Careers”: the role, a few lines about you, and a link to your CV
          or work. We reply to every application within two weeks. Do not see your role? Write anyway.
        </p>
        <div className={site.actions}>
          <ButtonLink to={contactPath('careers')}>Apply through the contact form</ButtonLink>
          <ButtonLink to={PATHS.team} variant="secondary">
            Meet the team
          </ButtonLink>
        </div>
      </section>
    </SitePage>
  );
}
