import { SYNTHETIC_PRICES_BANNER } from '../../../../shared/data-sources';
import { Alert } from '../../../components/Alert';

/** The banner of a run on synthetic demo prices, on its result page and its shared page. */
export function SyntheticPricesBanner({ source }: { source: string }) {
  if (source !== 'synthetic') return null;
  return <Alert tone="warning">{SYNTHETIC_PRICES_BANNER}</Alert>;
}
