// Bringing a panel that opened out of sight (under a long list, or beside it while the page is scrolled down) into
// view, its top at the top of the page's scrolling area; a panel whose top is already in view stays where it is, unless
// it opened under the list it belongs to (a window too narrow for the two side by side) and runs past the window's
// bottom: at a laptop's 1024×640 a call's heading and facts showed under the list, its transcript below the fold with
// nothing to say it was there.

/** How far from the window's bottom a top still counts as in view: a panel starting lower shows too little of itself. */
const MIN_SHOWN_PX = 120;

/** Whether `panel` stands under the element before it (the list it opened from), not beside it. */
const underWhatPrecedes = (panel: HTMLElement, top: number): boolean => {
  const before = panel.previousElementSibling;
  return before !== null && before.getBoundingClientRect().bottom <= top + 1;
};

export function revealTop(panel: HTMLElement | null): void {
  if (!panel) return;
  // The page scrolls under the top bar, which stays.
  const below = document.querySelector('.topbar')?.getBoundingClientRect().bottom ?? 0;
  const { top, bottom } = panel.getBoundingClientRect();
  const outOfSight = top < below || top > window.innerHeight - MIN_SHOWN_PX;
  const cutUnderList = top > below && bottom > window.innerHeight && underWhatPrecedes(panel, top);
  if (outOfSight || cutUnderList) panel.scrollIntoView({ block: 'start' });
}
