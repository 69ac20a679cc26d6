import {test} from 'node:test';
import assert from 'node:assert/strict';
import sidebarSplit from '../../src/plugins/bundle-trim/loaders/sidebarSplit.cjs';
import {
  SIDEBAR_CHUNK_PREFIX,
  SidebarPartStore,
  placeholdersOf,
  type SidebarItem,
} from '../../src/plugins/bundle-trim/client/sidebarStore.ts';

interface Item extends SidebarItem {
  label?: string;
  href?: string;
  collapsed?: boolean;
  value?: string;
  items?: Item[];
}
const {splitSidebars} = sidebarSplit as {
  splitSidebars(
    sidebars: Record<string, Item[]>,
    key: string,
    inRoutePart: (path: string) => boolean,
    minLinks?: number,
  ): {sidebars: Record<string, Item[]>; parts: Map<string, Item[]>; partsOfPath: Map<string, string[]>};
};

const link = (slug: string): Item => ({type: 'link', href: `/d/${slug}`, label: `Page ${slug}`, docId: slug}) as Item;
const links = (prefix: string, n: number) => Array.from({length: n}, (_, i) => link(`${prefix}${i}`));
const category = (label: string, items: Item[], extra: Partial<Item> = {}): Item =>
  ({
    type: 'category',
    label,
    collapsible: true,
    collapsed: true,
    items,
    ...extra,
  }) as Item;

function site() {
  return {
    docs: [
      link('intro'),
      // 3 + (nested: 10) links: split, and its nested category too.
      category('Big', [link('big-a'), ...links('b', 2), category('Nested', links('n', 10))]),
      // Starts expanded: stays whole.
      category('Open', links('o', 12), {collapsed: false}),
      // Too few links.
      category('Small', links('s', 3)),
      // One page is not in a route part (it could not load the part first).
      category('Outside', [...links('x', 11), link('elsewhere')]),
      // Its own page counts as one of its pages.
      category('Indexed', links('i', 9), {href: '/d/category/indexed'}),
    ],
  };
}

test('large collapsed categories become placeholders; their items go into parts, one level each', () => {
  const inParts = (p: string) => p !== '/d/elsewhere';
  const {sidebars, parts, partsOfPath} = splitSidebars(site(), 'k', inParts);
  const [intro, big, open, small, outside, indexed] = sidebars.docs as [Item, Item, Item, Item, Item, Item];
  assert.deepEqual(intro, link('intro'));
  // Big: as many placeholders as items, the first its first page (with its label and its part), then empty HTML.
  assert.equal(big.__part, 'k.0');
  assert.deepEqual(big.items?.[0], {type: 'link', href: '/d/big-a', label: 'Page big-a', __of: 'k.0'});
  assert.deepEqual(big.items?.slice(1), [
    {type: 'html', value: ''},
    {type: 'html', value: ''},
    {type: 'html', value: ''},
  ]);
  const bigItems = parts.get('k.0');
  assert.equal(bigItems?.length, 4);
  const nested = bigItems?.[3];
  assert.equal(nested?.__part, 'k.1');
  assert.equal(parts.get('k.1')?.length, 10);
  // Stay whole: expanded, small, partly outside the route parts.
  assert.equal(open.__part, undefined);
  assert.equal(open.items?.length, 12);
  assert.equal(small.__part, undefined);
  assert.equal(outside.__part, undefined);
  // A category's own page is one of its 10 pages, and its link is its first.
  assert.equal(indexed.__part, 'k.5');
  assert.deepEqual(indexed.items?.[0], {type: 'link', href: '/d/category/indexed', label: 'Indexed', __of: 'k.5'});
  // A page needs the parts of every split category around it, outermost first.
  assert.deepEqual(partsOfPath.get('/d/n3'), ['k.0', 'k.1']);
  assert.deepEqual(partsOfPath.get('/d/b1'), ['k.0']);
  assert.deepEqual(partsOfPath.get('/d/category/indexed'), ['k.5']);
  assert.equal(partsOfPath.get('/d/intro'), undefined);
  assert.equal(partsOfPath.get('/d/o1'), undefined);
});

