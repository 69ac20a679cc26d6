/**
 * `@orrery/code-highlighter` in the server bundle: the highlighter is always
 * ready, so every code block is highlighted in the static HTML.
 */
import {tokenize} from './prism';
import type {Tokenizer} from './tokenize';

export const getTokenizer = (): Tokenizer | undefined => tokenize;
export const loadTokenizer = (): Promise<Tokenizer> => Promise.resolve(tokenize);
