// An automation as the builder edits it: every config field a string, as its input holds it, until it is sent; the
// config keys the catalog does not list (and a step of a type it does not know) are kept as they were, untouched.
import type { Automation, CatalogEntry, CatalogField, NodeCatalog } from '../../../src-core/contract/index.ts';
import { channelLabel } from '../../components/format.ts';

export type FieldValues = Record<string, string>;
export type DraftTrigger = { type: string; values: FieldValues; kept: Record<string, unknown> };
/** `key` names the step in the page only (a new step has no id until the core gives it one). */
export type DraftStep = { key: string; id?: string; type: string; values: FieldValues; kept: Record<string, unknown> };
export type Draft = { name: string; description: string; trigger: DraftTrigger; steps: DraftStep[] };
/** What the core takes on create and PATCH. */
export type AutomationBody = {
  name: string; description: string | null; trigger: { type: string; config: Record<string, unknown> };
  steps: Array<{ id?: string; type: string; config: Record<string, unknown> }>;
};

/** A key no step of `steps` has: one more than the highest. */
const nextKey = (steps: DraftStep[]): string => `k${Math.max(0, ...steps.map((step) => Number(step.key.slice(1)) || 0)) + 1}`;

export const entryOf = (entries: CatalogEntry[] | undefined, type: string): CatalogEntry | undefined => entries?.find((entry) => entry.type === type);

/** An integration as named in the console: "instagram" → "Instagram". */
export const integrationName = (integration: string): string => integration.charAt(0).toUpperCase() + integration.slice(1);

/** Where a new contact came from (the contact.created trigger's `source`), in words: `manual` → "the dashboard", `import` → "a CSV import", a channel by its name. */
export const contactSourceWords = (source: string): string =>
  (source === 'manual' ? 'the dashboard' : source === 'import' ? 'a CSV import' : channelLabel(source));

/** "templateName" → "Template name". */
export function fieldLabel(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A stored value as its input shows it: a list of texts one a line, other lists and objects as JSON. */
export function valueText(field: CatalogField, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (field.type === 'array' && Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join('\n');
  if (field.type === 'array' || field.type === 'object') return JSON.stringify(value, null, 2);
  return String(value);
}

/** A required enumeration starts on its first option; anything else starts empty. */
export function emptyValues(entry: CatalogEntry | undefined): FieldValues {
  return Object.fromEntries((entry?.config ?? []).map((field) => [field.name, field.type === 'enum' && field.required ? (field.options?.[0] ?? '') : '']));
}

function split(entry: CatalogEntry | undefined, config: Record<string, unknown>): { values: FieldValues; kept: Record<string, unknown> } {
  const fields = entry?.config ?? [];
  const values = emptyValues(entry);
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(config)) {
    const field = fields.find((f) => f.name === name);
    if (field) values[name] = valueText(field, value);
    else kept[name] = value;
  }
  return { values, kept };
}

export function newStep(catalog: NodeCatalog, type: string, steps: DraftStep[] = []): DraftStep {
  return { key: nextKey(steps), type, values: emptyValues(entryOf(catalog.nodes, type)), kept: {} };
}

export function emptyDraft(catalog: NodeCatalog): Draft {
  const type = catalog.triggers[0]?.type ?? '';
  return { name: '', description: '', trigger: { type, values: emptyValues(entryOf(catalog.triggers, type)), kept: {} }, steps: [] };
}

export function draftOf(automation: Automation, catalog: NodeCatalog): Draft {
  return {
    name: automation.name,
    description: automation.description ?? '',
    trigger: { type: automation.trigger.type, ...split(entryOf(catalog.triggers, automation.trigger.type), automation.trigger.config) },
    steps: automation.steps.map((step, i) => ({ key: `k${i + 1}`, id: step.id, type: step.type, ...split(entryOf(catalog.nodes, step.type), step.config) })),
  };
}

/** A field's input as the core takes it; a blank one is left out. Throws a sentence naming the field for unreadable JSON. */
function fieldValue(field: CatalogField, text: string, where: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (field.type === 'number') return Number(trimmed);
  if (field.type === 'array' && !trimmed.startsWith('[')) return trimmed.split('\n').map((line) => line.trim()).filter(Boolean);
  if (field.type === 'array' || field.type === 'object') {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      throw new Error(`${where}: ${fieldLabel(field.name)} is not valid JSON`);
    }
  }
  return field.type === 'enum' ? trimmed : text;
}

function configOf(entry: CatalogEntry | undefined, values: FieldValues, kept: Record<string, unknown>, where: string): Record<string, unknown> {
  const config: Record<string, unknown> = { ...kept };
  for (const field of entry?.config ?? []) {
    const value = fieldValue(field, values[field.name] ?? '', where);
    if (value !== undefined) config[field.name] = value;
  }
  return config;
}

/** The draft as the core takes it, or the first field the page cannot send (`problem`); the rest is the core's to check. */
export function bodyOf(draft: Draft, catalog: NodeCatalog): { body: AutomationBody } | { problem: string } {
  try {
    const trigger = { type: draft.trigger.type, config: configOf(entryOf(catalog.triggers, draft.trigger.type), draft.trigger.values, draft.trigger.kept, 'Trigger') };
    const steps = draft.steps.map((step, i) => {
      const entry = entryOf(catalog.nodes, step.type);
      const config = configOf(entry, step.values, step.kept, `Step ${i + 1} (${entry?.name ?? step.type})`);
      return { ...(step.id ? { id: step.id } : {}), type: step.type, config };
    });
    return { body: { name: draft.name, description: draft.description.trim() || null, trigger, steps } };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

/** The step list with the step at `index` moved by `by` (−1 up, +1 down); unchanged at either end. */
export function moved<T>(steps: T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= steps.length) return steps;
  const next = [...steps];
  [next[index], next[to]] = [next[to] as T, next[index] as T];
  return next;
}
