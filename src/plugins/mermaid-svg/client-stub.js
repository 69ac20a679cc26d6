// Stands in for the `mermaid` and `@mermaid-js/layout-elk` packages in the browser bundle of a
// production build whose diagrams were all drawn at build time (index.ts, `clientAliases`): no page
// of such a build renders @docusaurus/theme-mermaid's component, so none loads Mermaid, and the
// bundler need not compile and minify its some 10 MB of modules. Should a page still ask for it
// (its HTML changed after the build), the diagram shows the theme's error instead of a drawing.
const message =
  'Mermaid is not in this build: every diagram was drawn when the site was built (src/plugins/mermaid-svg).';

const stub = {
  initialize() {},
  registerLayoutLoaders() {},
  render() {
    return Promise.reject(new Error(message));
  },
};

export default stub;
