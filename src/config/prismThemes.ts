import type {PrismTheme} from 'prism-react-renderer';

/**
 * Code highlighting themes whose every token color reaches WCAG AA contrast
 * (4.5:1) on its code block background. The stock GitHub theme's numbers,
 * attribute names and comments fall below that.
 */
export const lightCodeTheme: PrismTheme = {
  plain: {color: '#1f2328', backgroundColor: '#f6f8fa'},
  styles: [
    {types: ['comment', 'prolog', 'doctype', 'cdata'], style: {color: '#57606a', fontStyle: 'italic'}},
    {types: ['keyword', 'operator', 'important', 'atrule', 'rule'], style: {color: '#b3261e'}},
    {types: ['string', 'char', 'template-string', 'regex', 'url', 'inserted'], style: {color: '#0a3069'}},
    {types: ['number', 'boolean', 'constant', 'symbol', 'attr-name', 'property', 'entity'], style: {color: '#0550ae'}},
    {
      types: ['function', 'function-variable', 'method', 'definition-query', 'definition-mutation'],
      style: {color: '#6639ba'},
    },
    {types: ['class-name', 'builtin', 'variable', 'parameter', 'annotation', 'namespace'], style: {color: '#953800'}},
    {types: ['tag', 'selector', 'attr-value'], style: {color: '#116329'}},
    {types: ['punctuation'], style: {color: '#1f2328'}},
    {types: ['deleted'], style: {color: '#82071e'}},
  ],
};

export const darkCodeTheme: PrismTheme = {
  plain: {color: '#e6edf3', backgroundColor: '#161b22'},
  styles: [
    {types: ['comment', 'prolog', 'doctype', 'cdata'], style: {color: '#9198a1', fontStyle: 'italic'}},
    {types: ['keyword', 'operator', 'important', 'atrule', 'rule'], style: {color: '#ff7b72'}},
    {types: ['string', 'char', 'template-string', 'regex', 'url', 'inserted'], style: {color: '#a5d6ff'}},
    {types: ['number', 'boolean', 'constant', 'symbol', 'attr-name', 'property', 'entity'], style: {color: '#79c0ff'}},
    {
      types: ['function', 'function-variable', 'method', 'definition-query', 'definition-mutation'],
      style: {color: '#d2a8ff'},
    },
    {types: ['class-name', 'builtin', 'variable', 'parameter', 'annotation', 'namespace'], style: {color: '#ffa657'}},
    {types: ['tag', 'selector', 'attr-value'], style: {color: '#7ee787'}},
    {types: ['punctuation'], style: {color: '#e6edf3'}},
    {types: ['deleted'], style: {color: '#ffa198'}},
  ],
};
