// A voice app call's room: since when (ms on the clock) nobody has been in it, while an answered call waits out the
// grace before it ends `room_closed` (docs/contract-notes.md, "Voice app calls"); null while someone is in it.
import type { Migration } from '../kernel/migrate.store.ts';

export const voiceAppRoomMigration: Migration = {
  id: 42,
  name: 'voice-app-room',
  sql: `
ALTER TABLE voice_app_calls ADD COLUMN room_empty_since_ms INTEGER;
`,
};
