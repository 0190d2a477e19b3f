// A card with one list as a table, and its loading, error and empty states; the empty state the Channels page's lists
// share: what goes there, and a link to the form that adds one.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode, RefObject } from 'react';
import { scrollRegion } from '../../components/scroll-region.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';

/** `what` says what the list holds and what for; `add` names the action, which takes the focus to `field` (its form's first). */
export type EmptyList = { title: string; what: string; add: string; field: RefObject<HTMLElement | null> };

export function EmptyListState({ title, what, add, field }: EmptyList) {
  return (
    <Empty title={title}>
      {what} <button type="button" className="link" onClick={() => field.current?.focus()} data-testid="empty-add">{add}</button>
    </Empty>
  );
}

/** `label` names the card, which scrolls a table wider than the page (a Tab stop, so the keyboard can scroll it too). */
export function TableCard<T>({ list, empty, label, testId, columns, row }: {
  list: UseQueryResult<{ data: T[] }>; empty: EmptyList; label: string; testId: string; columns: string[]; row(item: T): ReactNode;
}) {
  return (
    <section className="card table-card scroll-region" {...scrollRegion(label)}>
      {list.isPending ? <Loading /> : list.isError ? <ErrorState error={list.error} /> : list.data.data.length === 0 ? <EmptyListState {...empty} /> : (
        <table className="table" data-testid={testId}>
          <thead><tr>{columns.map((column) => <th key={column}>{column}</th>)}</tr></thead>
          <tbody>{list.data.data.map(row)}</tbody>
        </table>
      )}
    </section>
  );
}
