// A letter key pressed while the conversation the arrows reached is still loading: `e` found no Resolve to press and
// was lost, silently, to an agent triaging fast (↓ then e). It is kept and presses Resolve once the thread shows it.
/** What the thread shows while it loads (states.tsx's Loading in the inbox's detail pane). */
const LOADING = '.detail-pane .state[role="status"]';

/** The press waiting under each inbox, to give up when another is asked for. */
const waiting = new WeakMap<HTMLElement, () => void>();

/**
 * While `root`'s conversation is loading, presses `selector` once it shows; false (nothing kept) when nothing is loading.
 * Given up at the next key or pointer press anywhere (the agent moved on, or pressed again), and when the pane stops
 * loading without it (the thread failed to load), so it never presses later, on something else.
 */
export function pressOnceShown(root: HTMLElement, selector: string): boolean {
  waiting.get(root)?.();
  if (!root.querySelector(LOADING)) return false;
  const stop = () => {
    observer.disconnect();
    window.removeEventListener('keydown', stop, true);
    window.removeEventListener('pointerdown', stop, true);
    if (waiting.get(root) === stop) waiting.delete(root);
  };
  const observer = new MutationObserver(() => {
    const button = root.querySelector<HTMLButtonElement>(selector);
    if (button) {
      stop();
      button.click();
    } else if (!root.querySelector(LOADING)) stop();
  });
  observer.observe(root, { childList: true, subtree: true });
  window.addEventListener('keydown', stop, true);
  window.addEventListener('pointerdown', stop, true);
  waiting.set(root, stop);
  return true;
}
