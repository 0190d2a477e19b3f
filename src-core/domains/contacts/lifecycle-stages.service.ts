// The rules of lifecycle stages: an organization's ordered stages (names unique, case aside; deleted only when empty)
// and a contact's stage, whose change goes to the outbox as `contact.updated` and `contact.lifecycle_changed`.
import type { ConsoleContact } from '../../contract/contacts.ts';
import { LIFECYCLE_STAGES_MAX, type LifecycleChange, type LifecycleStage } from '../../contract/lifecycle-stages.ts';
import type { Bus } from '../../kernel/bus.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { AppError, conflict, invalidField, limitReached, notFound, usedByAutomations, type TriggerUser } from '../../kernel/errors.ts';
import { newId } from '../../kernel/ids.ts';
import type { ContactsService } from './contacts.service.ts';
import type { ContactsStore } from './contacts.store.ts';
import type { LifecycleStageRow, LifecycleStagesStore } from './lifecycle-stages.store.ts';

const toStage = (row: LifecycleStageRow): LifecycleStage => ({ id: row.id, name: row.name, position: row.position, contacts: row.contacts, createdAt: row.created_at });

export function createLifecycleStagesService(deps: {
  stages: LifecycleStagesStore; contacts: ContactsStore; contactsService: ContactsService; db: Db; bus: Bus; clock: Clock;
  /** The automations (active or paused) whose trigger names the stage: a stage they name is not deleted. */
  triggerUsers?: (orgId: string, stageId: string) => TriggerUser[];
}) {
  const { stages, contacts, contactsService, db, bus, clock } = deps;
  const mustGet = (orgId: string, id: string): LifecycleStageRow => {
    const row = stages.byId(orgId, id);
    if (!row) throw notFound(`Lifecycle stage ${id}`);
    return row;
  };
  const assertNameFree = (orgId: string, name: string, self?: string): void => {
    const holder = stages.idByName(orgId, name);
    if (holder && holder !== self) throw conflict(`A lifecycle stage named ${name} already exists`);
  };
  const list = (orgId: string): LifecycleStage[] => stages.list(orgId).map(toStage);

  return {
    list,
    create(orgId: string, name: string): LifecycleStage {
      return db.tx(() => {
        if (stages.list(orgId).length >= LIFECYCLE_STAGES_MAX) throw limitReached(LIFECYCLE_STAGES_MAX, 'lifecycle stages');
        assertNameFree(orgId, name);
        const id = newId('stage');
        stages.insert({ id, org_id: orgId, name, position: stages.lastPosition(orgId) + 1, created_at: clock.nowIso() });
        return toStage(mustGet(orgId, id));
      });
    },
    rename(orgId: string, id: string, name: string): LifecycleStage {
      return db.tx(() => {
        mustGet(orgId, id);
        assertNameFree(orgId, name, id);
        stages.rename(orgId, id, name);
        return toStage(mustGet(orgId, id));
      });
    },
    /** The whole new order: every stage of the organization once (an unknown id is 404, a missing or repeated one 400). */
    reorder(orgId: string, ids: readonly string[]): LifecycleStage[] {
      return db.tx(() => {
        ids.forEach((id) => mustGet(orgId, id));
        const all = stages.list(orgId);
        if (new Set(ids).size !== ids.length || ids.length !== all.length) {
          throw invalidField(`Invalid body: stageIds must name each of the organization's ${all.length} lifecycle stages once`);
        }
        stages.reorder(orgId, ids);
        return list(orgId);
      });
    },
    /** Only an empty stage no automation triggers on goes: 409 naming how many contacts are in it, or the automations. */
    remove(orgId: string, id: string): { success: true; id: string } {
      return db.tx(() => {
        const row = mustGet(orgId, id);
        if (row.contacts > 0) {
          const count = `${row.contacts} ${row.contacts === 1 ? 'contact is' : 'contacts are'}`;
          throw new AppError('CONFLICT', `Lifecycle stage ${row.name} cannot be deleted: ${count} in it; move them to another stage first`, { extra: { contacts: row.contacts } });
        }
        const users = deps.triggerUsers?.(orgId, id) ?? [];
        if (users.length) throw usedByAutomations(`Lifecycle stage ${row.name}`, users);
        stages.remove(orgId, id);
        return { success: true, id };
      });
    },
    /**
     * Puts a contact in a stage of its organization (null: none). A change emits `contact.updated` (`changedFields:
     * ["lifecycleStageId"]`) and `contact.lifecycle_changed` in the same transaction; no change, no event.
     */
    setContactStage(orgId: string, contactId: string, stageId: string | null): ConsoleContact {
      return db.tx(() => {
        const before = contactsService.get(orgId, contactId);
        const stage = stageId === null ? null : mustGet(orgId, stageId);
        if (before.lifecycleStageId === stageId) return contactsService.consoleGet(orgId, contactId);
        const previous = before.lifecycleStageId === null ? undefined : stages.byId(orgId, before.lifecycleStageId);
        const changedAt = clock.nowIso();
        contacts.setStage(orgId, contactId, stageId, changedAt);
        const contact = contactsService.get(orgId, contactId);
        bus.emit(orgId, 'contact.updated', { contact, changedFields: ['lifecycleStageId'] });
        const change: LifecycleChange = {
          contact, previousStageId: before.lifecycleStageId, previousStageName: previous?.name ?? null,
          stageId, stageName: stage?.name ?? null, changedAt,
        };
        bus.emit(orgId, 'contact.lifecycle_changed', change);
        return contactsService.consoleGet(orgId, contactId);
      });
    },
  };
}
export type LifecycleStagesService = ReturnType<typeof createLifecycleStagesService>;
