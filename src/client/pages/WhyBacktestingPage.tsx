import { Link } from 'react-router';
import { PATHS } from '../config/paths';
import { ButtonLink } from '../components/ButtonLink';
import { FaqList } from '../features/site/components/FaqList';
import { SitePage } from '../features/site/components/SitePage';
import { SiteSection } from '../features/site/components/SiteSection';
import { TextCards } from '../features/site/components/TextCards';
import site from '../styles/site.module.css';
import { WHY_BACKTESTING_FAQ } from '../features/site/content/faq';
import { WHY_BENEFITS, WHY_EXPLANATION, WHY_QUOTES } from '../features/site/content/why-backtesting';
import styles from './WhyBacktestingPage.module.css';

/** Why backtest (docs/product.md#screens-and-routes): explanation, benefits, quotes, four FAQs and a call to action. */
export function WhyBacktestingPage() {
  return (
    <SitePage
      title="Why backtesting?"
      lead="Test a trading idea on years of history in minutes, and find its weaknesses before the market does."
      metaTitle={'Why backtesting'}
      description="What a backtest tells you, what it cannot, and why testing a strategy on historical data comes before risking money."
    >
      <section aria-labelledby="what-title" className={site.prose}>
        <h2 id="what-title">What a backtest is</h2>
        {WHY_EXPLANATION.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>

      <SiteSection id="benefits" title="What you gain">
        <TextCards items={WHY_BENEFITS} />
      </SiteSection>

      <SiteSection id="quotes" title="Words worth keeping in mind">
        <div className={styles.quotes}>
          {WHY_QUOTES.map((quote) => (
            <figure key={quote.author} className={styles.quote}>
              <blockquote>
                <p>“{quote.text}”</p>
              </blockquote>
              <figcaption>
                {quote.author}, <cite>{quote.source}</cite>
              </figcaption>
            </figure>
          ))}
        </div>
      </SiteSection>

      <SiteSection id="why-faq" title="Questions people ask">
        <FaqList items={WHY_BACKTESTING_FAQ} />
        <p className={styles.more}>
          More answers in the <Link to={PATHS.faq}>FAQ</Link> and the{' '}
          <Link to={PATHS.documentation}>documentation</Link>.
        </p>
      </SiteSection>

      <section aria-labelledby="cta-title" className={`${site.section} ${site.panel}`}>
        <h2 id="cta-title">Test your first idea</h2>
        <p>Build a strategy from menus, run it on historical data, and read the results in plain numbers.</p>
        <div className={site.actions}>
          <ButtonLink to={PATHS.simulator}>Start Backtesting</ButtonLink>
          <ButtonLink to={PATHS.tutorials} variant="secondary">
            Follow a tutorial
          </ButtonLink>
        </div>
      </section>
    </SitePage>
  );
}
