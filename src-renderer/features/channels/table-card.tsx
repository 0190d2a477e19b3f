// A card with one list as a table, and its loading, error and empty states.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { scrollRegion } from '../../components/scroll-region.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';

/** `label` names the card, which scrolls a table wider than the page (a Tab stop, so the keyboard can scroll it too). */
export function TableCard<T>({ list, empty, label, testId, columns, row }: {
  list: UseQueryResult<{ data: T[] }>; empty: string; label: string; testId: string; columns: string[]; row(item: T): ReactNode;
}) {
  return (
    <section className="card table-card scroll-region" {...scrollRegion(label)}>
      {list.isPending ? <Loading /> : list.isError ? <ErrorState error={list.error} /> : list.data.data.length === 0 ? <Empty title={empty} /> : (
        <table className="table" data-testid={testId}>
          <thead><tr>{columns.map((column) => <th key={column}>{column}</th>)}</tr></thead>
          <tbody>{list.data.data.map(row)}</tbody>
        </table>
      )}
    </section>
  );
}
