// The forms contract tests' client: a server with a webhook receiver (webhookSuite), the console's routes, and a
// visitor posting a form's submissions as a browser does (urlencoded) or as a script does (JSON).
import { expect } from 'vitest';
import { webhookSuite } from './webhook-receiver.ts';

export function formsSuite() {
  const suite = webhookSuite();
  const dashboard = (method: string, path: string, body?: unknown) => suite.server().dashboard(method, path, body);
  return {
    ...suite,
    dashboard,
    /** A visitor's post from `ip` (the server takes X-Forwarded-For from loopback), urlencoded as a browser sends a form. */
    post: (formId: string, fields: Record<string, string>, ip: string) => fetch(`${suite.server().url}/forms/${formId}/submissions`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip }, body: new URLSearchParams(fields).toString(),
    }),
    postJson: (formId: string, body: unknown, ip: string) => suite.server().request('POST', `/forms/${formId}/submissions`, { body, headers: { 'x-forwarded-for': ip } }),
    /** A form made through the console's route (201 expected). */
    newForm: async (body: Record<string, unknown>) => {
      const created = await dashboard('POST', '/dashboard/forms', body);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body as { id: string; publicUrl: string };
    },
  };
}
