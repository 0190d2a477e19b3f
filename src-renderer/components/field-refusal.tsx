// A validation refusal of the core (400 `Invalid body: a …; b …`) said where the person typed it: each problem of a
// field the form shows goes under that field, worded with the form's label ("Phone must be …", not "toNumber must be …");
// whatever names no such field stays in the form's error block, as the core said it. A refusal of the core's own words
// about one field (`Invalid phone number 12345: …`, no field name in it) goes under that field when the form says which,
// and so does one whose envelope names its `field` (a contact's phone another contact has: 409), as the core wrote it.
// The problem only describes its field (aria-describedby), never names it: it is never inside the field's <label>.
import type { ReactNode } from 'react';
import { ApiError } from '../api/http.ts';
import { problemsOf } from './states.tsx';

export type FieldRefusal<F extends string> = {
  /** Each shown field's problem, worded with its label. */
  fields: Partial<Record<F, string>>;
  /** What is left for the form's error block: the error itself, one with only the unplaced problems, or null. */
  rest: unknown;
};

/**
 * "must be …" follows its label as a sentence ("Phone must be …"); a message of its own ("Invalid input", "malformed
 * merge tag at …") after a colon.
 */
const worded = (label: string, problem: string) => (/^(must|is|are|cannot|should)\b/.test(problem) ? `${label} ${problem}` : `${label}: ${problem}`);

/**
 * `labels`: the body's field names the form shows, each with its label. `whole`: for a field, the pattern of a 400 that
 * is not a list of body problems but one message about that field (said under it as the core wrote it).
 */
export function refusalByField<F extends string>(error: unknown, labels: Record<F, string>, whole: Partial<Record<F, RegExp>> = {}): FieldRefusal<F> {
  if (!(error instanceof ApiError)) return { fields: {}, rest: error };
  const named = error.field;
  if (error.status >= 400 && error.status < 500 && named !== undefined && Object.hasOwn(labels, named)) {
    return { fields: { [named]: error.message } as Partial<Record<F, string>>, rest: null };
  }
  if (error.status !== 400) return { fields: {}, rest: error };
  const { lead, items } = problemsOf(error.message);
  if (lead === null) {
    const about = (Object.keys(whole) as F[]).find((name) => whole[name]?.test(error.message));
    return about ? { fields: { [about]: error.message } as Partial<Record<F, string>>, rest: null } : { fields: {}, rest: error };
  }
  if (lead !== 'Check the form:') return { fields: {}, rest: error };
  const fields: Partial<Record<F, string>> = {};
  const left: string[] = [];
  for (const item of items) {
    const field = (Object.keys(labels) as F[]).find((name) => item.startsWith(`${name} `) || item.startsWith(`${name}: `));
    if (field && !fields[field]) fields[field] = worded(labels[field], item.slice(field.length).replace(/^:? /, ''));
    else left.push(item);
  }
  if (left.length === items.length) return { fields, rest: error };
  return { fields, rest: left.length ? new ApiError(400, `Invalid body: ${left.join('; ')}`, error.code) : null };
}

/** The attributes that tie a field to its problem (read with it, marked invalid), or none while it has none. */
export const problemProps = (id: string, problem: string | undefined) => (problem ? { 'aria-invalid': true, 'aria-describedby': id } : {});

export function FieldProblem({ id, problem, testId }: { id: string; problem: string | undefined; testId?: string }) {
  return problem ? <span className="field-error" id={id} role="alert" data-testid={testId}>{problem}</span> : null;
}

/** The id of the problem of the field `id` (its test id too). */
export const problemIdOf = (id: string) => `${id}-problem`;

/** The attributes of the field `id` inside a `LabelledField`: its id (for the label), and those tying it to its problem. */
export const fieldProps = (id: string, problem: string | undefined) => ({ id, ...problemProps(problemIdOf(id), problem) });

type LabelledFieldProps = {
  id: string; label: ReactNode; problem: string | undefined; className?: string; children: ReactNode;
  /** What the person can do about the problem (shown after it while it shows): "Open Alice Johnson" beside a phone taken. */
  problemAction?: ReactNode;
};

/**
 * A labelled field (given `fieldProps(id, problem)`) with its problem under it. The problem sits beside the label, not
 * in it: a <label>'s whole text is its field's accessible name, so a problem inside it is read in the name ("Name Name
 * must be …") as well as the description. The label names the field by `for`, the problem only describes it.
 */
export function LabelledField({ id, label, problem, className = 'field', children, problemAction }: LabelledFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-name">{label}</label>
      {children}
      <FieldProblem id={problemIdOf(id)} problem={problem} testId={problemIdOf(id)} />
      {problem && problemAction ? <div className="field-problem-action">{problemAction}</div> : null}
    </div>
  );
}
