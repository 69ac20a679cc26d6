import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {PrismTheme} from 'prism-react-renderer';
import {prismCss, prismThemeCss} from '../../src/plugins/code-highlight/prismCss.ts';
import {plainLines} from '../../src/plugins/code-highlight/highlighter/tokenize.ts';

const theme: PrismTheme = {
  plain: {color: '#111', backgroundColor: '#fff'},
  styles: [
    {types: ['comment', 'prolog'], style: {color: '#555', fontStyle: 'italic'}},
    {types: ['class-name'], style: {color: '#a00'}},
    {types: ['keyword'], style: {color: '#00a'}, languages: ['java', 'kotlin']},
    {types: ['nothing'], style: {}},
  ],
};

test('token rules are scoped to a color mode and keep the theme order', () => {
  const css = prismThemeCss(theme, 'dark');
  const lines = css.split('\n');
  assert.equal(lines.length, 3, 'an entry without declarations gives no rule');
  assert.equal(
    lines[0],
    "html[data-theme='dark'] .prism-code .token.comment,html[data-theme='dark'] .prism-code .token.prolog{color:#555;font-style:italic}",
  );
  assert.equal(lines[1], "html[data-theme='dark'] .prism-code .token.class-name{color:#a00}");
});

test('an entry limited to languages applies inside code blocks of those languages only', () => {
  const css = prismThemeCss(theme, 'light');
  assert.match(css, /html\[data-theme='light'\] \.prism-code\.language-java \.token\.keyword,/);
  assert.match(css, /\.prism-code\.language-kotlin \.token\.keyword\{color:#00a\}/);
});

test('the dark mode falls back to the light theme', () => {
  const css = prismCss(theme, undefined);
  assert.match(css, /data-theme='light'\] \.prism-code \.token\.class-name/);
  assert.match(css, /data-theme='dark'\] \.prism-code \.token\.class-name/);
});

test('plain lines mark empty lines as prism-react-renderer does', () => {
  assert.deepEqual(plainLines('a\n\nb'), [
    [{types: ['plain'], content: 'a'}],
    [{types: ['plain'], content: '\n', empty: true}],
    [{types: ['plain'], content: 'b'}],
  ]);
});
