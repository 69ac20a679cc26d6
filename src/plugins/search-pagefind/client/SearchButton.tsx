/**
 * The search button in the navbar, in place of DocSearch 3.9's
 * `DocSearchButton` (whose module brings the whole DocSearch bundle, dialog
 * included, into the code every page runs; see
 * src/plugins/search-pagefind/README.md). It keeps DocSearch's class names, so
 * DocSearch's stylesheet and the site's overrides style it, and its props:
 * `translations.buttonText` and `translations.buttonAriaLabel`, plus any
 * button attribute (the theme passes its handlers and a ref).
 *
 * The shortcut hint (⌘ K on Apple systems, Ctrl K elsewhere) is drawn after
 * hydration, since the server cannot know the reader's system; each key
 * looks pressed while the reader holds it. The accessible name is the visible
 * text, key caps included ("Search Ctrl K"), as WCAG's "label in name" asks
 * (axe's label-content-name-mismatch counts the key caps even when they are
 * hidden from assistive technology), and `aria-keyshortcuts` gives the
 * shortcut in its standard form.
 */
import {forwardRef, useEffect, useState, type ComponentPropsWithoutRef, type ReactNode} from 'react';

export interface ButtonTranslations {
  buttonText?: string;
  buttonAriaLabel?: string;
}

export type DocSearchButtonProps = ComponentPropsWithoutRef<'button'> & {translations?: ButtonTranslations};

interface Modifier {
  /** KeyboardEvent.key of the modifier. */
  key: 'Control' | 'Meta';
  label: string;
}

export function modifierFor(platform: string): Modifier {
  return /Mac|iPhone|iPad|iPod/i.test(platform) ? {key: 'Meta', label: '⌘'} : {key: 'Control', label: 'Ctrl'};
}

function Key({watch, children, wide}: {watch: string; children: ReactNode; wide?: boolean}): ReactNode {
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    const down = (event: KeyboardEvent): void => {
      if (event.key?.toLowerCase() === watch.toLowerCase()) setPressed(true);
    };
    const up = (event: KeyboardEvent): void => {
      // Releasing ⌘ swallows the other keys' keyup events on Apple systems.
      if (event.key?.toLowerCase() === watch.toLowerCase() || event.key === 'Meta') setPressed(false);
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, [watch]);
  const className = [
    'DocSearch-Button-Key',
    wide && 'DocSearch-Button-Key--wide',
    pressed && 'DocSearch-Button-Key--pressed',
  ];
  return <kbd className={className.filter(Boolean).join(' ')}>{children}</kbd>;
}

function SearchIcon(): ReactNode {
  // A lens: a circle and a short handle.
  return (
    <svg className="DocSearch-Search-Icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
      <circle cx="8.5" cy="8.5" r="6" fill="none" stroke="currentColor" />
      <path d="M13 13l5 5" fill="none" stroke="currentColor" strokeLinecap="round" />
    </svg>
  );
}

export const DocSearchButton = forwardRef<HTMLButtonElement, DocSearchButtonProps>(function DocSearchButton(
  {translations = {}, ...buttonProps},
  ref,
) {
  const {buttonText = 'Search', buttonAriaLabel = 'Search'} = translations;
  const [modifier, setModifier] = useState<Modifier | null>(null);
  useEffect(() => setModifier(modifierFor(navigator.platform ?? '')), []);
  return (
    <button
      type="button"
      className="DocSearch DocSearch-Button"
      aria-label={modifier ? `${buttonAriaLabel} ${modifier.label} K` : buttonAriaLabel}
      aria-keyshortcuts={`${modifier?.key ?? 'Control'}+K`}
      {...buttonProps}
      ref={ref}>
      <span className="DocSearch-Button-Container">
        <SearchIcon />
        <span className="DocSearch-Button-Placeholder">{buttonText}</span>
      </span>
      {/* The accessible name already holds the key caps' text. The spaces between the parts
          take no room in the flex boxes; they keep the words apart for checkers that read the
          visible text ("Search Ctrl K", not "SearchCtrlK"). */}{' '}
      <span className="DocSearch-Button-Keys" aria-hidden="true">
        {modifier && (
          <>
            <Key watch={modifier.key} wide={modifier.label.length > 1}>
              {modifier.label}
            </Key>{' '}
            <Key watch="k">K</Key>
          </>
        )}
      </span>
    </button>
  );
});
