// The simulator's clock routes (INTERFACES.md, /sim/clock).
import { z } from 'zod';

export const advanceClockBodySchema = z.object({
  seconds: z.number().positive('seconds must be positive').max(366 * 24 * 3600, 'seconds must be at most one year'),
});
export const clockSchema = z.object({ now: z.string() });
export type ClockState = z.infer<typeof clockSchema>;

/** One step of a simulator scenario: `at` seconds of virtual time after the run starts, and what happens then. */
export const scenarioStepSchema = z.object({ at: z.number().int().nonnegative(), what: z.string() });
export type ScenarioStep = z.infer<typeof scenarioStepSchema>;
/**
 * A named, deterministic scenario of the simulator (`GET /sim/scenarios`): its steps, and how long (virtual seconds) until
 * the last thing it shows has happened; `available` false with the reason when the organization lacks what it needs.
 */
export const scenarioSchema = z.object({
  id: z.string(), name: z.string(), description: z.string(), steps: z.array(scenarioStepSchema), durationSeconds: z.number().int(),
  available: z.boolean(), unavailableReason: z.string().optional(),
});
export type Scenario = z.infer<typeof scenarioSchema>;
/** A scenario set going (`POST /sim/scenarios/{id}/run`, 202): its steps are jobs on the virtual clock, the first due at `startedAt`. */
export const scenarioRunSchema = z.object({
  runId: z.string(), scenarioId: z.string(), startedAt: z.string(), durationSeconds: z.number().int(), steps: z.array(scenarioStepSchema),
});
export type ScenarioRun = z.infer<typeof scenarioRunSchema>;

/**
 * When the simulated world's customers act on a campaign message, in ms after it was sent (`sim/fixtures.ts` draws
 * from these): WhatsApp, SMS and RCS customers click at 30 s, reply at 60 s and convert at 5 minutes; an email's
 * recipient clicks its first link at 20 s and converts at 5 minutes, and never replies. Public so the console can say
 * when engagement is still to come ("none yet") rather than show a 0% that is not a result yet.
 */
export const SIM_ENGAGEMENT_AFTER_MS = {
  message: { clicked: 30_000, replied: 60_000, converted: 300_000 },
  email: { clicked: 20_000, converted: 300_000 },
} as const satisfies Record<'message' | 'email', Partial<Record<'clicked' | 'replied' | 'converted', number>>>;
