// Stands in for two @docusaurus/theme-classic client modules. `prism-include-languages`
// would put Prism and every additional language into the main bundle; the
// languages are registered by ./highlighter/prism.ts instead. `nprogress` is
// replaced by ./client/progressBar.ts.
export {};
