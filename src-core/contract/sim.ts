// The simulator's clock routes (INTERFACES.md, /sim/clock).
import { z } from 'zod';

export const advanceClockBodySchema = z.object({
  seconds: z.number().positive('seconds must be positive').max(366 * 24 * 3600, 'seconds must be at most one year'),
});
export const clockSchema = z.object({ now: z.string() });
export type ClockState = z.infer<typeof clockSchema>;
