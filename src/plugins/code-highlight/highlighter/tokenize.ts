import type {Token} from 'prism-react-renderer';

/** Splits code into lines of tokens. */
export type Tokenizer = (code: string, language: string) => Token[][];

/**
 * Lines of one plain token each: what a code block shows while the
 * highlighter loads, and for a language Prism does not know. Empty lines are
 * marked the way prism-react-renderer's normalizeTokens marks them.
 */
export function plainLines(code: string): Token[][] {
  return code
    .split(/\r\n|\r|\n/)
    .map((content) => [content === '' ? {types: ['plain'], content: '\n', empty: true} : {types: ['plain'], content}]);
}
