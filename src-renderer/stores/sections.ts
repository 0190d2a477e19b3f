// The console's pages, by the name the navigation and the URL use.
export const SECTIONS = ['overview', 'inbox', 'contacts', 'otp', 'calls', 'campaigns', 'automations', 'forms', 'channels', 'wallet', 'keys', 'requests', 'webhooks', 'simulator'] as const;
export type Section = (typeof SECTIONS)[number];