test('the store fills a category in place when its part loads, nested parts too, each loaded once', async () => {
  const {sidebars, parts} = splitSidebars(site(), 'k', () => true);
  const calls: string[] = [];
  const store = new SidebarPartStore(
    Object.fromEntries(
      [...parts].map(([name, items]) => [
        name,
        () => {
          calls.push(name);
          return Promise.resolve({default: {part: name, items: structuredClone(items)}});
        },
      ]),
    ),
  );
  const docs = sidebars.docs as Item[];
  store.adopt(docs);
  const big = docs[1] as Item;
  assert.equal(placeholdersOf(big.items ?? []), 'k.0');
  let heard = 0;
  const stop = store.onLoaded('k.0', () => heard++);
  await Promise.all([store.load('k.0'), store.load('k.0')]);
  assert.deepEqual(calls, ['k.0']);
  assert.equal(heard, 1);
  stop();
  assert.equal(big.__part, undefined);
  assert.deepEqual(
    big.items?.map((i) => i.label),
    ['Page big-a', 'Page b0', 'Page b1', 'Nested'],
  );
  // The nested category waits for its own part; loading it fills the object in the sidebar.
  const nested = big.items?.[3] as Item;
  assert.equal(nested.__part, 'k.1');
  await store.load('k.1');
  assert.equal(nested.__part, undefined);
  assert.equal(nested.items?.length, 10);
  assert.equal(placeholdersOf(nested.items ?? []), undefined);
});

test('a part that fails to load rejects, and is asked for again next time', async () => {
  let attempts = 0;
  const store = new SidebarPartStore({
    p: () =>
      ++attempts === 1 ? Promise.reject(new Error('gone')) : Promise.resolve({default: {part: 'p', items: []}}),
  });
  await assert.rejects(store.load('p'), /gone/);
  await store.load('p');
  assert.equal(attempts, 2);
  await assert.rejects(store.load('missing'), /No sidebar part named missing/);
});

test('loaders arrive with the modules that name the parts: a part unknown until registered loads once it is', async () => {
  const store = new SidebarPartStore();
  const category: SidebarItem = {type: 'category', __part: 'late', items: [{type: 'link', __of: 'late'}]};
  store.adopt([category]);
  await assert.rejects(store.load('late'), /No sidebar part named late/);
  store.register({late: () => Promise.resolve({default: {part: 'late', items: [{type: 'link'}, {type: 'link'}]}})});
  await store.load('late');
  assert.equal(category.items?.length, 2);
  assert.equal(category.__part, undefined);
});

test("the loaders' source: one dynamic import per part, in a chunk named as the client expects", () => {
  const source = sidebarSplit.sidebarLoaders(['v.1', 'v.2', 'v.1'], '/gen/parts');
  const imports = [...source.matchAll(/"([^"]+)": \(\) => import\(\/\* webpackChunkName: "([^"]+)" \*\/ "([^"]+)"\)/g)];
  assert.deepEqual(
    imports.map(([, name, chunk, file]) => [name, chunk, file]),
    [
      ['v.1', `${SIDEBAR_CHUNK_PREFIX}v.1`, '/gen/parts/sidebar/v.1.js'],
      ['v.2', `${SIDEBAR_CHUNK_PREFIX}v.2`, '/gen/parts/sidebar/v.2.js'],
    ],
  );
  assert.equal(sidebarSplit.SIDEBAR_CHUNK_PREFIX, SIDEBAR_CHUNK_PREFIX);
  // An object literal the part and version modules can pass as they are.
  assert.doesNotThrow(() => new Function(`return ${source.replace(/import\(/g, '(')}`)());
});

test('the parts a list of items shows: its large categories at any depth, not the parts inside them', () => {
  const items: Parameters<typeof sidebarSplit.partsNamedIn>[0] = [
    {type: 'link'},
    {type: 'category', items: [{type: 'category', __part: 'a', items: [{type: 'link', __of: 'a'}]}]},
    {type: 'category', __part: 'b', items: [{type: 'category', __part: 'c', items: []}]},
  ];
  assert.deepEqual(sidebarSplit.partsNamedIn(items), ['a', 'b']);
});
