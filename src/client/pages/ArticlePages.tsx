import { useParams } from 'react-router';
import { STRATEGY_CATEGORIES } from '../config/paths';
import { ArticleView } from '../features/site/components/ArticleView';
import { LISTINGS, type Listing, findListingItem } from '../features/site/content/listings';
import { NotFoundPage } from './NotFoundPage';

/** A card's detail page, or the 404 page when no card has that slug. */
function ListingArticle({ listing, slug }: { listing: Listing; slug: string | undefined }) {
  const item = findListingItem(listing, slug);
  return item ? <ArticleView key={item.slug} listing={listing} item={item} /> : <NotFoundPage />;
}

/** /research/:slug */
export function ResearchArticlePage() {
  const { slug } = useParams();
  return <ListingArticle listing={LISTINGS.research} slug={slug} />;
}

/** /press/:slug */
export function PressReleasePage() {
  const { slug } = useParams();
  return <ListingArticle listing={LISTINGS.press} slug={slug} />;
}

/** /strategies/:category/:slug, for the technical, options, fundamental and quantitative cards. */
export function StrategyPage() {
  const { category, slug } = useParams();
  const listingId = STRATEGY_CATEGORIES.find((id) => id === category?.toLowerCase());
  return listingId ? <ListingArticle listing={LISTINGS[listingId]} slug={slug} /> : <NotFoundPage />;
}
