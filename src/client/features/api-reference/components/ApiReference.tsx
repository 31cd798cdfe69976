import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { LoadError } from '../../../components/LoadError';
import { errorMessage } from '../../../lib/error-message';
import { openApiDocumentQuery } from '../api';
import {
  type OpenApiDocument,
  type SecurityScheme,
  operationsByTag,
  schemaAnchor,
} from '../openapi-document';
import styles from './ApiReference.module.css';
import { OperationCard } from './OperationCard';
import { SchemaView } from './SchemaView';
import { TextWithCode } from './TextWithCode';

/** The document's address, shown and linked as the machine-readable reference. */
const DOCUMENT_PATH = '/api/openapi.json';

const tagAnchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/**
 * The API reference, read from the OpenAPI document: the API's description and server, a list
 * of its sections, every operation by tag, how to authenticate, and the shared schemas.
 */
export function ApiReference() {
  const document = useQuery(openApiDocumentQuery());
  if (document.isPending) return <p role="status">Loading the reference...</p>;
  if (document.isError) {
    return (
      <LoadError onRetry={() => void document.refetch()}>
        The API’s description could not be loaded: {errorMessage(document.error)}
      </LoadError>
    );
  }
  return <Reference document={document.data} />;
}

function Reference({ document }: { document: OpenApiDocument }) {
  const groups = operationsByTag(document);
  const schemes = Object.entries(document.components.securitySchemes);
  const schemas = Object.entries(document.components.schemas);
  useScrollToAddressedElement();

  return (
    <div className={styles.reference}>
      {document.info.description && (
        <p className={styles.description}>
          <TextWithCode text={document.info.description} />
        </p>
      )}
      <dl className={styles.facts}>
        <dt>Version</dt>
        <dd>{document.info.version}</dd>
        <dt>Server</dt>
        <dd>
          <code>{document.servers[0]?.url ?? window.location.origin}</code>
        </dd>
        <dt>OpenAPI {document.openapi} document</dt>
        <dd>
          <a href={DOCUMENT_PATH}>{DOCUMENT_PATH}</a>
        </dd>
      </dl>

      <nav aria-label="API sections" className={styles.sections}>
        <ul>
          {groups.map(({ tag, operations }) => (
            <li key={tag}>
              <a href={`#${tagAnchor(tag)}`}>{tag}</a>{' '}
              <span className={styles.count}>({operations.length})</span>
            </li>
          ))}
          {schemes.length > 0 && (
            <li>
              <a href="#authentication">Authentication</a>
            </li>
          )}
          {schemas.length > 0 && (
            <li>
              <a href="#schemas">Schemas</a>
            </li>
          )}
        </ul>
      </nav>

      {groups.map(({ tag, operations }) => (
        <section key={tag} id={tagAnchor(tag)} aria-labelledby={`${tagAnchor(tag)}-title`}>
          <h2 id={`${tagAnchor(tag)}-title`} className={styles.tagTitle}>
            {tag}
          </h2>
          {operations.map((entry) => (
            <OperationCard key={`${entry.method} ${entry.path}`} entry={entry} />
          ))}
        </section>
      ))}

      {schemes.length > 0 && (
        <section id="authentication" aria-labelledby="authentication-title">
          <h2 id="authentication-title" className={styles.tagTitle}>
            Authentication
          </h2>
          <dl className={styles.schemes}>
            {schemes.map(([name, scheme]) => (
              <div key={name}>
                <dt>
                  <code>{name}</code>: {schemeKind(scheme)}
                </dt>
                {scheme.description && (
                  <dd>
                    <TextWithCode text={scheme.description} />
                  </dd>
                )}
              </div>
            ))}
          </dl>
        </section>
      )}

      {schemas.length > 0 && (
        <section id="schemas" aria-labelledby="schemas-title">
          <h2 id="schemas-title" className={styles.tagTitle}>
            Schemas
          </h2>
          {schemas.map(([name, schema]) => (
            <section
              key={name}
              id={schemaAnchor(name)}
              aria-labelledby={`${schemaAnchor(name)}-title`}
              className={styles.operation}
            >
              <h3 id={`${schemaAnchor(name)}-title`} className={styles.operationTitle}>
                <code>{name}</code>
              </h3>
              <SchemaView schema={schema} />
            </section>
          ))}
        </section>
      )}
    </div>
  );
}

/** How a scheme is sent, in words: "HTTP bearer authentication", "the session cookie". */
function schemeKind(scheme: SecurityScheme): string {
  const words =
    scheme.type === 'http'
      ? `HTTP ${scheme.scheme ?? ''} authentication`
      : scheme.type === 'apiKey'
        ? `the ${scheme.name ?? ''} ${scheme.in ?? 'header'}`
        : scheme.type;
  return words.replace(/\s+/g, ' ');
}

/**
 * Scrolls to the element the address named on arrival (/api/docs#schemas) once the reference
 * is shown: the site's scroll manager looked for it before the document had loaded. Later
 * jumps within the page are the browser's own.
 */
function useScrollToAddressedElement() {
  const { hash } = useLocation();
  const [addressed] = useState(hash);
  useEffect(() => {
    if (addressed) window.document.getElementById(decodeURIComponent(addressed.slice(1)))?.scrollIntoView();
  }, [addressed]);
}
