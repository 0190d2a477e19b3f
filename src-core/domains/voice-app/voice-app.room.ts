// Who is in a call's room, as the voice server reports joins and leaves, and the seed's `room_closed` ("everyone
// left without hanging up"): an answered call with no phone on it whose room stays empty for the grace ends then.
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import type { AppCallFlow } from './voice-app.flow.ts';
import type { AppCallRow, VoiceAppStore } from './voice-app.store.ts';

/** A phone leg is in the room for as long as the call is up (its hang-up ends the call), so such a room never empties. */
const hasPhoneLeg = (row: AppCallRow): boolean => row.caller_transport === 'PSTN' || row.callee_transport === 'PSTN';

export function createVoiceAppRoom(deps: { store: VoiceAppStore; db: Db; clock: Clock; flow: AppCallFlow }) {
  const { store, db, clock, flow } = deps;
  return {
    /** An app joined the call (again, after a drop, too): a close pending for its room is called off. */
    joined(orgId: string, callId: string): void {
      store.enterRoom(orgId, callId);
    },
    /**
     * At start-up, before the voice server takes a connection: rooms the last process left with apps in them (it was
     * killed, so no leave was reported) are empty now. Each is emptied when that process was last known up
     * (`lastUpMs`, noted at every advance and every few seconds), not before its call was answered, and closes when
     * the grace after that is over unless an app rejoins first, as after a stop.
     */
    emptiedByKill(lastUpMs: number): number {
      return db.tx(() => {
        const rooms = store.occupiedRooms().filter((row) => !hasPhoneLeg(row));
        for (const row of rooms) {
          const answeredMs = row.answered_at === null ? 0 : Date.parse(row.answered_at);
          const since = Math.min(Math.max(lastUpMs, answeredMs), clock.now());
          store.setRoomEmptySince(row.org_id, row.id, since);
          flow.scheduleRoomClose(row, since);
        }
        return rooms.length;
      });
    },
    /**
     * An app left the call (it said so, or its connection ended on its side); `stillIn`: who the voice server still
     * has in the call. The last one leaving an answered call with no phone on it starts the grace; a ringing call's
     * room is not watched (a caller giving up while it rings ends it through the API: `caller_cancelled`).
     */
    left(orgId: string, callId: string, stillIn: readonly string[]): void {
      if (stillIn.length > 0) return;
      db.tx(() => {
        const row = store.callById(orgId, callId);
        if (!row || row.status !== 'ACCEPTED' || hasPhoneLeg(row) || row.room_empty_since_ms !== null) return;
        const now = clock.now();
        store.setRoomEmptySince(orgId, callId, now);
        flow.scheduleRoomClose(row, now);
      });
    },
  };
}
export type VoiceAppRoom = ReturnType<typeof createVoiceAppRoom>;
