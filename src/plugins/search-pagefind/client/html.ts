/**
 * HTML helpers for search hits. DocSearch and the search page inject hit
 * values with `dangerouslySetInnerHTML`, so every value we hand them is plain
 * text escaped here, with only our own highlight tags added around matches.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for use as HTML content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** Removes highlight tags (`<mark>…</mark>` by default) from a highlighted value. */
export function stripHighlight(value: string, preTag = '<mark>', postTag = '</mark>'): string {
  return value.split(preTag).join('').split(postTag).join('');
}

/** Removes the zero-width spaces Docusaurus puts in heading permalinks, and squeezes blanks. */
export function cleanText(text: string | undefined | null): string {
  return (text ?? '')
    .replace(/[\u200B\uFEFF]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
