import { Link } from 'react-router';
import { SUPPORT_RESPONSE } from '../../shared/plans';
import { PATHS } from '../config/paths';
import { FaqList } from '../features/site/components/FaqList';
import { SitePage } from '../features/site/components/SitePage';
import { SiteSection } from '../features/site/components/SiteSection';
import site from '../styles/site.module.css';
import { QUICK_FIXES } from '../features/site/content/support';

const PLACES = [
  {
    title: 'Support centre',
    text: 'Searchable answers by topic, and a form to reach the team.',
    to: PATHS.support,
  },
  {
    title: 'Documentation',
    text: 'Every field, indicator, pattern, exit rule and metric.',
    to: PATHS.documentation,
  },
  { title: 'Tutorials', text: 'Step-by-step lessons from your first backtest onwards.', to: PATHS.tutorials },
  { title: 'FAQ', text: 'Short answers about the product, plans and your data.', to: PATHS.faq },
  {
    title: 'Community',
    text: 'Popular discussions, strategy templates and monthly sessions.',
    to: PATHS.community,
  },
  { title: 'Contact us', text: `Write to us; we answer ${SUPPORT_RESPONSE.standard}.`, to: PATHS.contact },
];

/** Help (footer route): where to find answers, and the fixes people need most. */
export function HelpPage() {
  return (
    <SitePage
      title="Help"
      lead="Find an answer fast, or reach a person."
      description="Where to find answers about Backtest Studio, and quick fixes for common problems."
    >
      <ul className={site.grid}>
        {PLACES.map((place) => (
          <li key={place.to} className={site.card}>
            <h2 className={site.cardTitle}>
              <Link to={place.to} className={site.cardLink}>
                {place.title}
              </Link>
            </h2>
            <p className={site.cardText}>{place.text}</p>
          </li>
        ))}
      </ul>
      <SiteSection id="quick-fixes" title="Quick fixes">
        <FaqList items={QUICK_FIXES} />
      </SiteSection>
    </SitePage>
  );
}
