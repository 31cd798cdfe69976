import { useState } from 'react';
import { Link } from 'react-router';
import { SOCIAL_LINKS } from '../../shared/site';
import { PATHS, contactPath } from '../config/paths';
import { ButtonLink } from '../components/ButtonLink';
import { SearchBox } from '../components/SearchBox';
import { Tabs } from '../components/Tabs';
import { SitePage } from '../features/site/components/SitePage';
import site from '../styles/site.module.css';
import { COMMUNITY_EVENTS, DISCUSSIONS, SHARED_STRATEGIES } from '../features/site/content/community';
import { matchesQuery } from '../features/site/search';
import styles from './CommunityPage.module.css';

type CommunityTab = 'forum' | 'strategies' | 'events';

const telegram = SOCIAL_LINKS.find((link) => link.label === 'Telegram');
const youtube = SOCIAL_LINKS.find((link) => link.label === 'YouTube');

/** Community (docs/product.md#screens-and-routes): Discussion Forum, Strategy Sharing and Events & Webinars tabs. */
export function CommunityPage() {
  const [tab, setTab] = useState<CommunityTab>('forum');

  return (
    <SitePage
      title="Community"
      lead="Learn from other traders and researchers: common questions, strategies to start from, and monthly sessions."
      description="Discussions, shared strategy templates and monthly online sessions for Backtest Studio users."
    >
      <Tabs
        label="Community sections"
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'forum', label: 'Discussion Forum', panel: <Forum /> },
          { id: 'strategies', label: 'Strategy Sharing', panel: <StrategySharing /> },
          { id: 'events', label: 'Events & Webinars', panel: <Events /> },
        ]}
      />
    </SitePage>
  );
}

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

function Forum() {
  const [query, setQuery] = useState('');
  const shown = DISCUSSIONS.filter((discussion) => matchesQuery(discussion.title, query));
  return (
    <>
      <h2>Popular discussions</h2>
      <SearchBox label="Search discussions by title" value={query} onChange={setQuery} />
      <p className={site.count} role="status">
        {shown.length === DISCUSSIONS.length
          ? `${shown.length} discussions`
          : `${shown.length} of ${DISCUSSIONS.length} discussions match`}
      </p>
      {shown.length === 0 ? (
        <p className={site.empty}>No discussion has “{query.trim()}” in its title.</p>
      ) : (
        <div className={site.faq}>
          {shown.map((discussion) => (
            <details key={discussion.title} className={site.faqItem}>
              <summary>
                {discussion.title} <span className={styles.topic}>{discussion.topic}</span>
              </summary>
              <p>
                <strong>Question:</strong> {discussion.question}
              </p>
              <p>
                <strong>Answer:</strong> {discussion.answer}
              </p>
            </details>
          ))}
        </div>
      )}
      <div className={`${site.panel} ${styles.callout}`}>
        <p>Have a question of your own? Ask it in our Telegram group, or write to the support team.</p>
        <div className={site.actions}>
          {telegram ? <ExternalLink href={telegram.href}>Ask on Telegram</ExternalLink> : null}
          <Link to={PATHS.support}>Ask support</Link>
        </div>
      </div>
    </>
  );
}

function StrategySharing() {
  return (
    <>
      <h2>Strategies to start from</h2>
      <p className={site.sectionLead}>
        Templates members build on most often. Each links to its full write-up with the builder settings.
      </p>
      <ul className={site.grid}>
        {SHARED_STRATEGIES.map((strategy) => (
          <li key={strategy.title} className={site.card}>
            <h3 className={site.cardTitle}>{strategy.title}</h3>
            <p className={site.meta}>
              {strategy.market} · {strategy.timeframe}
            </p>
            <p className={site.cardText}>{strategy.rules}</p>
            <Link to={strategy.link.to}>{strategy.link.label}</Link>
          </li>
        ))}
      </ul>
      <div className={`${site.panel} ${styles.callout}`}>
        <p>
          Built something worth sharing? Send us its rules and results; we review every submission and publish
          the clearest ones with credit.
        </p>
        <ButtonLink to={contactPath('community')}>Share a strategy</ButtonLink>
      </div>
    </>
  );
}

function Events() {
  return (
    <>
      <h2>Monthly sessions</h2>
      <ul className={site.grid}>
        {COMMUNITY_EVENTS.map((event) => (
          <li key={event.title} className={site.card}>
            <h3 className={site.cardTitle}>{event.title}</h3>
            <p className={site.meta}>{event.schedule}</p>
            <p className={site.meta}>{event.format}</p>
            <p className={site.cardText}>{event.description}</p>
            <Link to={contactPath('community')}>Reserve a seat: {event.title}</Link>
          </li>
        ))}
      </ul>
      <div className={`${site.panel} ${styles.callout}`}>
        <p>Missed a session? Recordings of past webinars are on our YouTube channel.</p>
        {youtube ? <ExternalLink href={youtube.href}>Watch past webinars on YouTube</ExternalLink> : null}
      </div>
    </>
  );
}
