// Conversations nobody is waiting on leave Open: one on a channel customers write in on (WhatsApp, SMS, Instagram) whose
// every message was sent from outside the inbox (an API send, a campaign, an automation, the platform's OTP) and the
// customer never answered is resolved by `system`, as a new one now starts (conversation-state.ts `startingState`); the
// customer's first message reopens it. RCS and email ones stay open. Conversations the team
// wrote in (`MANUAL`), ones with no message or an unread count, snoozed ones and resolved ones are left as they are.
import type { Migration } from '../kernel/migrate.store.ts';

export const conversationsAwaitingReplyMigration: Migration = {
  id: 49,
  name: 'conversations-awaiting-reply',
  sql: `
UPDATE conversations SET state = 'resolved', resolved_at = COALESCE(last_message_at, created_at), resolved_by = 'system'
WHERE channel IN ('whatsapp', 'sms', 'instagram') AND state = 'open' AND snoozed_until IS NULL AND unread_count = 0
  AND EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = conversations.id)
  AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = conversations.id AND (m.direction = 'inbound' OR m.source = 'MANUAL'));
`,
};
