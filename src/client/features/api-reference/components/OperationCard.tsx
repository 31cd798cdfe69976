import { useState } from 'react';
import { useLocation } from 'react-router';
import { type Operation, type OperationObject, accessOf, operationAnchor } from '../openapi-document';
import { schemaOutline } from '../schema-outline';
import styles from './ApiReference.module.css';
import { BodyView, FieldList } from './SchemaView';
import { TextWithCode } from './TextWithCode';

/**
 * One operation: its method and path as a heading, its summary, what it does beyond its schemas
 * (the description) and who may call it, and a disclosure with its parameters, request body and
 * responses, built when opened (open at once when the address names it: /api/docs#getApiHealth).
 */
export function OperationCard({ entry }: { entry: Operation }) {
  const { hash } = useLocation();
  const id = operationAnchor(entry.operation);
  // Open once the address names it (on arrival or by a link on the page), until toggled by hand.
  const [toggled, setToggled] = useState<boolean | null>(null);
  const open = toggled ?? hash === `#${id}`;
  const { operation } = entry;
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={styles.operation}>
      <h3 id={`${id}-title`} className={styles.operationTitle}>
        <span className={`${styles.method} ${styles[entry.method]}`}>{entry.method.toUpperCase()}</span>{' '}
        <code className={styles.path}>{entry.path}</code>
      </h3>
      <p className={styles.operationSummary}>
        <TextWithCode text={operation.summary} />
      </p>
      {operation.description && <Description text={operation.description} />}
      <p className={styles.access}>{accessOf(operation)}</p>
      <details open={open} onToggle={(event) => setToggled(event.currentTarget.open)}>
        <summary className={styles.disclosure}>
          {detailsLabel(operation)}
          <span className="visually-hidden">
            {' '}
            of {entry.method.toUpperCase()} {entry.path}
          </span>
        </summary>
        {open && <OperationDetails operation={operation} />}
      </details>
    </section>
  );
}

/** What the operation does beyond its schemas: paragraphs split at blank lines. */
function Description({ text }: { text: string }) {
  return (
    <div className={styles.operationDescription}>
      {text.split(/\n\s*\n/).map((paragraph, index) => (
        <p key={index}>
          <TextWithCode text={paragraph} />
        </p>
      ))}
    </div>
  );
}

/** "Parameters, request body and responses": what the disclosure holds. */
function detailsLabel(operation: OperationObject): string {
  const parts = [
    ...(operation.parameters.length > 0 ? ['parameters'] : []),
    ...(operation.requestBody ? ['request body'] : []),
    'responses',
  ];
  const text = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]!;
  return text[0]!.toUpperCase() + text.slice(1);
}

function OperationDetails({ operation }: { operation: OperationObject }) {
  const parameters = operation.parameters.map((parameter) => {
    const node = schemaOutline(parameter.schema ?? {}, parameter.name, parameter.required ?? false);
    return {
      ...node,
      constraints: [`in ${parameter.in}`, ...node.constraints],
      description: parameter.description ?? node.description,
    };
  });
  return (
    <div className={styles.details}>
      {parameters.length > 0 && (
        <>
          <h4 className={styles.partTitle}>Parameters</h4>
          <FieldList nodes={parameters} />
        </>
      )}
      {operation.requestBody && (
        <>
          <h4 className={styles.partTitle}>
            Request body{operation.requestBody.required ? '' : ' (optional)'}
          </h4>
          {Object.entries(operation.requestBody.content).map(([media, { schema }]) => (
            <BodyView key={media} media={media} schema={schema} />
          ))}
        </>
      )}
      <h4 className={styles.partTitle}>Responses</h4>
      <ul className={styles.responses}>
        {Object.entries(operation.responses).map(([status, response]) => (
          <li key={status}>
            <p className={styles.responseLine}>
              <strong className={styles.status}>{status === 'default' ? 'Other' : status}</strong>{' '}
              <TextWithCode text={response.description} />
            </p>
            {Object.entries(response.content ?? {}).map(([media, { schema }]) => (
              <BodyView key={media} media={media} schema={schema} />
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
