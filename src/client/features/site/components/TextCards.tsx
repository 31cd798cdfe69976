import styles from '../../../styles/site.module.css';

/** A grid of cards, each a short title over a line of text (values, benefits). */
export function TextCards({ items }: { items: readonly { title: string; text: string }[] }) {
  return (
    <ul className={styles.grid}>
      {items.map((item) => (
        <li key={item.title} className={styles.card}>
          <h3 className={styles.cardTitle}>{item.title}</h3>
          <p className={styles.cardText}>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
