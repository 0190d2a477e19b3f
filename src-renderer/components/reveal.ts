// Bringing a panel that opened out of sight (under a long list, or beside it while the page is scrolled down) into
// view, its top at the top of the page's scrolling area; a panel whose top is already in view stays where it is.

/** How far from the window's bottom a top still counts as in view: a panel starting lower shows too little of itself. */
const MIN_SHOWN_PX = 120;

export function revealTop(panel: HTMLElement | null): void {
  if (!panel) return;
  // The page scrolls under the top bar, which stays.
  const below = document.querySelector('.topbar')?.getBoundingClientRect().bottom ?? 0;
  const { top } = panel.getBoundingClientRect();
  if (top < below || top > window.innerHeight - MIN_SHOWN_PX) panel.scrollIntoView({ block: 'start' });
}
