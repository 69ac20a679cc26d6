/**
 * The search dialog's keyboard shortcuts, in place of DocSearch 3.9's
 * `useDocSearchKeyboardEvents` (its module brings the whole DocSearch
 * bundle, dialog included, into the code every page runs; see
 * src/plugins/search-pagefind/README.md). Same contract as DocSearch's hook:
 * - Ctrl+K or ⌘K opens the dialog, or closes it when open;
 * - Escape closes it;
 * - "/" opens it, unless the reader is typing in a field;
 * - a letter or digit typed while the search button has focus opens the
 *   dialog with that character as the query (`onInput`).
 * A dialog that another part of the page opened (body class
 * `DocSearch--active`) is not opened twice.
 */
import {useEffect, type RefObject} from 'react';

export interface KeyboardEventsProps {
  isOpen: boolean;
  onOpen: () => void;
  onClose: () => void;
  onInput?: (event: KeyboardEvent) => void;
  searchButtonRef: RefObject<HTMLButtonElement | null>;
}

/**
 * What a key press does ('swallow': nothing, but the browser's own shortcut
 * is held back too); pure, for the unit tests.
 */
export type ShortcutAction = 'open' | 'close' | 'input' | 'swallow' | null;

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey?: boolean;
  /** The element the key went to is a text field or editable. */
  inField: boolean;
  /** The search button has focus. */
  onButton: boolean;
}

export function shortcutAction(press: KeyPress, isOpen: boolean, otherDialogOpen: boolean): ShortcutAction {
  const toggle = press.key.toLowerCase() === 'k' && (press.ctrlKey || press.metaKey);
  if (toggle) return isOpen ? 'close' : otherDialogOpen ? 'swallow' : 'open';
  if (press.key === 'Escape') return isOpen ? 'close' : null;
  if (press.key === '/' && !isOpen && !press.inField) return otherDialogOpen ? 'swallow' : 'open';
  const printable = press.key.length === 1 && /[\p{L}\p{N}]/u.test(press.key);
  if (press.onButton && printable && !press.ctrlKey && !press.metaKey && !press.altKey) return 'input';
  return null;
}

function isField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName);
}

export function useDocSearchKeyboardEvents({
  isOpen,
  onOpen,
  onClose,
  onInput,
  searchButtonRef,
}: KeyboardEventsProps): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent): void {
      const action = shortcutAction(
        {
          key: event.key ?? '',
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          inField: isField(event.target),
          onButton: searchButtonRef.current !== null && searchButtonRef.current === document.activeElement,
        },
        isOpen,
        document.body.classList.contains('DocSearch--active'),
      );
      if (action === 'input') {
        onInput?.(event);
      } else if (action) {
        event.preventDefault();
        if (action === 'open') onOpen();
        else if (action === 'close') onClose();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isOpen, onOpen, onClose, onInput, searchButtonRef]);
}
