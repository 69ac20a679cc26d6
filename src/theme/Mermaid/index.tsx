/**
 * Wraps @theme-original/Mermaid (@docusaurus/theme-mermaid 3.10.2). A diagram the build drew
 * (src/plugins/mermaid-svg) arrives as two SVGs, one per color mode; CSS shows the one that
 * matches `html[data-theme]`, so switching modes needs no script and the Mermaid library never
 * loads. A diagram the build could not draw (no Chromium) arrives as its source, and the
 * theme's component draws it in the browser as before.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Mermaid from '@theme-original/Mermaid';
import styles from './styles.module.css';

interface Props {
  /** The diagram's source, when the build left it to the browser. */
  value?: string;
  /** The diagram drawn for the light and the dark color mode. */
  light?: string;
  dark?: string;
}

export default function MermaidDiagram({value, light, dark}: Props): ReactNode {
  if (light === undefined || dark === undefined) return <Mermaid value={value ?? ''} />;
  return (
    <div className={clsx('docusaurus-mermaid-container', styles.diagram)}>
      <div className={styles.light} data-mermaid-variant="light" dangerouslySetInnerHTML={{__html: light}} />
      {/* display: none in light mode, which also hides it from assistive technology. The search index skips it. */}
      <div
        className={styles.dark}
        data-mermaid-variant="dark"
        data-pagefind-ignore="all"
        dangerouslySetInnerHTML={{__html: dark}}
      />
    </div>
  );
}
