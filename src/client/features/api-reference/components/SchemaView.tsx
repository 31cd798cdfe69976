import { useMemo } from 'react';
import { schemaAnchor } from '../openapi-document';
import { type JsonSchema, type SchemaNode, schemaOutline } from '../schema-outline';
import styles from './ApiReference.module.css';
import { TextWithCode } from './TextWithCode';

/**
 * A request body or an answer of one media type: the type, then its schema's fields as nested
 * lists ("application/json: object", then its fields).
 */
export function BodyView({ media, schema }: { media: string; schema: JsonSchema | undefined }) {
  const root = useMemo(() => (schema ? schemaOutline(schema) : null), [schema]);
  return (
    <div className={styles.schema}>
      <p className={styles.schemaType}>
        <span className={styles.media}>{media}</span>
        {root && (
          <>
            : <FieldLine node={root} />
          </>
        )}
      </p>
      {root && root.children.length > 0 && <FieldList nodes={root.children} />}
    </div>
  );
}

/** A named schema of the document's components: its fields. */
export function SchemaView({ schema }: { schema: JsonSchema }) {
  const root = useMemo(() => schemaOutline(schema), [schema]);
  return (
    <div className={styles.schema}>
      <p className={styles.schemaType}>
        <FieldLine node={root} />
      </p>
      {root.children.length > 0 && <FieldList nodes={root.children} />}
    </div>
  );
}

/** Fields (or a union's shapes), each with the fields inside it. */
export function FieldList({ nodes }: { nodes: readonly SchemaNode[] }) {
  return (
    <ul className={styles.fields}>
      {nodes.map((node, index) => (
        <li key={node.name ?? node.shape ?? index}>
          <FieldLine node={node} />
          {node.children.length > 0 && <FieldList nodes={node.children} />}
        </li>
      ))}
    </ul>
  );
}

/** "name  string  required · 1 to 64 characters — what it is". */
function FieldLine({ node }: { node: SchemaNode }) {
  return (
    <>
      {node.name !== null && <code className={styles.fieldName}>{node.name}</code>}
      {node.shape !== null && <span className={styles.fieldName}>{node.shape}</span>} <TypeName node={node} />
      {node.required && <span className={styles.required}> required</span>}
      {node.constraints.length > 0 && (
        <span className={styles.constraints}> · {node.constraints.join(' · ')}</span>
      )}
      {node.description !== null && (
        <span>
          {' '}
          — <TextWithCode text={node.description} />
        </span>
      )}
    </>
  );
}

/** The type in words, its component schema's name a link to that schema. */
function TypeName({ node }: { node: SchemaNode }) {
  const at = node.ref === null ? -1 : node.type.indexOf(node.ref);
  if (node.ref === null || at < 0) return <span className={styles.type}>{node.type}</span>;
  return (
    <span className={styles.type}>
      {node.type.slice(0, at)}
      <a href={`#${schemaAnchor(node.ref)}`}>{node.ref}</a>
      {node.type.slice(at + node.ref.length)}
    </span>
  );
}
