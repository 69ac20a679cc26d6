/**
 * The chunk names of one route in `routesChunkNames.json` (a tree of objects
 * whose string leaves are chunk names), appended to `out`. Shared by the
 * browser's idle prefetching (../navigation/client/idlePrefetch.ts) and the build's page
 * script lists (../page-startup/pageScripts.ts).
 */
export function chunkNameLeaves(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) chunkNameLeaves(v, out);
  return out;
}
