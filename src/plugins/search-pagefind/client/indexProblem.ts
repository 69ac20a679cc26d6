/**
 * Why the embedded index could not be loaded, published for the SearchBar
 * (useSyncExternalStore) so its error screen can tell a writer under
 * `npm start`, which serves no index, to run a build. Kept apart from
 * loadPagefind.ts so the search button can subscribe without loading the
 * search client itself.
 */
import type {IndexProblem} from './client';

let problem: IndexProblem | null = null;
const listeners = new Set<() => void>();

export function setIndexProblem(next: IndexProblem | null): void {
  if (next !== problem) {
    problem = next;
    listeners.forEach((listener) => listener());
  }
}

/** The last load problem, or null once the index loads. */
export function getIndexProblem(): IndexProblem | null {
  return problem;
}

export function subscribeIndexProblem(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
