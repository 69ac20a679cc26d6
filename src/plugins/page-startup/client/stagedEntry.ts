/**
 * The browser bundle's entry in production builds: Docusaurus's own client
 * entry (@docusaurus/core/lib/client/clientEntry.js), reached in stages.
 *
 * Why: the entry imports the whole main bundle statically, so the browser
 * evaluated every module of it (React DOM, the route registry, the route
 * table, the theme) in one task of some 50–65 ms on this machine's cores,
 * which Lighthouse's throttled phone turns into a 200–280 ms long task and most
 * of the page's total blocking time. Here the largest self-contained modules
 * are evaluated first, each in a task of its own; the client entry then finds
 * them in the module cache and does what it always did (preload the page's
 * chunks, then hydrate).
 *
 * The staged modules hold no CSS, so the order of the extracted stylesheet
 * does not change, and no side effect of theirs depends on what runs before
 * them. `import()` with webpackMode "eager" keeps them in the main bundle.
 */

/** Resolves in a new task, after the browser has had a chance to handle input and paint. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

async function start(): Promise<void> {
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@generated/registry');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@generated/routes');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/clientEntry.js');
}

start().catch((error: unknown) => {
  // The page stays readable as the server rendered it; say why it is not interactive.
  console.error('Orrery: the page could not start its scripts.', error);
});
