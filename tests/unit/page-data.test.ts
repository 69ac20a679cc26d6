import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createElement, type ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import * as runtime from 'react/jsx-runtime';
import {MDXProvider, useMDXComponents} from '@mdx-js/react';
import {isDataPageFile, NotPageData, providedNames, toPageData} from '../../src/plugins/page-data/compile.ts';
import {pageModule, renderTree, type PageDataFile} from '../../src/plugins/page-data/client/render.ts';
import {pageDataUrl} from '../../src/plugins/page-data/client/files.ts';
import loader from '../../src/plugins/page-data/loader.cjs';

const {rewriteRegistry, registryEntries} = loader as unknown as {
  rewriteRegistry(
    source: string,
    target: (module: string) => string | undefined,
    keepNames: boolean,
  ): {code: string; count: number};
  registryEntries(source: string): [string, string][];
};

// A page as Markdown and MDX give it: headings, inline code, a link, a table with alignment, a
// component the provider gives (as the remark plugins' admonitions and diagrams are), an element
// in a prop, and what Docusaurus's MDX loader adds around the compiled content.
const PAGE = `# Power budget

Some *text* with \`code\` and a [link](/x "The title").

| Resource | Unit |
| :-- | --: |
| battery | % |

<Admonition type="note" title={<b>Heads up</b>}>

Held **in** the admonition.

</Admonition>

<Details><summary>More</summary>Body</Details>
`;

const EXPORTS = [
  'export const frontMatter = {title: "Power budget", sidebar_position: 3};',
  'export const contentTitle = "Power budget";',
  "export {default as metadata} from '@site/.docusaurus/docusaurus-plugin-content-docs/default/site-docs-power-md-123.json'",
  'export const toc = [{value: "Power", id: "power", level: 2}];',
].join('\n');

// ESM-only packages: loaded with import() (the tests run as CommonJS).
const mdx = () => import('@mdx-js/mdx');
const gfm = async () => (await import('remark-gfm')).default;

async function compiled(markdown: string): Promise<string> {
  const code = String(
    await (await mdx()).compile(markdown, {providerImportSource: '@mdx-js/react', remarkPlugins: [await gfm()]}),
  );
  return `${EXPORTS}\n${code}`;
}
const compiledPlain = async (markdown: string) =>
  String(await (await mdx()).compile(markdown, {providerImportSource: '@mdx-js/react'}));

// The provider's components: a tag replaced, and components the page names.
const components = {
  h1: (props: {children?: ReactNode}) => createElement('h1', {className: 'title'}, props.children),
  table: (props: {children?: ReactNode}) =>
    createElement('div', {role: 'region'}, createElement('table', null, props.children)),
  Admonition: (props: {type: string; title: ReactNode; children?: ReactNode}) =>
    createElement('aside', {'data-type': props.type}, createElement('header', null, props.title), props.children),
  Details: (props: {children?: ReactNode}) => createElement('details', {open: true}, props.children),
};

const withProvider = (node: ReactNode) => renderToStaticMarkup(createElement(MDXProvider, {components}, node));

test('a page rendered from its data is the markup its module renders, through the same provider', async () => {
  const data = toPageData(await compiled(PAGE));
  const {default: Module} = await (
    await mdx()
  ).evaluate(PAGE, {...runtime, useMDXComponents, remarkPlugins: [await gfm()]});
  const expected = withProvider(createElement(Module));
  const file = {...data, metadata: {id: 'power'}} as unknown as PageDataFile;
  const Content = pageModule(file).default as () => ReactNode;
  assert.equal(withProvider(createElement(Content)), expected);
  assert.match(expected, /<aside data-type="note"><header><b>Heads up<\/b><\/header>/);
  assert.match(expected, /<div role="region"><table>/);
  assert.match(expected, /style="text-align:right"/);
});

test("the page's exports come with its data, and the metadata is named by its module path", async () => {
  const data = toPageData(await compiled(PAGE));
  assert.deepEqual(data.frontMatter, {title: 'Power budget', sidebar_position: 3});
  assert.equal(data.contentTitle, 'Power budget');
  assert.deepEqual(data.toc, [{value: 'Power', id: 'power', level: 2}]);
  assert.equal(
    data.metadataPath,
    '@site/.docusaurus/docusaurus-plugin-content-docs/default/site-docs-power-md-123.json',
  );
  // Provided names are markers; tags stay tags; the tree is plain JSON.
  const json = JSON.stringify(data.tree);
  assert.match(json, /"\$":"@Admonition"/);
  assert.match(json, /"\$":"@h1"/);
  assert.match(json, /"\$":"summary"/);
  assert.deepEqual(JSON.parse(json), data.tree);
});

