/**
 * The docs plugin's global data, filled by the route parts: routeSplit.cjs
 * (splitDocsData) moves the docs of a part's routes out of the global data
 * that every page runs and into the part; the part's module adds them back
 * when it loads (./routeParts.ts), before any of its pages renders.
 */
export interface GlobalDoc {
  id: string;
}
/** A part's docs: docs plugin id → version name → docs (routeSplit.cjs, splitDocsData). */
export type PartDocs = Record<string, Record<string, GlobalDoc[]>>;

/** Adds a part's docs to the docs plugin's global data, each doc once per version. */
export function addPartDocs(data: unknown, docs: PartDocs): void {
  const instances = (data as Record<string, Record<string, {versions?: {name: string; docs: GlobalDoc[]}[]}>>)[
    'docusaurus-plugin-content-docs'
  ];
  for (const [pluginId, versions] of Object.entries(docs)) {
    for (const [name, list] of Object.entries(versions)) {
      const version = instances?.[pluginId]?.versions?.find((v) => v.name === name);
      if (!version) continue;
      const have = new Set(version.docs.map((d) => d.id));
      for (const doc of list) if (!have.has(doc.id)) version.docs.push(doc);
    }
  }
}
