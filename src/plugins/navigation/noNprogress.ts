// Stands in, in both bundles, for @docusaurus/theme-classic's client module
// `nprogress` (1.8 KB gzip on every page); ./client/progressBar.ts draws the
// navigation progress bar instead (README.md beside this file).
export {};