test('pageModule gives a new component per page, with the other exports beside it', () => {
  const file: PageDataFile = {tree: [{$: 'p', c: 'x'}], frontMatter: {a: 1}, toc: [], metadata: {id: 'x'}};
  const one = pageModule(file);
  const two = pageModule(file);
  assert.notEqual(one.default, two.default);
  assert.deepEqual(one.frontMatter, {a: 1});
  assert.deepEqual(one.metadata, {id: 'x'});
  assert.equal('tree' in one, false);
});

test('a page that is not plain data stays a module, and says why', async () => {
  const importsCode = await compiledPlain(`import Tabs from '@theme/Tabs';\n\n<Tabs />\n`);
  assert.throws(
    () => toPageData(importsCode),
    (e: unknown) => e instanceof NotPageData && /imports @theme\/Tabs/.test(e.message),
  );
  const handlerCode = await compiledPlain(`<button onClick={() => 1}>x</button>\n`);
  assert.throws(
    () => toPageData(handlerCode),
    (e: unknown) => e instanceof NotPageData && /function/.test(e.message),
  );
  const exportedCode = await compiledPlain(`export const answer = 42;\n\nText\n`);
  assert.throws(
    () => toPageData(exportedCode),
    (e: unknown) => e instanceof NotPageData && /exports answer/.test(e.message),
  );
  // An MDX file can compute at render time (`{new Date().getFullYear()}`), which data would
  // freeze: only Markdown (.md, compiled as CommonMark, no imports, expressions or JSX) is data.
  assert.equal(isDataPageFile('/site/docs/a.md'), true);
  assert.equal(isDataPageFile('/site/docs/a.mdx'), false);
  assert.equal(isDataPageFile('/site/src/pages/a.tsx'), false);
});

test('a name the provider does not give fails as MDX fails, and lower-case names fall back to tags', () => {
  assert.throws(
    () => renderToStaticMarkup(createElement(() => renderTree({$: '@Missing'}, {}) as never)),
    /`Missing` to be defined/,
  );
  assert.equal(renderToStaticMarkup(createElement(() => renderTree({$: '@p', c: 'x'}, {}) as never)), '<p>x</p>');
});

test('providedNames finds member and destructured names, not the wrapper', () => {
  const code =
    'const _components = {p: "p", ..._provideComponents(), ...props.components}, {Details, Admonition: A} = _components; _components.h2; const {wrapper: L} = _components;';
  assert.deepEqual(providedNames(code).sort(), ['Admonition', 'Details', 'h2']);
});

const REGISTRY = [
  'export default {',
  '  "0a": [() => import(/* webpackChunkName: "0a" */ "@site/docs/a.md"), "@site/docs/a.md", require.resolveWeak("@site/docs/a.md")],',
  '  "0b": [() => import(/* webpackChunkName: "0b" */ "@site/src/pages/index.tsx"), "@site/src/pages/index.tsx", require.resolveWeak("@site/src/pages/index.tsx")],',
  '};',
].join('\n');

test('the registry loader rewrites the entries of data pages only, and names their modules only on the server', () => {
  assert.deepEqual(registryEntries(REGISTRY), [
    ['0a', '@site/docs/a.md'],
    ['0b', '@site/src/pages/index.tsx'],
  ]);
  const target = (m: string) => (m === '@site/docs/a.md' ? '/base/assets/pages/a.json' : undefined);
  const browser = rewriteRegistry(REGISTRY, target, false);
  assert.equal(browser.count, 1);
  assert.match(browser.code, /^import \{pageDataLoader as __orreryPageData\} from "@orrery\/page-data-load";/);
  assert.match(browser.code, /"0a": \[__orreryPageData\("\/base\/assets\/pages\/a\.json"\), "", undefined\]/);
  assert.doesNotMatch(browser.code, /docs\/a\.md/);
  assert.match(browser.code, /"0b": \[\(\) => import\(.*index\.tsx"\)/);
  const server = rewriteRegistry(REGISTRY, target, true);
  assert.match(
    server.code,
    /"0a": \[__orreryPageData\("\/base\/assets\/pages\/a\.json"\), "@site\/docs\/a\.md", undefined\]/,
  );
  assert.equal(rewriteRegistry(REGISTRY, () => undefined, false).code, REGISTRY);
});

test('pageDataUrl reads the URL a data entry carries, and nothing from a chunk entry', () => {
  const loaderFn = Object.assign(() => Promise.resolve({}), {pageData: '/b/assets/pages/a.json'});
  assert.equal(pageDataUrl([loaderFn, '', undefined]), '/b/assets/pages/a.json');
  assert.equal(pageDataUrl([() => Promise.resolve({}), '', 12]), undefined);
  assert.equal(pageDataUrl(undefined), undefined);
});
