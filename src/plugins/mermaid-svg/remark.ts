/**
 * Remark plugin: every ```mermaid code block becomes a `mermaid` MDX element (the theme's
 * @theme/Mermaid, wrapped by ./theme/Mermaid) that carries the diagram drawn at build time in
 * both color modes, instead of its source. Runs before Docusaurus's own Mermaid plugin, which
 * turns the blocks left alone (no Chromium) into elements the reader's browser draws.
 */
import path from 'node:path';
import {MermaidRejection, type MermaidRenderer} from './renderer';
import {drawingName} from './drawings';
import {MermaidDiagramError, diagramId, drawingsFor, errorLine, lineInMessage} from './svg';

interface MdastNode {
  type: string;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  position?: {start: {line: number}};
  children?: MdastNode[];
  data?: Record<string, unknown>;
}

interface MdastFile {
  path?: string;
}

function mermaidBlocks(node: MdastNode, found: MdastNode[] = []): MdastNode[] {
  if (node.type === 'code' && node.lang === 'mermaid' && typeof node.value === 'string') found.push(node);
  for (const child of node.children ?? []) mermaidBlocks(child, found);
  return found;
}

/**
 * The plugin, for `beforeDefaultRemarkPlugins`. `renderer` gives each diagram's SVGs (or
 * nothing, when it cannot draw); `siteDir` makes file names in ids and messages relative.
 */
export function remarkMermaidSvg({renderer, siteDir}: {renderer: () => MermaidRenderer; siteDir: string}) {
  return async (tree: MdastNode, file: MdastFile): Promise<void> => {
    const blocks = mermaidBlocks(tree);
    if (blocks.length === 0) return;
    const relative = path
      .relative(siteDir, file.path ?? 'unknown.md')
      .split(path.sep)
      .join('/');
    const drawings = await Promise.all(
      blocks.map((block) =>
        renderer()
          .render(block.value as string)
          .catch((error: unknown) => {
            if (!MermaidRejection.is(error)) throw error;
            const diagramLine = error.diagramLine ?? lineInMessage(error.message);
            throw new MermaidDiagramError(relative, errorLine(block.position?.start.line, diagramLine), error.message);
          }),
      ),
    );
    const drawer = renderer();
    blocks.forEach((block, index) => {
      const svgs = drawings[index];
      if (!svgs) return;
      const id = diagramId(relative, index);
      if (drawer.drawingsOutsideJs) {
        // A production build: the page carries the drawing's name in empty slots, which postBuild
        // fills (README.md, "Drawings outside the JavaScript").
        const source = block.value as string;
        const name = drawingName(id, drawer.key(source));
        drawer.outsideJs.set(name, {diagramId: id, source});
        toMermaidElement(block, {drawing: name});
      } else {
        toMermaidElement(block, drawingsFor(svgs, id));
      }
    });
  };
}

/** As Docusaurus's own plugin does, but with the drawings (or their name) instead of the source. */
function toMermaidElement(block: MdastNode, properties: Record<string, string>): void {
  delete block.lang;
  delete block.meta;
  delete block.value;
  block.type = 'mermaidSvg';
  block.data = {hName: 'mermaid', hProperties: properties};
}
