/**
 * early-input: the page's controls answer from the first paint, before React
 * has hydrated the page (README.md beside this file).
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {earlyInputScript} from './earlyScript';

export interface EarlyInputOptions {
  /** Off: the page's controls wait for hydration, as in a stock Docusaurus site. */
  enabled?: boolean;
}

export default function earlyInputPlugin(context: LoadContext, options: unknown): Plugin | null {
  if ((options as EarlyInputOptions | undefined)?.enabled === false) return null;
  const dir = path.join(context.siteDir, 'src', 'plugins', 'early-input');
  const announcement = (context.siteConfig.themeConfig as {announcementBar?: {id?: string}}).announcementBar;
  const script = earlyInputScript(announcement ? (announcement.id ?? 'announcement-bar') : undefined);
  return {
    name: 'orrery-early-input',
    getThemePath: () => path.join(dir, 'theme'),
    getTypeScriptThemePath: () => path.join(dir, 'theme'),
    getClientModules: () => [path.join(dir, 'client.ts')],
    injectHtmlTags: () => ({headTags: [{tagName: 'script', innerHTML: script}]}),
  };
}
