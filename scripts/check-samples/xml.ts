// A small XML well-formedness check (no package needed): one root element,
// matched and properly nested tags, quoted attributes, no stray `<` or `&`.
// It does not read DTDs or check entities beyond the five predefined ones.
// cspell:words formedness

export interface XmlError {
  line: number;
  message: string;
}

const NAME = '[A-Za-z_:][-A-Za-z0-9_:.]*';
const ATTRS = `(?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*`;
const START = new RegExp(`^<(${NAME})${ATTRS}\\s*(/?)>`);
const END = new RegExp(`^</(${NAME})\\s*>`);

export function checkXml(text: string): XmlError | null {
  const stack: {name: string; line: number}[] = [];
  let roots = 0;
  let line = 1;
  let i = 0;
  const advance = (n: number) => {
    for (let k = 0; k < n; k++) if (text.charCodeAt(i + k) === 10) line++;
    i += n;
  };
  const skipTo = (end: string, what: string): XmlError | null => {
    const j = text.indexOf(end, i);
    if (j < 0) return {line, message: `unterminated ${what}`};
    advance(j + end.length - i);
    return null;
  };
  while (i < text.length) {
    const c = text[i] ?? '';
    if (c !== '<') {
      if (c === '&') {
        const ent = /^&(?:lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/.exec(text.slice(i, i + 12));
        if (!ent) return {line, message: 'bare "&" (write &amp;)'};
      } else if (!/\s/.test(c) && stack.length === 0) {
        return {line, message: 'text outside the root element'};
      }
      advance(1);
      continue;
    }
    const rest = text.slice(i, i + 2000);
    let err: XmlError | null = null;
    if (rest.startsWith('<?')) err = skipTo('?>', 'processing instruction');
    else if (rest.startsWith('<!--')) err = skipTo('-->', 'comment');
    else if (rest.startsWith('<![CDATA[')) err = skipTo(']]>', 'CDATA section');
    else if (rest.startsWith('<!')) err = skipTo('>', 'declaration');
    else if (rest.startsWith('</')) {
      const m = END.exec(rest);
      if (!m) return {line, message: 'malformed end tag'};
      const open = stack.pop();
      if (!open) return {line, message: `end tag </${m[1]}> without a start tag`};
      if (open.name !== m[1]) return {line, message: `</${m[1]}> closes <${open.name}> from line ${open.line}`};
      advance(m[0].length);
    } else {
      const m = START.exec(rest);
      if (!m) return {line, message: 'malformed start tag (unquoted attribute, bad name or stray "<")'};
      if (stack.length === 0) roots++;
      if (roots > 1) return {line, message: 'more than one root element'};
      if (!m[2]) stack.push({name: m[1] ?? '', line});
      advance(m[0].length);
    }
    if (err) return err;
  }
  const open = stack.pop();
  if (open) return {line: open.line, message: `<${open.name}> is never closed`};
  if (roots === 0) return {line: 1, message: 'no root element'};
  return null;
}
