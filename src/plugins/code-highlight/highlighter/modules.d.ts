/**
 * Resolved by the code-highlight plugin (src/plugins/code-highlight/index.ts) to
 * ./server.ts in the server bundle and ./client.ts in the browser bundle.
 */
declare module '@orrery/code-highlighter' {
  import type {Tokenizer} from '@site/src/plugins/code-highlight/highlighter/tokenize';

  export type {Tokenizer};
  /** The highlighter if it is ready now (always on the server). */
  export function getTokenizer(): Tokenizer | undefined;
  /** Loads the highlighter (once) and resolves with it. */
  export function loadTokenizer(): Promise<Tokenizer>;
}
