/**
 * `@orrery/code-highlighter` in the browser bundle: Prism and its languages
 * live in a chunk of their own, loaded the first time a code block has to be
 * highlighted in the browser. Code blocks that came with the page keep the
 * server's highlighting and never need it.
 */
import type {Tokenizer} from './tokenize';

let tokenizer: Tokenizer | undefined;
let loading: Promise<Tokenizer> | undefined;

export const getTokenizer = (): Tokenizer | undefined => tokenizer;

export function loadTokenizer(): Promise<Tokenizer> {
  loading ??= import(/* webpackChunkName: "prism" */ './prism').then((m) => {
    tokenizer = m.tokenize;
    return m.tokenize;
  });
  return loading;
}
