import { useState } from 'react';
import { Link } from 'react-router';
import { SUPPORT_RESPONSE } from '../../shared/plans';
import { PARENT_COMPANY, SOCIAL_LINKS, SUPPORT_HOURS } from '../../shared/site';
import { PATHS } from '../config/paths';
import { SearchBox } from '../components/SearchBox';
import { Tabs } from '../components/Tabs';
import { ContactForm } from '../features/site/components/ContactForm';
import { FaqList } from '../features/site/components/FaqList';
import { SitePage } from '../features/site/components/SitePage';
import { SiteSection } from '../features/site/components/SiteSection';
import site from '../styles/site.module.css';
import { FAQ_GROUPS } from '../features/site/content/faq';
import { HELP_TOPICS, type HelpTopicId } from '../features/site/content/support';
import { matchesQuery } from '../features/site/search';

const ALL_ARTICLES = HELP_TOPICS.flatMap((topic) => topic.articles);
const telegram = SOCIAL_LINKS.find((link) => link.label === 'Telegram');

/** The help centre (docs/product.md#screens-and-routes): search, three topic tabs, FAQ, contact cards, form. */
export function SupportPage() {
  const [query, setQuery] = useState('');
  const [topic, setTopic] = useState<HelpTopicId>('getting-started');
  const results = ALL_ARTICLES.filter((article) =>
    matchesQuery(`${article.question} ${article.answer}`, query),
  );
  const searching = query.trim() !== '';

  return (
    <SitePage
      title="Support"
      lead="How can we help? Search the help centre or browse by topic."
      description="Answers about getting started, backtesting features and your account, and a form to reach the support team."
    >
      <SearchBox label="Search the help centre" value={query} onChange={setQuery} />
      <p className={site.count} role="status">
        {searching ? `${results.length} of ${ALL_ARTICLES.length} answers match` : ''}
      </p>

      <section aria-labelledby="help-topics-title">
        <h2 id="help-topics-title">{searching ? 'Search results' : 'Help topics'}</h2>
        {searching ? (
          results.length > 0 ? (
            <FaqList items={results} />
          ) : (
            <p className={site.empty}>
              No answer mentions “{query.trim()}”. Try another word, or ask us with the form below.
            </p>
          )
        ) : (
          <Tabs
            label="Help topics"
            value={topic}
            onChange={setTopic}
            tabs={HELP_TOPICS.map((helpTopic) => ({
              id: helpTopic.id,
              label: helpTopic.label,
              panel: <FaqList items={helpTopic.articles} />,
            }))}
          />
        )}
      </section>

      <SiteSection id="support-faq" title="Frequently asked questions">
        <FaqList items={FAQ_GROUPS.find((group) => group.id === 'support')?.items ?? []} />
        <p>
          <Link to={PATHS.faq}>Read all frequently asked questions</Link>
        </p>
      </SiteSection>

      <SiteSection id="channels" title="Other ways to reach us">
        <ul className={site.grid}>
          <li className={site.card}>
            <h3 className={site.cardTitle}>Email support</h3>
            <p className={site.cardText}>
              {SUPPORT_HOURS}; answers {SUPPORT_RESPONSE.standard}.
            </p>
            <a href={`mailto:${PARENT_COMPANY.email}`}>{PARENT_COMPANY.email}</a>
          </li>
          <li className={site.card}>
            <h3 className={site.cardTitle}>Documentation</h3>
            <p className={site.cardText}>Every builder field, indicator, exit rule and metric, explained.</p>
            <Link to={PATHS.documentation}>Open the documentation</Link>
          </li>
          <li className={site.card}>
            <h3 className={site.cardTitle}>Community</h3>
            <p className={site.cardText}>Ask other traders, share strategies and join monthly sessions.</p>
            <Link to={PATHS.community}>Visit the community</Link>
          </li>
          {telegram ? (
            <li className={site.card}>
              <h3 className={site.cardTitle}>Telegram</h3>
              <p className={site.cardText}>Product news and quick questions in our channel.</p>
              <a href={telegram.href} target="_blank" rel="noopener noreferrer">
                Join on Telegram<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ) : null}
        </ul>
      </SiteSection>

      <SiteSection id="support-form" title="Ask the support team">
        <p className={site.sectionLead}>
          Tell us what you tried and what happened. Priority support answers {SUPPORT_RESPONSE.priority}.
        </p>
        <ContactForm source="support" initialSubject="technical" labelledBy="support-form-title" />
      </SiteSection>
    </SitePage>
  );
}
