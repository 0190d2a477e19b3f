// Page buttons under a list: shown only when there is more than one page.
export function Pager({ page, totalPages, onPage, labels = ['Newer', 'Older'], detail }: {
  page: number; totalPages: number; onPage(page: number): void; labels?: [string, string]; detail?: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" className="button ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>{labels[0]}</button>
      <span className="muted">Page {page} of {totalPages}{detail ? ` · ${detail}` : ''}</span>
      <button type="button" className="button ghost" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>{labels[1]}</button>
    </nav>
  );
}
