// Who sent a message, as the logs' `source` and `sourceName` record it, from the route's caller.
import type { MessageSource } from '../../contract/messaging.ts';
import type { KeyedId } from '../../kernel/idempotency.ts';
import type { Caller } from '../../kernel/route.ts';

export type Origin = {
  source: MessageSource;
  sourceName?: string | null;
  /**
   * A keyed request's own id for each message it sends (`part` names the message within the request): run
   * again under its key after a stop cut it short, it finds what it had sent instead of sending it again.
   */
  messageId?: ((part: string) => string) | undefined;
};

const keyedMessages = (keyedId?: KeyedId): Pick<Origin, 'messageId'> => (keyedId ? { messageId: (part: string) => keyedId('msg', part) } : {});

export const originOf = (caller: Caller, keyedId?: KeyedId): Origin => ({
  ...(caller.kind === 'apiKey' ? { source: 'API', sourceName: caller.key.keyId } : { source: 'MANUAL', sourceName: 'Console' }),
  ...keyedMessages(keyedId),
});

/** The platform's own message (an OTP's code, logged as `SYSTEM` whoever asked for it), keyed as the request that sends it. */
export const systemOrigin = (keyedId?: KeyedId): Origin => ({ source: 'SYSTEM', ...keyedMessages(keyedId) });

/** The message id a keyed request gives its message `part`, as `OutboundInput` fields (none when unkeyed). */
export const keyedMessageId = (origin: Origin, part: string): { messageId?: string } => (origin.messageId ? { messageId: origin.messageId(part) } : {});

/** The same origin for a part of the request (a unified send's channel): its message ids are that part's own. */
export const partOf = (origin: Origin, part: string): Origin =>
  (origin.messageId ? { ...origin, messageId: (inner: string) => (origin.messageId as (p: string) => string)(`${part}/${inner}`) } : origin);
