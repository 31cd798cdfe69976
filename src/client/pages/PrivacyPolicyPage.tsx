import { PRIVACY_POLICY_EFFECTIVE } from '../../shared/site';
import { Sections } from '../features/site/components/ContentBlocks';
import { SitePage } from '../features/site/components/SitePage';
import site from '../styles/site.module.css';
import { PRIVACY_SECTIONS } from '../features/site/content/legal';

/** The privacy policy on its own page (docs/product.md#screens-and-routes), effective 2 August 2025. */
export function PrivacyPolicyPage() {
  return (
    <SitePage
      title="Privacy Policy"
      description={`What personal data Backtest Studio keeps, why, for how long, and your rights. Effective ${PRIVACY_POLICY_EFFECTIVE}.`}
      intro={<p className={site.meta}>Effective {PRIVACY_POLICY_EFFECTIVE}</p>}
    >
      <div className={site.prose}>
        <Sections sections={PRIVACY_SECTIONS} />
      </div>
    </SitePage>
  );
}
