// Demo fixtures for forms: Example Store's festive-offer popup, with the sign-ups two visitors made on its public page
// (one a new contact, whose source is the form; one Alice, a known contact, who stays as she is).
import type { FormsService } from '../../domains/forms/index.ts';

export const DEMO_FORM = {
  name: 'Festive offer sign-up', kind: 'popup' as const,
  description: 'Get 15% off your first festive order, and be the first to hear about our Diwali and year-end sales.',
  fields: { name: 'required' as const, email: 'required' as const, phone: 'optional' as const },
  customFields: [{ key: 'city', label: 'City', required: false }],
};

/** The visitors' answers, as the popup's public page posts them. */
export const DEMO_FORM_SUBMISSIONS: Array<Record<string, string>> = [
  { name: 'Sana Kapoor', email: 'sana.kapoor@example.net', phone: '+919820011234', city: 'Mumbai' },
  { name: 'Alice Johnson', email: 'alice@example.com', city: 'San Francisco' },
];

export function seedFormsDemo(deps: { orgId: string; forms: FormsService }): void {
  const form = deps.forms.create(deps.orgId, DEMO_FORM);
  for (const answers of DEMO_FORM_SUBMISSIONS) deps.forms.submit(form.id, answers);
}
