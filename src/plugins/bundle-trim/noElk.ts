// Stands in for @mermaid-js/layout-elk when no page asks for the ELK layout
// (see index.ts, usesElkLayout): no layout loaders to register, so Mermaid keeps its default.
export default [];
