import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import styles from './styles.module.css';

export interface Audience {
  /** Who the card is for, e.g. "Mission planners". */
  title: string;
  /** One sentence on what they do with Orrery. */
  summary: string;
  /** Where they should start: a site path without the base. */
  to: string;
  /** The link text. */
  cta: string;
}

export default function AudienceCards({audiences}: {audiences: readonly Audience[]}): ReactNode {
  return (
    <ul className={styles.grid}>
      {audiences.map((audience) => (
        <li key={audience.title} className={styles.card}>
          <Heading as="h3" className={styles.title}>
            {audience.title}
          </Heading>
          <p>{audience.summary}</p>
          <Link className={styles.link} to={audience.to}>
            {audience.cta}
          </Link>
        </li>
      ))}
    </ul>
  );
}
