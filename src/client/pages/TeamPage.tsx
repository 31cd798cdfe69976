import { PRODUCT_NAME } from '../../shared/site';
import { PATHS } from '../config/paths';
import { ButtonLink } from '../components/ButtonLink';
import { PageIntro } from '../features/site/components/PageIntro';
import site from '../styles/site.module.css';
import { TEAM } from '../features/site/content/company';
import { useDocumentMeta } from '../lib/useDocumentMeta';
import styles from './TeamPage.module.css';

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('');
}

/** The team (footer route). */
export function TeamPage() {
  useDocumentMeta('Our team', `The engineers, researchers and designers who build ${PRODUCT_NAME}.`);
  return (
    <>
      <PageIntro
        title="Our team"
        lead="Engineers, researchers and designers who care about one thing: results you can trust."
      />
      <div className={`container ${site.body}`}>
        <ul className={site.grid}>
          {TEAM.map((member) => (
            <li key={member.name} className={site.card}>
              <span className={styles.avatar} aria-hidden="true">
                {initials(member.name)}
              </span>
              <h2 className={site.cardTitle}>{member.name}</h2>
              <p className={site.meta}>{member.role}</p>
              <p className={site.cardText}>{member.bio}</p>
            </li>
          ))}
        </ul>
        <section aria-labelledby="join-title" className={`${site.section} ${site.panel}`}>
          <h2 id="join-title">Join us</h2>
          <p>We are hiring engineers, researchers and support specialists.</p>
          <ButtonLink to={PATHS.careers}>See open positions</ButtonLink>
        </section>
      </div>
    </>
  );
}
