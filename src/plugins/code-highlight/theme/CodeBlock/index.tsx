/**
 * Replaces @theme/CodeBlock (@docusaurus/theme-classic 3.10.2), identical but
 * for one line: the original renders its content with `key={String(isBrowser)}`,
 * which throws away every code block right after hydration and renders it
 * again in the browser, only to swap the inline token colors of the light
 * theme for the dark ones. Our code blocks take their token colors from CSS
 * (see ../../prismCss.ts), so the server's markup can stay as it is, and the
 * browser needs no highlighter for the page it was served.
 */
import {isValidElement, Children, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';

/** Plain string children become one string; anything else is rendered as is. */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((el) => isValidElement(el))) {
    return children;
  }
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({children: rawChildren, ...props}: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  return typeof children === 'string' ? (
    <StringContent {...props}>{children}</StringContent>
  ) : (
    <ElementContent {...props}>{children}</ElementContent>
  );
}
