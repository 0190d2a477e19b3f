// A voice app call's room: whether an app has joined it, so a start after a kill (which reported no app leaving) can
// tell a room apps were in from a call answered with nobody in it (docs/contract-notes.md, "Voice app calls").
import type { Migration } from '../kernel/migrate.store.ts';

export const voiceAppRoomEnteredMigration: Migration = {
  id: 57,
  name: 'voice-app-room-entered',
  sql: `
ALTER TABLE voice_app_calls ADD COLUMN room_entered INTEGER NOT NULL DEFAULT 0;
`,
};
