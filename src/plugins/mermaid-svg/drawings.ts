/**
 * What a production build's pages and the browser share about diagrams drawn after bundling
 * (README.md, "Drawings outside the JavaScript"): where their files are, what they are called,
 * and how the built pages mark the places the drawings go. No Node.js module: the theme's
 * Mermaid component (src/theme/Mermaid) imports this file too (svg.ts only for a type).
 */
import type {Svgs} from './svg';

/** The folder, under the build's root, that holds one JSON file per drawn diagram. */
export const DRAWINGS_DIR = 'assets/diagrams';

/** The attribute on each of a diagram's two empty drawing slots: `<name>:<light|dark>`. */
export const SLOT_ATTRIBUTE = 'data-mermaid-slot';

/**
 * The name of a diagram's drawing file (without `.json`): the diagram's id on its page and the
 * first 12 characters of its cache key. The id makes the file that page's own (the drawing's ids
 * are rewritten to it); the key changes the name whenever the drawing changes, so a browser
 * never keeps an old drawing under a name the site still uses.
 */
export function drawingName(diagramId: string, key: string): string {
  return `${diagramId}.${key.slice(0, 12)}`;
}

/** The drawing file's path under the build's root. */
export function drawingFile(name: string): string {
  return `${DRAWINGS_DIR}/${name}.json`;
}

/** A drawing file's content: the two SVGs, their ids already the page's own. */
export type DrawingFile = Svgs;
