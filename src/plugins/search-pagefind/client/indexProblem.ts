/**
 * Why the embedded index could not be loaded, for the SearchBar's error
 * screen, which reads it as it renders so it can tell a writer under
 * `npm start`, which serves no index, to run a build. Kept apart from
 * loadPagefind.ts so the search button can read it without loading the
 * search client itself. Nothing subscribes to it: a re-render of the
 * search button while the modal is open would reset the reader's query
 * (see the SearchBar's useTranslations).
 */
import type {IndexProblem} from './client';

let problem: IndexProblem | null = null;

export function setIndexProblem(next: IndexProblem | null): void {
  problem = next;
}

/** The last load problem, or null once the index loads. */
export function getIndexProblem(): IndexProblem | null {
  return problem;
}
