// Organizations: every resource belongs to one; the default one is made on first start.
import type { Organization } from '../contract/api-keys.ts';
import type { Clock } from './clock.ts';
import type { Db } from './db.ts';
import { notFound } from './errors.ts';
import { newId } from './ids.ts';
import { createOrgsStore, type OrgRow } from './orgs.store.ts';

const toOrganization = (row: OrgRow): Organization => ({ id: row.id, name: row.name, createdAt: row.created_at });
const DEFAULT_ORG_KEY = 'default_organization_id';
/** The default organization's name until it is renamed. */
export const DEFAULT_ORG_NAME = 'Default organization';

export function createOrgs(deps: { db: Db; clock: Clock }) {
  const store = createOrgsStore(deps.db.sql);
  function get(id: string): Organization {
    const row = store.byId(id);
    if (!row) throw notFound(`Organization ${id}`);
    return toOrganization(row);
  }
  return {
    create(name: string): Organization {
      const org = { id: newId('org'), name, createdAt: deps.clock.nowIso() };
      deps.db.tx(() => store.insert(org));
      return org;
    },
    get,
    exists: (id: string): boolean => store.byId(id) !== undefined,
    /** Renames an organization (404 when unknown): later sends show the new name; what was sent keeps the old one. */
    rename(id: string, name: string): Organization {
      if (!deps.db.tx(() => store.rename(id, name))) throw notFound(`Organization ${id}`);
      return get(id);
    },
    /** The organization's name (404 when unknown), from a cache a rename (here or in another process) renews. */
    nameOf(id: string): string {
      const row = store.cachedById(id);
      if (!row) throw notFound(`Organization ${id}`);
      return row.name;
    },
    list: (): Organization[] => store.all().map(toOrganization),
    /**
     * The default organization, created (with `isNew`) the first time a database is opened; `onCreate`
     * runs in the transaction that creates it.
     */
    ensureDefault(onCreate?: () => void): { organization: Organization; isNew: boolean } {
      return deps.db.tx(() => {
        const existing = store.getSetting(DEFAULT_ORG_KEY);
        const row = existing ? store.byId(existing) : undefined;
        if (row) return { organization: toOrganization(row), isNew: false };
        const org = { id: newId('org'), name: DEFAULT_ORG_NAME, createdAt: deps.clock.nowIso() };
        store.insert(org);
        store.setSetting(DEFAULT_ORG_KEY, org.id);
        onCreate?.();
        return { organization: org, isNew: true };
      });
    },
    /** No default organization yet: a database opened for the first time. */
    isFresh: (): boolean => !store.getSetting(DEFAULT_ORG_KEY),
    getSetting: (key: string) => store.getSetting(key),
    setSetting: (key: string, value: string) => store.setSetting(key, value),
    deleteSetting: (key: string) => store.deleteSetting(key),
  };
}
export type Orgs = ReturnType<typeof createOrgs>;
