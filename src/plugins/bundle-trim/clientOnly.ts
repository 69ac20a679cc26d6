// Stands in, in the server bundle only, for libraries that run only in the
// browser: Mermaid is loaded by @docusaurus/theme-mermaid inside an effect,
// which never runs while pages are rendered to HTML. Compiling it (with its
// d3, dagre, cytoscape and KaTeX dependencies) into the server bundle only
// cost build time and memory.
export default {};
