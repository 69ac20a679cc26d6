/**
 * page-data's worker thread (./threads.ts says what it does and what it leaves to the main
 * thread). Started through ./worker.cjs, which loads this TypeScript as the build loads the site's.
 */
import {parentPort, workerData} from 'node:worker_threads';
import {remarkMermaidSvg} from '../mermaid-svg/remark';
import {MermaidRenderer, type DiagramOnPage} from '../mermaid-svg/renderer';
import remarkTableLabels from '../table-labels';
import {NotPageData, toPageData} from './compile';
import {runMdxLoader} from './mdx';
import {
  linkToken,
  type LinkCall,
  type PluginRecipe,
  type WorkerData,
  type WorkerJob,
  type WorkerMessage,
} from './threads';

/** What the plugins of the page being compiled asked the main thread's objects for. */
interface PageCalls {
  links: LinkCall[];
  diagrams: string[];
  outsideJs: Map<string, DiagramOnPage>;
}

function run({rules, jobs, counter, nonce}: WorkerData, post: (message: WorkerMessage) => void): Promise<void> {
  const count = new Int32Array(counter);
  const byFile = new Map(jobs.map((job) => [job.file, job]));
  let calls: PageCalls = {links: [], diagrams: [], outsideJs: new Map()};

  const pluginOf = (recipe: PluginRecipe): unknown => {
    if (recipe.kind === 'table-labels') return remarkTableLabels;
    // Named as the main thread's renderer names it; whether it was drawn is checked there.
    const real = new MermaidRenderer(recipe.renderer);
    const standIn = {
      drawingsOutsideJs: true,
      key: (source: string) => real.key(source),
      get outsideJs() {
        return calls.outsideJs;
      },
      render: (source: string) => {
        calls.diagrams.push(source);
        return Promise.resolve({});
      },
    };
    return [remarkMermaidSvg, {renderer: () => standIn, siteDir: recipe.siteDir}];
  };

  const job = (file: string) => {
    const found = byFile.get(file);
    if (!found) throw new Error(`page-data worker: ${file} is not one of its pages`);
    return found;
  };
  const built = rules.map((rule) => ({
    include: [],
    loader: rule.loader,
    options: {
      ...rule.options,
      ...Object.fromEntries(Object.entries(rule.plugins).map(([list, recipes]) => [list, recipes.map(pluginOf)])),
      markdownConfig: {
        ...(rule.options.markdownConfig as Record<string, unknown>),
        parseFrontMatter: ({filePath, fileContent}: {filePath: string; fileContent: string}) =>
          Promise.resolve({frontMatter: job(filePath).frontMatter, content: fileContent}),
      },
      metadataPath: (file: string) => job(file).metadataPath,
      createAssets: ({filePath}: {filePath: string}) => job(filePath).assets,
      isMDXPartial: (file: string) => job(file).partial,
      resolveMarkdownLink: (call: LinkCall) => {
        calls.links.push({linkPathname: call.linkPathname, sourceFilePath: call.sourceFilePath});
        return linkToken(nonce, calls.links.length - 1);
      },
    },
  }));

  return (async () => {
    for (let index = Atomics.add(count, 0, 1); index < jobs.length; index = Atomics.add(count, 0, 1)) {
      const {file, rule} = jobs[index] as WorkerJob;
      const options = built[rule];
      if (!options) throw new Error(`page-data worker: no rule ${rule}`);
      calls = {links: [], diagrams: [], outsideJs: new Map()};
      let code: string;
      try {
        code = await runMdxLoader(options, file);
      } catch (error) {
        post({index, kind: 'error', message: error instanceof Error ? error.message : String(error)});
        return;
      }
      try {
        const data = toPageData(code);
        post({
          index,
          kind: 'data',
          json: JSON.stringify(data),
          links: calls.links,
          diagrams: calls.diagrams,
          outsideJs: [...calls.outsideJs],
        });
      } catch (error) {
        if (!(error instanceof NotPageData)) {
          post({index, kind: 'error', message: (error as Error).message});
          return;
        }
        post({index, kind: 'kept', reason: error.message});
      }
    }
  })();
}

if (parentPort && (workerData as {pageData?: WorkerData} | undefined)?.pageData) {
  const port = parentPort;
  run((workerData as {pageData: WorkerData}).pageData, (message) => port.postMessage(message)).then(
    () => port.postMessage({kind: 'done'} satisfies WorkerMessage),
    (error: unknown) =>
      port.postMessage({
        index: -1,
        kind: 'error',
        message: error instanceof Error ? error.message : String(error),
      } satisfies WorkerMessage),
  );
}
