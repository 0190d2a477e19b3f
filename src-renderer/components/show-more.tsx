// The foot of a long history shown a page at a time (a contact's notes, its conversations): how many of how many are
// shown, and Show more, which reads the next page under what is shown. Rendered only while more remain.
import { Button } from './button.tsx';

export function ShowMore({ shown, total, noun, loading, error, onMore, testId }: {
  shown: number; total: number; noun: string; loading: boolean; error: Error | null; onMore(): void; testId: string;
}) {
  return (
    <div className="list-more" data-testid={testId}>
      <span className="muted small" data-testid={`${testId}-count`}>{`Showing the newest ${shown.toLocaleString()} of ${total.toLocaleString()} ${noun}`}</span>
      <Button type="button" className="button ghost" data-testid={`${testId}-button`} disabled={loading} onClick={onMore}>
        {loading ? `Loading more ${noun}…` : `Show more ${noun}`}
      </Button>
      {error ? <span className="field-error" role="alert">More {noun} did not load: {error.message}</span> : null}
    </div>
  );
}
