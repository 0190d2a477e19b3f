// The rules of saved replies: a name unique per organization whatever its case, at most SAVED_REPLIES_MAX of them.
import { SAVED_REPLIES_MAX, type CreateSavedReplyInput, type SavedReply, type UpdateSavedReplyInput } from '../../contract/saved-replies.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { conflict, limitReached, notFound } from '../../kernel/errors.ts';
import { newId } from '../../kernel/ids.ts';
import type { SavedRepliesStore, SavedReplyRow } from './saved-replies.store.ts';

const toSavedReply = (row: SavedReplyRow): SavedReply => ({ id: row.id, name: row.name, text: row.text, createdAt: row.created_at, updatedAt: row.updated_at });
/** A name as uniqueness compares it: "Returns policy" and "returns POLICY" are one name. */
const nameKeyOf = (name: string): string => name.normalize('NFC').toLowerCase();

export function createSavedRepliesService(deps: { store: SavedRepliesStore; db: Db; clock: Clock }) {
  const { store, db, clock } = deps;
  const mustExist = (orgId: string, id: string): SavedReplyRow => {
    const row = store.byId(orgId, id);
    if (!row) throw notFound(`Saved reply ${id}`);
    return row;
  };
  /** 409 when another reply of the organization has this name (any case). */
  const checkNameFree = (orgId: string, name: string, ownId: string | null): void => {
    const holder = store.byNameKey(orgId, nameKeyOf(name));
    if (holder && holder.id !== ownId) throw conflict(`A saved reply named "${holder.name}" already exists: choose another name`);
  };

  return {
    /** Every saved reply of the organization by name (case aside), or those whose name or text contain `search`. */
    list: (orgId: string, search?: string): SavedReply[] => store.list(orgId, search?.trim() || undefined).map(toSavedReply),
    create(orgId: string, input: CreateSavedReplyInput): SavedReply {
      return db.tx(() => {
        if (store.count(orgId) >= SAVED_REPLIES_MAX) throw limitReached(SAVED_REPLIES_MAX, 'saved replies');
        checkNameFree(orgId, input.name, null);
        const now = clock.nowIso();
        const row = { id: newId('srp'), org_id: orgId, name: input.name, name_key: nameKeyOf(input.name), text: input.text, created_at: now, updated_at: now };
        store.insert(row);
        return toSavedReply(row);
      });
    },
    update(orgId: string, id: string, input: UpdateSavedReplyInput): SavedReply {
      return db.tx(() => {
        const current = mustExist(orgId, id);
        const name = input.name ?? current.name;
        checkNameFree(orgId, name, id);
        const row = { ...current, name, name_key: nameKeyOf(name), text: input.text ?? current.text, updated_at: clock.nowIso() };
        store.update(row);
        return toSavedReply(row);
      });
    },
    remove(orgId: string, id: string): void {
      if (!store.remove(orgId, id)) throw notFound(`Saved reply ${id}`);
    },
  };
}
export type SavedRepliesService = ReturnType<typeof createSavedRepliesService>;
