// The public contract: the only part of src-core the renderer may import.
export * from './common.ts';
export * from './errors.ts';
export * from './scopes.ts';
export * from './contacts.ts';
export * from './api-keys.ts';
export * from './sim.ts';
export * from './stream.ts';
export * from './wallet.ts';
export * from './messaging.ts';
export * from './whatsapp.ts';
export * from './unified-send.ts';
export * from './instagram.ts';
export * from './bridge.ts';
export * from './sms.ts';
export * from './rcs.ts';
export * from './email.ts';
export * from './webhooks.ts';
