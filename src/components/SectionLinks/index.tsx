import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import styles from './styles.module.css';

export interface Section {
  label: string;
  description: string;
  to: string;
}

export default function SectionLinks({sections}: {sections: readonly Section[]}): ReactNode {
  return (
    <ul className={styles.list}>
      {sections.map((section) => (
        <li key={section.to}>
          <Link to={section.to} className={styles.label}>
            {section.label}
          </Link>
          <span className={styles.description}>{section.description}</span>
        </li>
      ))}
    </ul>
  );
}
