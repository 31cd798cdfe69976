import { ListingPage } from '../features/site/components/ListingPage';
import { LISTINGS } from '../features/site/content/listings';

/** The six content listings (docs/product.md#screens-and-routes), one route component each. */
export const ResearchPage = () => <ListingPage listing={LISTINGS.research} />;
export const PressPage = () => <ListingPage listing={LISTINGS.press} />;
export const TechnicalPage = () => <ListingPage listing={LISTINGS.technical} />;
export const OptionsPage = () => <ListingPage listing={LISTINGS.options} />;
export const FundamentalPage = () => <ListingPage listing={LISTINGS.fundamental} />;
export const QuantitativePage = () => <ListingPage listing={LISTINGS.quantitative} />;
