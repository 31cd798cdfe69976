import type { Faq } from '../content/faq';
import styles from '../../../styles/site.module.css';

/** Questions that open to show their answer (native disclosure: keyboard and reader friendly). */
export function FaqList({ items }: { items: readonly Faq[] }) {
  return (
    <div className={styles.faq}>
      {items.map((item) => (
        <details key={item.question} className={styles.faqItem}>
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
