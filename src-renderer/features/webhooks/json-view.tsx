// Pretty-printed JSON with its keys, strings, numbers and literals coloured.
import type { ReactNode } from 'react';
import { scrollRegion } from '../../components/scroll-region.ts';

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

/** `label` names it for a screen reader; it is a Tab stop, so a payload taller than its box can be scrolled by keyboard. */
export function JsonView({ value, label, testId }: { value: unknown; label: string; testId?: string }) {
  return <pre className="wh-pre wh-json scroll-region" {...scrollRegion(label)} data-testid={testId}>{highlight(JSON.stringify(value, null, 2))}</pre>;
}
