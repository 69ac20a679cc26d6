import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type * as Docs from '@docusaurus/plugin-content-docs';
import {contentId, readBaseUrl, readFlag, readSiteUrl, readThreads} from './src/config/env';
import {siteFontFamily} from './src/config/fonts';
import {darkCodeTheme, lightCodeTheme} from './src/config/prismThemes';
import {readSearchConfig} from './src/config/search';
import pkg from './package.json';
import llmsTxt from './src/plugins/llms-txt';
import mermaidSvg, {mermaidRemarkPlugin, type MermaidSiteConfig} from './src/plugins/mermaid-svg';
import codeHighlight from './src/plugins/code-highlight';
import navigation from './src/plugins/navigation';
import pageStartup from './src/plugins/page-startup';
import bundleTrim from './src/plugins/bundle-trim';
import ssgLookup from './src/plugins/ssg-lookup';
import jsxLocals from './src/plugins/jsx-locals';
import {buildCacheDirectory, fasterOptions, postcssOptions} from './src/config/build';
import earlyInput from './src/plugins/early-input';
import searchPagefind from './src/plugins/search-pagefind';
import pageData from './src/plugins/page-data';
import remarkTableLabels from './src/plugins/table-labels';

// ---------------------------------------------------------------------------
// Environment switches, read once. Bad values stop the build with an error
// naming the variable (see src/config/env.ts).
// ---------------------------------------------------------------------------
const baseUrl = readBaseUrl(process.env);
const siteUrl = readSiteUrl(process.env);
// Search: hosted Algolia DocSearch when ALGOLIA_APP_ID/ALGOLIA_API_KEY/ALGOLIA_INDEX_NAME
// are set, else the embedded Pagefind index (README.md "Search", src/config/search.ts).
const search = readSearchConfig(process.env, {baseUrl, siteUrl});

const sourceRepo = 'https://github.com/orrery-space/orrery';
const docsRepo = 'https://github.com/orrery-space/orrery-docs';

const announcement =
  'Orrery 3.5.0 is out: sequence actions, per-field merge conflict resolution and plan export with ' +
  'simulation results. Read the <a href="' +
  baseUrl +
  'upgrade-guides/3-4-0-to-3-5-0/">upgrade guide</a>.';

// Mermaid: a theme per color mode, and the site's font so labels are measured as the page shows
// them. Diagrams are drawn at build time (src/plugins/mermaid-svg/README.md). A fixed
// handDrawnSeed: Mermaid draws some shapes with rough.js, whose invisible control points are
// random without one, so two builds would give different drawings and asset hashes.
const mermaid = {
  theme: {light: 'neutral', dark: 'dark'},
  options: {fontFamily: siteFontFamily, handDrawnSeed: 1},
} satisfies MermaidSiteConfig;
// Switches for the two remark plugins (each README says what changes): ORRERY_MERMAID_SVG=0
// leaves diagrams to @docusaurus/theme-mermaid in the browser; ORRERY_TABLE_LABELS=0 leaves
// every table region with the generic name "Table".
const mermaidSvgOn = readFlag(process.env, 'ORRERY_MERMAID_SVG', true);
const tableLabelsOn = readFlag(process.env, 'ORRERY_TABLE_LABELS', true);
const mermaidRemark = mermaidSvgOn ? [mermaidRemarkPlugin(__dirname, mermaid)] : [];

// Options every docs instance shares; each instance spreads and specialises.
const sharedDocsOptions = {
  beforeDefaultRemarkPlugins: [...mermaidRemark, ...(tableLabelsOn ? [remarkTableLabels] : [])],
  editUrl: `${docsRepo}/edit/main/`,
  showLastUpdateTime: false,
  breadcrumbs: true,
  sidebarCollapsible: true,
  // File names such as 0001-graphql-api.md (ADRs) and 3-4-0-to-3-5-0.md (upgrade
  // guides) start with numbers that are part of the route, not an ordering prefix.
  numberPrefixParser: false,
  exclude: ['**/_*.{md,mdx}', '**/_*/**', '**/*.test.{js,ts}', '**/__tests__/**'],
} satisfies Docs.Options;

