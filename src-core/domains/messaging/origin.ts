// Who sent a message, as the logs' `source` and `sourceName` record it, from the route's caller.
import type { MessageSource } from '../../contract/messaging.ts';
import type { Caller } from '../../kernel/route.ts';

export type Origin = { source: MessageSource; sourceName?: string | null };

export const originOf = (caller: Caller): Origin =>
  caller.kind === 'apiKey' ? { source: 'API', sourceName: caller.key.keyId } : { source: 'MANUAL', sourceName: 'Console' };
