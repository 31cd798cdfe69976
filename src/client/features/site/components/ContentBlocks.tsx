import { Link } from 'react-router';
import type { Block, Section } from '../content/blocks';
import tables from '../../../styles/tables.module.css';
import styles from './ContentBlocks.module.css';

/** Renders written content: paragraphs, lists, definitions, tables, notes and links. */
export function ContentBlocks({ blocks }: { blocks: readonly Block[] }) {
  return (
    <>
      {blocks.map((block, index) => (
        <BlockView key={index} block={block} />
      ))}
    </>
  );
}

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'note':
      return <p className={styles.note}>{block.text}</p>;
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List className={styles.list}>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </List>
      );
    }
    case 'definitions':
      return (
        <dl className={styles.definitions}>
          {block.items.map((item) => (
            <div key={item.term}>
              <dt>{item.term}</dt>
              <dd>{item.text}</dd>
            </div>
          ))}
        </dl>
      );
    case 'table':
      return (
        <div
          className={`${tables.scroll} ${styles.tableWrap}`}
          tabIndex={0}
          role="region"
          aria-label={block.caption}
        >
          <table className={`${tables.table} ${styles.table}`}>
            <caption>{block.caption}</caption>
            <thead>
              <tr>
                {block.head.map((cell) => (
                  <th key={cell} scope="col">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row) => (
                <tr key={row.join('|')}>
                  {row.map((cell, index) =>
                    index === 0 ? (
                      <th key={index} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={index}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'links':
      return (
        <ul className={styles.links}>
          {block.items.map((item) => (
            <li key={item.to}>
              <Link to={item.to}>{item.label}</Link>
            </li>
          ))}
        </ul>
      );
  }
}

interface SectionsProps {
  sections: readonly Section[];
  /** The level of each section's heading; the page's h1 sits above. */
  level?: 2 | 3;
}

/** Titled sections, each a region a fragment link can reach (#id). */
export function Sections({ sections, level = 2 }: SectionsProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <>
      {sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          className={styles.section}
        >
          <Heading id={`${section.id}-title`}>{section.title}</Heading>
          <ContentBlocks blocks={section.blocks} />
        </section>
      ))}
    </>
  );
}
