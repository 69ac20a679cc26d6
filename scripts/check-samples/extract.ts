// Reads the fenced code blocks of a Markdown or MDX file: opening fences of
// three or more backticks or tildes, indented fences (inside list items and
// JSX such as <TabItem>), the info string split into language and meta words
// (`title="…"` and other key="value" pairs count as meta too). The content is
// returned with the fence's indentation removed, as CommonMark does.

export interface CodeBlock {
  /** The file the block came from, as given. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** Language (first word of the info string), lower case; '' when none. */
  lang: string;
  /** The rest of the info string. */
  meta: string;
  /** Bare meta words (`fragment`, `showLineNumbers`, …), without key="value" pairs. */
  metaWords: string[];
  /** The block's text, fence indentation removed, ending without a newline. */
  code: string;
  /** The last non-blank line before the fence (a lead-in such as "Before (2.4.0):"). */
  lead: string;
}

const OPEN = /^( *)(`{3,}|~{3,})(.*)$/;

/** Splits an info string into language, meta text and bare meta words. */
export function parseInfo(info: string): {lang: string; meta: string; metaWords: string[]} {
  const trimmed = info.trim();
  const m = /^([^\s{]+)?\s*(.*)$/.exec(trimmed);
  const lang = (m?.[1] ?? '').toLowerCase();
  const meta = m?.[2] ?? '';
  // Remove key="value", key='value', key={…} and {1,3-5} line highlights before taking words.
  const bare = meta
    .replace(/\b[\w-]+=("[^"]*"|'[^']*'|\{[^}]*\}|\S+)/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .trim();
  const metaWords = bare ? bare.split(/\s+/) : [];
  return {lang, meta, metaWords};
}

export function extractBlocks(file: string, text: string): CodeBlock[] {
  const lines = text.split(/\r?\n/);
  const blocks: CodeBlock[] = [];
  let i = 0;
  // Skip front matter.
  if (lines[0] === '---') {
    const end = lines.indexOf('---', 1);
    if (end > 0) i = end + 1;
  }
  for (; i < lines.length; i++) {
    const m = OPEN.exec(lines[i] ?? '');
    if (!m) continue;
    const indent = (m[1] ?? '').length;
    const fence = m[2] ?? '';
    const info = m[3] ?? '';
    // A backtick fence's info string may not contain backticks (that is inline code).
    if (fence[0] === '`' && info.includes('`')) continue;
    const close = new RegExp(`^ *${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const l = lines[j] ?? '';
      if (close.test(l)) break;
      // Remove up to `indent` spaces of indentation, as CommonMark does.
      let k = 0;
      while (k < indent && l[k] === ' ') k++;
      body.push(l.slice(k));
    }
    const {lang, meta, metaWords} = parseInfo(info);
    let k = i - 1;
    while (k >= 0 && (lines[k] ?? '').trim() === '') k--;
    const lead = k >= 0 ? (lines[k] ?? '').trim() : '';
    blocks.push({file, line: i + 1, lang, meta, metaWords, code: body.join('\n'), lead});
    i = j;
  }
  return blocks;
}
