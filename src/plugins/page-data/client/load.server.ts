/**
 * A data page's route entry in the static rendering (README.md beside this file): reads its data
 * file from the build's generated files.
 */
import {readFileSync} from 'node:fs';
import {pageModule, type PageDataFile, type PageDataLoader} from './render';

export function pageDataLoader(file: string): PageDataLoader {
  return Object.assign(
    () => Promise.resolve().then(() => pageModule(JSON.parse(readFileSync(file, 'utf8')) as PageDataFile)),
    {pageData: file},
  );
}
