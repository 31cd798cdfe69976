import { PATHS } from '../config/paths';
import { ButtonLink } from '../components/ButtonLink';
import { ListingCard } from '../features/site/components/ListingPage';
import { SitePage } from '../features/site/components/SitePage';
import site from '../styles/site.module.css';
import { latestArticles } from '../features/site/content/listings';

/** The blog (docs/product.md#screens-and-routes): the newest research notes and announcements in one stream. */
export function BlogPage() {
  return (
    <SitePage
      title="Blog"
      lead="Research notes on testing strategies honestly, and news about the platform, newest first."
      description="The latest research notes and announcements from Backtest Studio: overfitting, validation, fills, costs and product news."
    >
      <ul className={site.cards}>
        {latestArticles().map(({ listing, item }) => (
          <ListingCard
            key={`${listing.id}-${item.slug}`}
            item={item}
            to={listing.itemPath(item.slug)}
            kind={listing.title}
          />
        ))}
      </ul>
      <div className={site.actions}>
        <ButtonLink to={PATHS.research} variant="secondary">
          All research
        </ButtonLink>
        <ButtonLink to={PATHS.press} variant="secondary">
          All press releases
        </ButtonLink>
      </div>
    </SitePage>
  );
}
