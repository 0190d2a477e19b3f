// Demo fixtures for email: the verified sending domain example.com, templates with HTML, contacts, a sent email.
import type { DemoStory } from './story.ts';
import type { EmailService } from '../../domains/email/index.ts';

export async function seedEmailDemo(deps: { orgId: string; email: EmailService }, story: DemoStory): Promise<void> {
  const { orgId, email } = deps;
  email.verifyDomain(email.addDomain(orgId, 'example.com').id);
  const welcome = email.createTemplate(orgId, {
    name: 'Welcome', subject: 'Welcome to Example Store, {{first_name}}!',
    html: '<h1>Welcome, {{first_name}}!</h1><p>Use <strong>WELCOME10</strong> for 10% off your first order.</p><p><a href="https://shop.example.com">Start shopping</a></p>',
    text: 'Welcome, {{first_name}}! Use WELCOME10 for 10% off your first order.',
  });
  email.createTemplate(orgId, {
    name: 'Order shipped', subject: 'Your order {{order}} has shipped',
    html: '<p>Hi {{first_name}}, order {{order}} is on its way.</p><p><a href="https://shop.example.com/track/{{order}}">Track your parcel</a></p>',
  });
  email.createContact(orgId, { email: 'alice@example.com', firstName: 'Alice', lastName: 'Johnson' });
  email.createContact(orgId, { email: 'marco@example.org', firstName: 'Marco', lastName: 'Rossi' });
  await story.at(100);
  await email.send(orgId, {
    templateId: welcome.id, recipient: { to: 'marco@example.org', firstName: 'Marco', lastName: 'Rossi' }, fromName: 'Example Store', fromEmail: 'hello@example.com',
  }, { source: 'API', sourceName: 'Demo seed' });
}
