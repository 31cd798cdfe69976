import { PATHS } from '../config/paths';
import { ApiReference } from '../features/api-reference/components/ApiReference';
import { SitePage } from '../features/site/components/SitePage';

/** /api/docs: every route of the API, read from its OpenAPI document. */
export function ApiReferencePage() {
  return (
    <SitePage
      title="Backtest Studio API reference"
      metaTitle="API reference"
      lead="Every route of the JSON API: its parameters, request body and answers, from the API’s OpenAPI document."
      description="Backtest Studio's API reference: every route with its parameters, request and response schemas, read from the OpenAPI 3.1 document."
      trail={[
        { label: 'Documentation', to: PATHS.documentation },
        { label: 'Use the API', to: PATHS.apiGuide },
      ]}
    >
      <ApiReference />
    </SitePage>
  );
}
