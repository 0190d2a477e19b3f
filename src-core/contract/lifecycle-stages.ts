// Lifecycle stages (seed 001's `contact.lifecycle_changed` and `lifecycleStageId`): an organization's ordered stages,
// managed in the console (`/dashboard/lifecycle-stages`), and a contact's stage (`PUT /dashboard/contacts/{id}/lifecycle-stage`).
import { z } from 'zod';
import type { Contact } from './contacts.ts';

export const LIFECYCLE_STAGE_NAME_MAX = 50;
export const LIFECYCLE_STAGES_MAX = 20;

export const lifecycleStageSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 1 for the first stage, then in order. */
  position: z.number().int(),
  /** How many contacts are in it (a stage is deleted only when none is). */
  contacts: z.number().int(),
  createdAt: z.string(),
});
export type LifecycleStage = z.infer<typeof lifecycleStageSchema>;
export const lifecycleStageListSchema = z.object({ data: z.array(lifecycleStageSchema) });

const stageName = z.string().trim().min(1, 'name must not be empty').max(LIFECYCLE_STAGE_NAME_MAX);
export const createLifecycleStageBodySchema = z.object({ name: stageName, organizationId: z.string().optional() });
export const renameLifecycleStageBodySchema = z.object({ name: stageName, organizationId: z.string().optional() });
/** The whole order: every stage id of the organization once, first stage first. */
export const reorderLifecycleStagesBodySchema = z.object({
  stageIds: z.array(z.string().min(1)).min(1).max(LIFECYCLE_STAGES_MAX),
  organizationId: z.string().optional(),
});
/** A contact's stage: a stage id of its organization, or null for none. */
export const setLifecycleStageBodySchema = z.object({ stageId: z.string().min(1).nullable(), organizationId: z.string().optional() });

/** `contact.lifecycle_changed`'s data (docs/events.md): the contact as it is now, where it was and where it is. */
export type LifecycleChange = {
  contact: Contact;
  previousStageId: string | null;
  previousStageName: string | null;
  stageId: string | null;
  stageName: string | null;
  changedAt: string;
};
