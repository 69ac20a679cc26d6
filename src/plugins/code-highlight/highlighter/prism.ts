/**
 * The real highlighter: prism-react-renderer's Prism with the site's
 * `themeConfig.prism.additionalLanguages` registered, tokenizing exactly as
 * prism-react-renderer's <Highlight> does. The server imports it directly; the
 * browser only loads it (as a separate chunk) to highlight a code block that
 * was not part of the server-rendered page, e.g. after a client-side navigation.
 */
import {Prism, normalizeTokens} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import type {Tokenizer} from './tokenize';

prismIncludeLanguages(Prism);

export const tokenize: Tokenizer = (code, language) => {
  const lang = language.toLowerCase();
  const grammar = Prism.languages[lang];
  if (grammar == null) return normalizeTokens([code]);
  const env = {code, grammar, language: lang, tokens: [] as (string | Prism.Token)[]};
  Prism.hooks.run('before-tokenize', env);
  env.tokens = Prism.tokenize(code, grammar);
  Prism.hooks.run('after-tokenize', env);
  return normalizeTokens(env.tokens);
};
