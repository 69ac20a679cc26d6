/**
 * Wraps @theme-original/AnnouncementBar (@docusaurus/theme-classic 3.10.2).
 * Why:
 * 1. A new announcement must reappear for readers who closed an older one.
 *    The bar's id is derived from its content (docusaurus.config.ts), and the
 *    theme resets the "dismissed" flag when the id changes, but its inline
 *    script has already marked <html data-announcement-bar-initially-dismissed>
 *    from the old flag, and that attribute keeps the bar hidden by CSS until
 *    the next reload. The wrapper clears the attribute once the bar is active,
 *    unless the reader dismissed this very announcement.
 * 2. The bar's text sits at the top of every page, so search engines and our
 *    own index would take it as each page's snippet: it is marked
 *    `data-nosnippet` and `data-pagefind-ignore`.
 */
import {useEffect, type ReactNode} from 'react';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type {WrapperProps} from '@docusaurus/types';
import {useThemeConfig} from '@docusaurus/theme-common';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';
import {
  ANNOUNCEMENT_DISMISS_KEY,
  ANNOUNCEMENT_ID_KEY,
  ANNOUNCEMENT_DISMISSED_ATTRIBUTE as INITIALLY_DISMISSED,
} from '@site/src/plugins/early-input/earlyScript';

type Props = WrapperProps<typeof AnnouncementBarType>;

/** Whether the reader dismissed this very announcement (its id is stored with the flag). */
function dismissedThisOne(id: string | undefined): boolean {
  try {
    return (
      localStorage.getItem(ANNOUNCEMENT_DISMISS_KEY) === 'true' && localStorage.getItem(ANNOUNCEMENT_ID_KEY) === id
    );
  } catch {
    return false;
  }
}

export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const {isActive} = useAnnouncementBar();
  const id = useThemeConfig().announcementBar?.id;
  useEffect(() => {
    // The hydrating render always shows the bar; leave the attribute alone when the reader closed
    // this announcement (perhaps before hydration, src/plugins/early-input), or it would flash.
    if (isActive && document.documentElement.getAttribute(INITIALLY_DISMISSED) === 'true' && !dismissedThisOne(id)) {
      document.documentElement.setAttribute(INITIALLY_DISMISSED, 'false');
    }
  }, [isActive, id]);
  if (!isActive) {
    return null;
  }
  return (
    <div data-nosnippet="" data-pagefind-ignore="all">
      <AnnouncementBar {...props} />
    </div>
  );
}