const config: Config = {
  title: 'Orrery Documentation',
  tagline: 'Model, plan, simulate, schedule and sequence spacecraft missions',
  favicon: 'img/favicon.svg',
  url: siteUrl,
  baseUrl,
  trailingSlash: true,
  noIndex: false,
  headTags: search.headTags,
  organizationName: 'orrery-space',
  projectName: 'orrery-docs',

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'warn',

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: {en: {label: 'English', direction: 'ltr', htmlLang: 'en'}},
  },

  customFields: {
    siteVersion: pkg.version,
    sourceRepo,
    docsRepo,
  },

  future: {
    v4: {removeLegacyPostBuildHeadAttribute: true, useCssCascadeLayers: false},
    // @docusaurus/faster (Rspack, SWC, Lightning CSS) without the persistent cache, and with SSG
    // worker threads only for large sites: both cost memory (src/config/build.ts).
    // ORRERY_FASTER=0 turns it off, as only the build benchmark does (scripts/bench-build.mjs).
    faster: fasterOptions(readFlag(process.env, 'ORRERY_FASTER', true), __dirname),
  },

  markdown: {
    mermaid: true,
    format: 'detect',
    hooks: {
      onBrokenMarkdownLinks: 'throw',
      onBrokenMarkdownImages: 'throw',
    },
  },
  // Search: the DocSearch modal and search page over a Pagefind index, or Algolia (src/plugins/search-pagefind/).
  themes: ['@docusaurus/theme-mermaid', searchPagefind],

  presets: [
    [
      'classic',
      {
        docs: {
          ...sharedDocsOptions,
          path: 'docs',
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
          lastVersion: 'current',
          versions: {
            current: {label: '3.5.0', path: '', banner: 'none', badge: true},
            // Snapshot cut with `npm run docs:version -- 3.4.0`; readers see the
            // "no longer maintained" banner with a link to the same page in 3.5.0.
            '3.4.0': {label: '3.4.0', path: '3.4.0', banner: 'unmaintained', badge: true},
          },
        },
        blog: false,
        pages: {beforeDefaultRemarkPlugins: mermaidRemark},
        theme: {customCss: './src/css/custom.css'},
        sitemap: {
          changefreq: null,
          priority: null,
          ignorePatterns: ['**/tests/**', '**/search/'],
          filename: 'sitemap.xml',
        },
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    // llms.txt and llms-full.txt at the base root; also the chapter list of `npm run pdf`.
    [
      llmsTxt,
      {
        enabled: readFlag(process.env, 'ORRERY_LLMS_TXT', true),
        instances: [{id: 'default'}, {id: 'api', label: 'API'}, {id: 'upgrade-guides', label: 'Upgrade Guides'}],
      },
    ],
    // Each switch turns one mechanism off (true by default; each plugin's README.md says what changes).
    // Code highlighted on the server, token colors from CSS, Prism out of the first load.
    [codeHighlight, {enabled: readFlag(process.env, 'ORRERY_CODE_HIGHLIGHT', true)}],
    // A CSS progress bar instead of nprogress; link prefetching in idle time.
    [navigation, {enabled: readFlag(process.env, 'ORRERY_NAVIGATION', true)}],
    // Scripts after the first paint, each page's chunks in its loader, the main bundle in stages.
    [pageStartup, {enabled: readFlag(process.env, 'ORRERY_PAGE_STARTUP', true)}],
    // Trimmed client data and route tables, the doc routes in route parts (ORRERY_ROUTE_SPLIT), tslib,
    // modern minifier, Mermaid out of the server bundle.
    [
      bundleTrim,
      {
        enabled: readFlag(process.env, 'ORRERY_BUNDLE_TRIM', true),
        routeSplit: readFlag(process.env, 'ORRERY_ROUTE_SPLIT', true),
      },
    ],
    // The static rendering finds each page's doc by index, not by a scan of every doc.
    [ssgLookup, {enabled: readFlag(process.env, 'ORRERY_SSG_LOOKUP', true)}],
    // MDX pages import the JSX runtime once, not at every element: less build memory and time.
    [jsxLocals, {enabled: readFlag(process.env, 'ORRERY_JSX_LOCALS', true)}],
    // The benchmark's cold builds keep their bundler cache apart (src/config/build.ts).
    buildCacheDirectory(process.env.ORRERY_BUILD_CACHE_DIR),
    // PostCSS gets its plugins from Docusaurus: no search for configuration files (src/config/build.ts).
    postcssOptions(__dirname),
    // The navbar's controls and the announcement bar answer before hydration (src/plugins/early-input/README.md).
    [earlyInput, {enabled: readFlag(process.env, 'ORRERY_EARLY_INPUT', true)}],
    // Draws the Mermaid diagrams while the content loads, for mermaidRemark (src/plugins/mermaid-svg/README.md).
    [
      mermaidSvg,
      {
        enabled: mermaidSvgOn,
        keepMermaidInBundle: readFlag(process.env, 'ORRERY_MERMAID_IN_BUNDLE', false),
        drawingsOutsideJs: readFlag(process.env, 'ORRERY_MERMAID_OUTSIDE_JS', true),
      },
    ],
    [
      '@docusaurus/plugin-content-docs',
      {
        ...sharedDocsOptions,
        id: 'api',
        path: 'api',
        routeBasePath: 'api',
        sidebarPath: './sidebars-api.ts',
      } satisfies Docs.Options,
    ],
    [
      '@docusaurus/plugin-content-docs',
      {
        ...sharedDocsOptions,
        id: 'upgrade-guides',
        path: 'upgrade-guides',
        routeBasePath: 'upgrade-guides',
        sidebarPath: './sidebars-upgrade.ts',
      } satisfies Docs.Options,
    ],
    // Doc pages reach the bundler as data, not one module each (src/plugins/page-data/README.md).
    // Last: it reads the MDX loader options of every docs instance above.
    [
      pageData,
      {
        enabled: readFlag(process.env, 'ORRERY_PAGE_DATA', true),
        threads: readThreads(process.env, 'ORRERY_PAGE_DATA_THREADS', 2),
      },
    ],
  ],

  themeConfig: {
    image: 'img/social-card.png',
    metadata: [{name: 'keywords', content: 'spacecraft, mission planning, scheduling, sequencing, Orrery'}],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    },
    announcementBar: {
      id: contentId('announcement', announcement),
      content: announcement,
      isCloseable: true,
    },
    docs: {sidebar: {hideable: true, autoCollapseCategories: true}},
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    navbar: {
      title: 'Orrery',
      hideOnScroll: false,
      logo: {
        alt: 'Orrery logo',
        src: 'img/logo.svg',
        srcDark: 'img/logo-dark.svg',
        width: 32,
        height: 32,
      },
      items: [
        {type: 'docSidebar', sidebarId: 'docs', position: 'left', label: 'Docs'},
        {type: 'docSidebar', sidebarId: 'api', docsPluginId: 'api', position: 'left', label: 'API'},
        {
          type: 'docSidebar',
          sidebarId: 'upgradeGuides',
          docsPluginId: 'upgrade-guides',
          position: 'left',
          label: 'Upgrade Guides',
        },
        {type: 'docsVersionDropdown', position: 'right'},
        {href: sourceRepo, label: 'Source', position: 'right', 'aria-label': 'Orrery source repository'},
      ],
    },
    footer: {
      style: 'dark',
      logo: {alt: 'Orrery logo', src: 'img/logo-dark.svg', width: 40, height: 40},
      links: [
        {
          title: 'Learn',
          items: [
            {label: 'Introduction', to: '/introduction/'},
            {label: 'Mission modeling tutorial', to: '/tutorials/mission-modeling/introduction/'},
            {label: 'Glossary', to: '/glossary/'},
          ],
        },
        {
          title: 'Operate',
          items: [
            {label: 'Deployment', to: '/deployment/introduction/'},
            {label: 'Upgrade guides', to: '/upgrade-guides/3-4-0-to-3-5-0/'},
            {label: 'GraphQL API', to: '/api/introduction/'},
          ],
        },
        {
          title: 'Project',
          items: [
            {label: 'Source code', href: sourceRepo},
            {label: 'Documentation source', href: docsRepo},
            {label: 'Report a problem', href: `${docsRepo}/issues/new`},
          ],
        },
      ],
      copyright: `Copyright © ${new Date().getFullYear()} the Orrery contributors. MIT licence. Documentation site ${pkg.version}.`,
    },
    prism: {
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
      additionalLanguages: [
        'java',
        'kotlin',
        'bash',
        'json',
        'yaml',
        'graphql',
        'nginx',
        'sql',
        'markup-templating',
        'handlebars',
        'properties',
        'diff',
      ],
    },
    mermaid,
    algolia: search.algolia,
  } satisfies Preset.ThemeConfig,
};

export default config;
