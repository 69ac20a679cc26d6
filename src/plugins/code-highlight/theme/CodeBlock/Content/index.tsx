/**
 * Replaces @theme/CodeBlock/Content (@docusaurus/theme-classic 3.10.2). Same
 * markup and props as the original, with three differences that keep Prism
 * out of the browser for every page it is served:
 *
 * - Token and line colors come from CSS generated from the site's Prism
 *   themes (../../../prismCss.ts), not inline styles, so they follow the
 *   color mode without re-rendering.
 * - When the browser hydrates a page, a code block keeps the lines the server
 *   rendered: the <code> element is hydrated with an empty, never-changing
 *   dangerouslySetInnerHTML, which React leaves alone, so no highlighter has
 *   to run (or load) to reproduce markup that is already there.
 * - A code block rendered in the browser (after a client-side navigation, in
 *   a lazy tab, or under `npm start`) shows its lines plain at once and
 *   highlighted as soon as the Prism chunk has loaded.
 * - Lines are `<span>` elements shown as blocks, not the `<div>` of the
 *   theme's CodeBlock/Line: HTML allows only phrasing content in `<code>`
 *   (the W3C checker flags every code block otherwise).
 */
import {forwardRef, useEffect, useState, type ComponentProps, type ReactNode, type RefObject} from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {usePrismTheme} from '@docusaurus/theme-common';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/CodeBlock/Content';
import LineToken from '@theme/CodeBlock/Line/Token';
import type {LineInputProps, LineOutputProps, Token, TokenInputProps, TokenOutputProps} from 'prism-react-renderer';
import {getTokenizer, loadTokenizer, type Tokenizer} from '@orrery/code-highlighter';
import {plainLines} from '../../../highlighter/tokenize';
import styles from './styles.module.css';

// True in the production browser bundle, whose first render hydrates server HTML.
const hydratesServerHtml = Boolean(process.env.HYDRATE_CLIENT_ENTRY);

const Pre = forwardRef<HTMLPreElement, ComponentProps<'pre'>>(function Pre(props, ref) {
  return (
    <pre
      ref={ref}
      // A keyboard user must be able to scroll a long line (as in the original).
      tabIndex={0}
      {...props}
      className={clsx(props.className, styles.codeBlock, 'thin-scrollbar')}
    />
  );
});

// The same props as prism-react-renderer's getLineProps, without the inline color.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function getLineProps({className, style, line, ...rest}: LineInputProps): LineOutputProps {
  return {...rest, className: clsx('token-line', className), ...(style ? {style} : {})};
}

// The same props as prism-react-renderer's getTokenProps, without the inline colors.
function getTokenProps({token, className, style, ...rest}: TokenInputProps): TokenOutputProps {
  const empty = token.empty ? {display: 'inline-block'} : undefined;
  const merged = empty || style ? {...empty, ...style} : undefined;
  return {
    ...rest,
    className: clsx('token', ...token.types, className),
    children: token.content,
    ...(merged ? {style: merged} : {}),
  };
}

/** The highlighter, loading it on first use in the browser. */
function useTokenizer(): Tokenizer | undefined {
  const [tokenizer, setTokenizer] = useState(getTokenizer);
  useEffect(() => {
    if (tokenizer) return undefined;
    let live = true;
    loadTokenizer().then(
      (t) => live && setTokenizer(() => t),
      () => undefined, // Stays plain if the chunk cannot load (e.g. offline).
    );
    return () => {
      live = false;
    };
  }, [tokenizer]);
  return tokenizer;
}

/** The theme's fix (3.10.2): a line holding only "\n" would break twice with the <br /> below. */
function fixLineBreak(line: Token[]): Token[] {
  const [only] = line;
  return line.length === 1 && only?.content === '\n' ? [{...only, content: ''}] : line;
}

/** One line: the theme's CodeBlock/Line, as a block-level <span> instead of a <div>. */
function Line({
  line: lineProp,
  classNames,
  showLineNumbers,
}: {
  line: Token[];
  classNames?: string[];
  showLineNumbers: boolean;
}): ReactNode {
  const line = fixLineBreak(lineProp);
  const lineProps = getLineProps({line, className: clsx(classNames, showLineNumbers && styles.codeLine)});
  const tokens = line.map((token, key) => {
    const tokenProps = getTokenProps({token});
    return (
      <LineToken key={key} {...tokenProps} line={line} token={token}>
        {tokenProps.children}
      </LineToken>
    );
  });
  return (
    <span {...lineProps}>
      {showLineNumbers ? (
        <>
          <span className={styles.codeLineNumber} />
          <span className={styles.codeLineContent}>{tokens}</span>
        </>
      ) : (
        tokens
      )}
      <br />
    </span>
  );
}

function Lines(): ReactNode {
  const {metadata} = useCodeBlockContext();
  const {code, language, lineNumbersStart, lineClassNames} = metadata;
  const tokenizer = useTokenizer();
  const lines = tokenizer ? tokenizer(code, language) : plainLines(code);
  return lines.map((line, i) => (
    <Line key={i} line={line} classNames={lineClassNames[i]} showLineNumbers={lineNumbersStart !== undefined} />
  ));
}

export default function CodeBlockContent({className: classNameProp}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  const isBrowser = useIsBrowser();
  // Decided once per code block: was it rendered by the server and is it being hydrated now?
  const [keepServerLines] = useState(() => hydratesServerHtml && !isBrowser && typeof window !== 'undefined');
  const {language, lineNumbersStart} = metadata;
  const codeProps = {
    className: clsx(styles.codeBlockLines, lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering),
    style: lineNumbersStart === undefined ? undefined : {counterReset: `line-count ${lineNumbersStart - 1}`},
  };
  return (
    <Pre
      // theme-common types the ref for React 19 (RefObject<T | null>); React 18's types want RefObject<T>.
      ref={wordWrap.codeBlockRef as RefObject<HTMLPreElement>}
      className={clsx(classNameProp, 'prism-code', `language-${language}`)}
      style={prismTheme.plain}>
      {keepServerLines ? (
        <code {...codeProps} dangerouslySetInnerHTML={{__html: ''}} suppressHydrationWarning />
      ) : (
        <code {...codeProps}>
          <Lines />
        </code>
      )}
    </Pre>
  );
}
