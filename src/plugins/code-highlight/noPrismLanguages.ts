// Stands in, in both bundles, for @docusaurus/theme-classic's client module
// `prism-include-languages`, which would put Prism and every additional
// language into the main bundle of every page. ./highlighter/prism.ts
// registers the languages instead (README.md beside this file).
export {};
