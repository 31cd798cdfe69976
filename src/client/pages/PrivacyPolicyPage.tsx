import { PRIVACY_POLICY_EFFECTIVE } from '../../shared/site';
import { Sections } from '../features/site/components/ContentBlocks';
import { PageIntro } from '../features/site/components/PageIntro';
import site from '../styles/site.module.css';
import { PRIVACY_SECTIONS } from '../features/site/content/legal';
import { useDocumentMeta } from '../lib/useDocumentMeta';

/** The privacy policy on its own page (spec section 2), effective 2 August 2025. */
export function PrivacyPolicyPage() {
  useDocumentMeta(
    'Privacy Policy',
    `What personal data Backtest Studio keeps, why, for how long, and your rights. Effective ${PRIVACY_POLICY_EFFECTIVE}.`,
  );
  return (
    <>
      <PageIntro title="Privacy Policy">
        <p className={site.meta}>Effective {PRIVACY_POLICY_EFFECTIVE}</p>
      </PageIntro>
      <div className={`container ${site.body}`}>
        <div className={site.prose}>
          <Sections sections={PRIVACY_SECTIONS} />
        </div>
      </div>
    </>
  );
}
