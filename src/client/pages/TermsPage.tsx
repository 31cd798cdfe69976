import { useSearchParams } from 'react-router';
import { PRIVACY_POLICY_EFFECTIVE } from '../../shared/site';
import { Tabs } from '../components/Tabs';
import { Sections } from '../features/site/components/ContentBlocks';
import { SitePage } from '../features/site/components/SitePage';
import site from '../styles/site.module.css';
import { PRIVACY_SECTIONS, TERMS_SECTIONS } from '../features/site/content/legal';

type TermsTab = 'terms' | 'privacy';

/** Terms and privacy in two tabs (docs/product.md#screens-and-routes); the tab is in the URL (?tab=privacy). */
export function TermsPage() {
  const [params, setParams] = useSearchParams();
  const tab: TermsTab = params.get('tab')?.toLowerCase() === 'privacy' ? 'privacy' : 'terms';

  return (
    <SitePage
      title="Terms and Privacy"
      lead="The rules for using Backtest Studio, and how we handle your personal data."
      description="The terms of use of Backtest Studio, a simulation-only service for users aged 18 and over, and its privacy policy."
    >
      <div className={site.prose}>
        <Tabs
          label="Terms and privacy"
          value={tab}
          onChange={(next) => setParams(next === 'terms' ? {} : { tab: next }, { replace: true })}
          tabs={[
            { id: 'terms', label: 'Terms & Conditions', panel: <Sections sections={TERMS_SECTIONS} /> },
            {
              id: 'privacy',
              label: 'Privacy Policy',
              panel: (
                <>
                  <p className={site.meta}>Effective {PRIVACY_POLICY_EFFECTIVE}</p>
                  <Sections sections={PRIVACY_SECTIONS} />
                </>
              ),
            },
          ]}
        />
      </div>
    </SitePage>
  );
}
