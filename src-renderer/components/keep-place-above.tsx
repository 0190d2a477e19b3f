// Keeps what a reader sees in a scrolling list where it is when items are added above it (older messages loaded at
// the top of a thread): the list scrolls by what was added, so the line being read does not move. Chromium's own
// scroll anchoring does this while the list is scrolled part way, but not at its very top (scrollTop 0), which is
// where a reader who scrolled up for more is. The list's first item, measured just before the change and again just
// after, says by how much; a change the browser already made up for measures as nothing, so none is made twice.
import { Component, type ReactNode, type RefObject } from 'react';

type Props = {
  list: RefObject<HTMLElement | null>;
  /** The key of the list's first item (an item carries it as `data-key`): items were added above when it changes. */
  first: string | undefined;
  children: ReactNode;
};
type Snapshot = { item: Element; top: number } | null;

/** A class for `getSnapshotBeforeUpdate`, the one moment before React changes the page (no hook has it). */
export class KeepPlaceAbove extends Component<Props> {
  override getSnapshotBeforeUpdate(previous: Readonly<Props>): Snapshot {
    const list = this.props.list.current;
    if (!list || previous.first === undefined || previous.first === this.props.first) return null;
    const item = list.querySelector(`[data-key="${CSS.escape(previous.first)}"]`);
    return item ? { item, top: item.getBoundingClientRect().top } : null;
  }

  override componentDidUpdate(_previous: Readonly<Props>, _state: unknown, snapshot: Snapshot): void {
    const list = this.props.list.current;
    // An item no longer listed: the list was replaced, not added to, and there is no place to keep.
    if (!list || !snapshot?.item.isConnected) return;
    const moved = snapshot.item.getBoundingClientRect().top - snapshot.top;
    if (moved !== 0) list.scrollTop += moved;
  }

  override render(): ReactNode {
    return this.props.children;
  }
}
