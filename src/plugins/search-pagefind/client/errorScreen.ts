/**
 * Keeps DocSearch's error screen ('Unable to fetch results') on screen.
 *
 * DocSearch 3.9 switches the modal to its error screen when a search fails
 * with a `RetryError` (all hosts unreachable; the embedded client uses the
 * same name). But the autocomplete-core 1.17.9 bundled in it ends every
 * request with `setStatus('idle')` (onInput's `finally`), a microtask later,
 * so React only ever renders 'idle' and the reader sees "No results" instead.
 *
 * `keepErrorScreen` wraps the modal's search client: on a `RetryError` it
 * hands the error to DocSearch's handler (which sets the status to 'error')
 * and then leaves that request pending, so nothing resets the status; the
 * next keystroke starts a new request as usual. The error is reported only
 * once autocomplete's stall timer (300 ms after the request started) has
 * fired, and never in the same task as the failure, or 'stalled' would
 * replace 'error'. Other errors and all results
 * pass through unchanged. Used in both modes by the SearchBar wrapper.
 */

/** autocomplete-core's default `stallThreshold`, which DocSearch 3.9 does not change. */
export const STALL_THRESHOLD_MS = 300;
const MARGIN_MS = 50;

type SearchFn = (...args: never[]) => Promise<unknown>;

export interface KeepErrorOptions {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

type Outcome = {ok: true; value: unknown} | {ok: false; error: unknown; hold: boolean};

const isRetryError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as {name?: unknown}).name === 'RetryError';

/** A promise-like whose failure, when held, is reported to the rejection handler and then never settles. */
function heldResult(outcome: Promise<Outcome>): Promise<unknown> {
  const never = new Promise<never>(() => undefined);
  const then = (
    onFulfilled?: ((value: unknown) => unknown) | null,
    onRejected?: ((error: unknown) => unknown) | null,
  ) =>
    outcome.then((o) => {
      if (o.ok) return onFulfilled ? onFulfilled(o.value) : o.value;
      if (!o.hold) {
        if (onRejected) return onRejected(o.error);
        throw o.error;
      }
      try {
        onRejected?.(o.error);
      } catch {
        // DocSearch's handler rethrows after setting the status; that is the point where we stop.
      }
      return never;
    });
  const result = {
    then,
    catch: (onRejected?: ((error: unknown) => unknown) | null) => then(undefined, onRejected),
    finally: (onFinally?: (() => void) | null) =>
      then(
        (value) => {
          onFinally?.();
          return value;
        },
        (error) => {
          onFinally?.();
          throw error;
        },
      ),
    [Symbol.toStringTag]: 'Promise',
  };
  return result as unknown as Promise<unknown>;
}

export function keepErrorScreen<T extends {search: SearchFn}>(client: T, options: KeepErrorOptions = {}): T {
  const now = options.now ?? (() => Date.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const original = client.search;
  const search = (...args: never[]): Promise<unknown> => {
    const started = now();
    const outcome: Promise<Outcome> = original.apply(client, args).then(
      (value): Outcome => ({ok: true, value}),
      async (error: unknown): Promise<Outcome> => {
        if (!isRetryError(error)) return {ok: false, error, hold: false};
        // Never less than the margin, even when the threshold has passed: on a busy page the
        // overdue stall timer can still be queued behind the failed request's network task,
        // and it must run first, or its 'stalled' replaces 'error' for good (the request stays
        // pending, so nothing ends the stall).
        await sleep(Math.max(STALL_THRESHOLD_MS + MARGIN_MS - (now() - started), MARGIN_MS));
        return {ok: false, error, hold: true};
      },
    );
    return heldResult(outcome);
  };
  // Keep the client's other members (transporter, addAlgoliaAgent, …) and its `this`.
  return Object.assign(Object.create(client) as T, {search});
}
