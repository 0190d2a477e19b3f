// Pretty-printed JSON with its keys, strings, numbers and literals coloured.
import type { ReactNode } from 'react';

const TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false|null)\b|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;

function highlight(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index;
    if (index > last) parts.push(text.slice(last, index));
    const [whole, string, colon, literal] = match;
    const kind = string ? (colon ? 'key' : 'string') : literal ? 'literal' : 'number';
    parts.push(<span key={index} className={`json-${kind}`}>{string ?? whole}</span>);
    if (colon) parts.push(colon);
    last = index + whole.length;
  }
  parts.push(text.slice(last));
  return parts;
}

export function JsonView({ value, testId }: { value: unknown; testId?: string }) {
  return <pre className="wh-pre wh-json" data-testid={testId}>{highlight(JSON.stringify(value, null, 2))}</pre>;
}
