import { Link } from 'react-router';
import { PATHS } from '../config/paths';
import { FaqList } from '../features/site/components/FaqList';
import { SitePage } from '../features/site/components/SitePage';
import site from '../styles/site.module.css';
import { FAQ_GROUPS } from '../features/site/content/faq';

/** Frequently asked questions (footer route), grouped by subject. */
export function FaqPage() {
  return (
    <SitePage
      title="Frequently asked questions"
      lead="Short answers to the questions we hear most."
      description="Answers about the product, backtesting, plans and billing, support and your data."
    >
      {FAQ_GROUPS.map((group) => (
        <section key={group.id} id={group.id} aria-labelledby={`${group.id}-title`} className={site.section}>
          <h2 id={`${group.id}-title`}>{group.title}</h2>
          <FaqList items={group.items} />
        </section>
      ))}
      <p className={site.section}>
        Still have a question? <Link to={PATHS.support}>Visit the support centre</Link> or{' '}
        <Link to={PATHS.contact}>contact us</Link>.
      </p>
    </SitePage>
  );
}
