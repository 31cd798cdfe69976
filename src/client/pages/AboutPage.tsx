import { MARKETING_STATS, PARENT_COMPANY, PRODUCT_NAME } from '../../shared/site';
import { PATHS } from '../config/paths';
import { ButtonLink } from '../components/ButtonLink';
import { SitePage } from '../features/site/components/SitePage';
import { SiteSection } from '../features/site/components/SiteSection';
import { TextCards } from '../features/site/components/TextCards';
import site from '../styles/site.module.css';
import { MILESTONES, VALUES } from '../features/site/content/company';
import styles from './AboutPage.module.css';

/** About us (footer route). */
export function AboutPage() {
  return (
    <SitePage
      title="About us"
      lead={`${PRODUCT_NAME} exists so that traders, analysts and researchers can find out whether an idea works before they risk money on it.`}
      description={`Who builds ${PRODUCT_NAME}, what we believe about backtesting, and the company behind it.`}
    >
      <section aria-labelledby="mission-title" className={site.prose}>
        <h2 id="mission-title">Our mission</h2>
        <p>
          Professional trading desks test every idea on years of data, with realistic costs and checks for
          luck. Individual traders rarely had those tools. We built a platform that brings them within reach:
          a no-code builder, a careful simulation engine, machine-learning backtests and overfitting
          detection, in one place and in plain words.
        </p>
        <p>
          We are a simulation company. We do not run a brokerage, we do not trade, and we do not give
          financial advice.
        </p>
      </section>

      <ul className={styles.stats} aria-label="The platform in numbers">
        {MARKETING_STATS.map((stat) => (
          <li key={stat.label}>
            <strong>{stat.value}</strong> {stat.label}
          </li>
        ))}
      </ul>

      <SiteSection id="values" title="What we believe">
        <TextCards items={VALUES} />
      </SiteSection>

      <SiteSection id="story" title="Our story so far">
        <ol className={styles.timeline}>
          {MILESTONES.map((milestone) => (
            <li key={milestone.year}>
              <strong>{milestone.year}</strong>
              <span>{milestone.text}</span>
            </li>
          ))}
        </ol>
      </SiteSection>

      <section aria-labelledby="company-title" className={`${site.section} ${site.panel}`}>
        <h2 id="company-title">The company</h2>
        <p>
          {PRODUCT_NAME} is operated by {PARENT_COMPANY.name}, {PARENT_COMPANY.addressLines.join(', ')}. CIN{' '}
          {PARENT_COMPANY.corporateId}, {PARENT_COMPANY.taxIdLabel} {PARENT_COMPANY.taxId}.
        </p>
        <div className={site.actions}>
          <ButtonLink to={PATHS.team}>Meet the team</ButtonLink>
          <ButtonLink to={PATHS.careers} variant="secondary">
            Work with us
          </ButtonLink>
        </div>
      </section>
    </SitePage>
  );
}
