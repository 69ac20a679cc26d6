/**
 * Replaces @docusaurus/core/lib/client/preload.js in the browser bundle
 * (../index.ts; the canaries pin that file's text): the same function, which
 * loads the code of every route a pathname renders before Docusaurus renders
 * it, except that it first loads the route parts that may hold the pathname
 * (./routeParts.ts). Docusaurus calls it before the first render, on every
 * navigation and when a link is hovered; when it rejects during a navigation
 * (a part or a chunk is gone after a deploy), Docusaurus reloads the page.
 */
import routes from '@generated/routes';
import {matchRoutes, type RouteConfig} from 'react-router-config';
import {loadRouteParts} from './routeParts';

interface WithPreload {
  preload?: () => Promise<unknown>;
}

export default function preload(pathname: string): Promise<unknown[]> {
  const pathnames = Array.from(new Set([pathname, decodeURI(pathname)]));
  return loadRouteParts(routes as RouteConfig[], pathnames).then(() =>
    Promise.all(
      pathnames
        .flatMap((p) => matchRoutes(routes as RouteConfig[], p))
        .map((match) => (match.route.component as WithPreload | undefined)?.preload?.()),
    ),
  );
}
