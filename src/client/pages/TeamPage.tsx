import { PRODUCT_NAME } from '../../shared/site';
import { PATHS } from '../config/paths';
import { ButtonLink } from '../components/ButtonLink';
import { SitePage } from '../features/site/components/SitePage';
import site from '../styles/site.module.css';
import { TEAM } from '../features/site/content/company';
import styles from './TeamPage.module.css';

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('');
}

/** The team (footer route). */
export function TeamPage() {
  return (
    <SitePage
      title="Our team"
      lead="Engineers, researchers and designers who care about one thing: results you can trust."
      description={`The engineers, researchers and designers who build ${PRODUCT_NAME}.`}
    >
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
    </SitePage>
  );
}
