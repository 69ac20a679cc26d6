/**
 * Wraps @theme-original/Mermaid (@docusaurus/theme-mermaid 3.10.2). A diagram the build drew
 * (src/plugins/mermaid-svg) arrives in one of two ways, each with two SVGs, one per color mode;
 * CSS shows the one that matches `html[data-theme]`, so switching modes needs no script and the
 * Mermaid library never loads:
 * - `drawing` (production builds): the name of the drawing's file. The built page already holds
 *   both SVGs in the slots rendered here (the build fills them after the static rendering);
 *   a page reached by client-side navigation fetches the file and fills them.
 * - `light` and `dark` (`npm start`, or a build with ORRERY_MERMAID_OUTSIDE_JS=0): the SVGs.
 * A diagram the build could not draw (no Chromium) arrives as its source, and the theme's
 * component draws it in the browser as before. The search index skips drawn diagrams: the index
 * is built while the build fills the slots, and must not depend on which pages it reads first.
 */
import {useEffect, useLayoutEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Mermaid from '@theme-original/Mermaid';
import {SLOT_ATTRIBUTE, drawingFile, type DrawingFile} from '../../plugins/mermaid-svg/drawings';
import styles from './styles.module.css';

interface Props {
  /** The diagram's source, when the build left it to the browser. */
  value?: string;
  /** The diagram drawn for the light and the dark color mode. */
  light?: string;
  dark?: string;
  /** The name of the diagram's drawing file, whose SVGs the built page already holds. */
  drawing?: string;
}

/** Drawings fetched in this visit, by file URL: coming back to a page shows them at once. */
const fetched = new Map<string, DrawingFile>();

const useLayoutEffectInBrowser = ExecutionEnvironment.canUseDOM ? useLayoutEffect : useEffect;

/** The two SVGs of a drawing, or the error that kept them away. */
async function fetchDrawing(url: string): Promise<DrawingFile> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const drawing = (await response.json()) as Partial<DrawingFile>;
  if (typeof drawing.light !== 'string' || typeof drawing.dark !== 'string') throw new Error(`${url}: not a drawing`);
  return drawing as DrawingFile;
}

function fill(container: HTMLElement, drawing: DrawingFile): void {
  for (const variant of ['light', 'dark'] as const) {
    const slot = container.querySelector(`[data-mermaid-variant="${variant}"]`);
    if (slot) slot.innerHTML = drawing[variant];
  }
}

function DrawnElsewhere({drawing}: {drawing: string}): ReactNode {
  const url = useBaseUrl(`/${drawingFile(drawing)}`);
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  // Before the first paint: a drawing the page already holds (the built page) or fetched earlier.
  useLayoutEffectInBrowser(() => {
    const container = ref.current;
    if (!container || container.querySelector('svg')) return;
    const known = fetched.get(url);
    if (known) fill(container, known);
  }, [url]);
  useEffect(() => {
    const container = ref.current;
    if (!container || container.querySelector('svg')) return undefined;
    let current = true;
    fetchDrawing(url).then(
      (file) => {
        fetched.set(url, file);
        if (current) fill(container, file);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [url]);
  // The slots' content is the build's (or the fetch's), never React's: an unchanged empty
  // dangerouslySetInnerHTML leaves it alone, in hydration and in every later render.
  return (
    <div
      ref={ref}
      className={clsx('docusaurus-mermaid-container', styles.diagram)}
      data-mermaid-drawing={drawing}
      data-pagefind-ignore="all">
      <div
        className={styles.light}
        data-mermaid-variant="light"
        {...{[SLOT_ATTRIBUTE]: `${drawing}:light`}}
        dangerouslySetInnerHTML={{__html: ''}}
        suppressHydrationWarning
      />
      {/* display: none in light mode, which also hides it from assistive technology. */}
      <div
        className={styles.dark}
        data-mermaid-variant="dark"
        data-pagefind-ignore="all"
        {...{[SLOT_ATTRIBUTE]: `${drawing}:dark`}}
        dangerouslySetInnerHTML={{__html: ''}}
        suppressHydrationWarning
      />
      {failed && (
        <p className={styles.failed} role="alert">
          This diagram could not be loaded.{' '}
          <button type="button" className={styles.reload} onClick={() => window.location.reload()}>
            Reload the page
          </button>{' '}
          to show it.
        </p>
      )}
    </div>
  );
}

export default function MermaidDiagram({value, light, dark, drawing}: Props): ReactNode {
  if (drawing !== undefined) return <DrawnElsewhere drawing={drawing} />;
  if (light === undefined || dark === undefined) return <Mermaid value={value ?? ''} />;
  return (
    <div className={clsx('docusaurus-mermaid-container', styles.diagram)} data-pagefind-ignore="all">
      <div className={styles.light} data-mermaid-variant="light" dangerouslySetInnerHTML={{__html: light}} />
      {/* display: none in light mode, which also hides it from assistive technology. */}
      <div
        className={styles.dark}
        data-mermaid-variant="dark"
        data-pagefind-ignore="all"
        dangerouslySetInnerHTML={{__html: dark}}
      />
    </div>
  );
}
