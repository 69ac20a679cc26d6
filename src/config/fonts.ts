/**
 * The site's font stack: Infima's --ifm-font-family-base in src/css/custom.css (a unit test
 * keeps the two equal). Mermaid draws diagram text with it too (themeConfig.mermaid.options),
 * so labels are measured at build time with the font the page shows them in.
 */
export const siteFontFamily = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
