// Stands in for @docusaurus/theme-classic's `prism-include-languages` client
// module, which would put Prism and every additional language into the main
// bundle. The languages are registered by ./highlighter/prism.ts instead.
export {};
