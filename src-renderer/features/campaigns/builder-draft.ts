// What is typed into the open campaign builder (zustand, UI state only), kept while the user visits another page and
// comes back: its links lead away (Channels for a template, the Wallet for a top-up) and say the builder waits there, so
// what was filled in must wait too. Forgotten when the campaigns page shows anything else (the list, a campaign, another
// builder), so a new builder starts empty.
import { useCallback, useState } from 'react';
import { create } from 'zustand';
import { useCampaignsUi, type CampaignView } from './view-state.ts';

type BuilderDraft = { fields: Record<string, unknown> };

export const useBuilderDraft = create<BuilderDraft>(() => ({ fields: {} }));

const sameBuilder = (a: CampaignView, b: CampaignView): boolean => a.kind === 'new' && b.kind === 'new' && a.channel === b.channel;

useCampaignsUi.subscribe((state, previous) => {
  if (!sameBuilder(state.view, previous.view)) useBuilderDraft.setState({ fields: {} });
});

/**
 * `useState` for a builder's field, kept under `key` (unique within the builders) until the builder is left for another
 * view of the campaigns page. `initial` is the value before anything is set.
 */
export function useKept<T>(key: string, initial: T | (() => T)): [T, (next: T) => void] {
  const fields = useBuilderDraft((s) => s.fields);
  const [fallback] = useState(initial);
  const value = Object.hasOwn(fields, key) ? fields[key] as T : fallback;
  const set = useCallback((next: T) => useBuilderDraft.setState((s) => ({ fields: { ...s.fields, [key]: next } })), [key]);
  return [value, set];
}
