/* global mermaid */
// Runs in the blank Chromium page the build draws diagrams in (renderer.ts), after Mermaid's
// own browser bundle (mermaid.min.js, which defines the `mermaid` global). A plain script,
// never bundled into the site.
'use strict';

window.orreryMermaid = {
  /**
   * Draws one diagram once per color mode. Resolves to {svgs: {light, dark}}, or to {error:
   * {message, line}} when Mermaid rejects the diagram (`line`: the diagram line its parser
   * reported, from 1, when it did).
   * @param {{source: string, id: string, themes: Record<string, string>, options: object}} job
   */
  async render(job) {
    const svgs = {};
    for (const [variant, theme] of Object.entries(job.themes)) {
      // As @docusaurus/theme-mermaid configures Mermaid in the browser, plus no error drawing.
      mermaid.initialize({startOnLoad: false, ...job.options, theme, suppressErrorRendering: true});
      try {
        svgs[variant] = (await mermaid.render(job.id, job.source)).svg;
      } catch (error) {
        const loc = error && error.hash && error.hash.loc;
        return {
          error: {
            message: String((error && error.message) || error),
            line: loc && typeof loc.first_line === 'number' ? loc.first_line : null,
          },
        };
      } finally {
        // Mermaid's scratch elements, also those an error leaves behind.
        document.body.replaceChildren();
      }
    }
    return {svgs};
  },
};
