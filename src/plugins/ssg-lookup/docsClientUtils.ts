/**
 * Stands in, in the server bundle only, for @docusaurus/plugin-content-docs's
 * `lib/client/docsClientUtils.js` (./index.ts replaces it). The same five
 * functions with the same results; two of them find the page's doc through an
 * index (../../config/firstMatch.ts) instead of testing every doc of the
 * version with `matchPath`, which the navbar's doc items, the version menu and
 * the version banner each did on every page: at 2,000 guide pages that scan was
 * about a fifth of an SSG worker's time (8.2 of 44.5 s), and its cost per page
 * grew with the page count (README.md beside this file). tests/unit/ssg-lookup.test.ts compares these with the originals.
 */
import {matchPath} from 'react-router';
import {
  getActivePlugin,
  getActiveVersion,
  getLatestVersion,
} from '@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js';
import type {
  GlobalPluginData,
  GlobalVersion,
  GlobalDoc,
  ActiveDocContext,
  DocVersionSuggestions,
} from '@docusaurus/plugin-content-docs/client';
import {firstMatch, type FirstMatchRules} from '../../config/firstMatch';

export {getActivePlugin, getActiveVersion, getLatestVersion};

/** A doc matches as the original tests it: `matchPath(pathname, {path: doc.path, exact: true, strict: false})`. */
const DOC_RULES: FirstMatchRules<GlobalDoc> = {
  exactPath: (doc) => doc.path,
  matches: (pathname, doc) => matchPath(pathname, {path: doc.path, exact: true, strict: false}) !== null,
};

/** Each version's docs by id, the last doc of an id winning, as the original's loop leaves them. */
const docsById = new WeakMap<readonly GlobalDoc[], {length: number; byId: Map<string, GlobalDoc>}>();

function docById(version: GlobalVersion, id: string): GlobalDoc | undefined {
  let entry = docsById.get(version.docs);
  if (!entry || entry.length !== version.docs.length) {
    entry = {length: version.docs.length, byId: new Map(version.docs.map((doc) => [doc.id, doc]))};
    docsById.set(version.docs, entry);
  }
  return entry.byId.get(id);
}

export function getActiveDocContext(data: GlobalPluginData, pathname: string): ActiveDocContext {
  const activeVersion = getActiveVersion(data, pathname);
  const activeDoc = activeVersion ? activeVersion.docs[firstMatch(activeVersion.docs, pathname, DOC_RULES)] : undefined;
  const alternateDocVersions: Record<string, GlobalDoc> = {};
  if (activeDoc) {
    for (const version of data.versions) {
      const doc = docById(version, activeDoc.id);
      if (doc) alternateDocVersions[version.name] = doc;
    }
  }
  return {activeVersion, activeDoc, alternateDocVersions};
}

export function getDocVersionSuggestions(data: GlobalPluginData, pathname: string): DocVersionSuggestions {
  const latestVersion = getLatestVersion(data);
  const activeDocContext = getActiveDocContext(data, pathname);
  const latestDocSuggestion = activeDocContext.alternateDocVersions[latestVersion.name];
  return {latestDocSuggestion, latestVersionSuggestion: latestVersion};
}
