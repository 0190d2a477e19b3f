// AI models (`GET /v1/ai/models`, seed 000): the models the account can use, named by capability label only; the
// provider and model id behind a label are never exposed.
import { z } from 'zod';

/** What a model can be asked to do. `voice`: fast enough to hold a phone conversation (a voice agent's model). */
export const AI_CAPABILITIES = ['text', 'tools', 'vision', 'voice', 'reasoning', 'long_context'] as const;
export type AiCapability = (typeof AI_CAPABILITIES)[number];

/** One model (seed: "Fields of … AI model records: not shown"): its label, a sentence on what it is for, what it can do. */
export const aiModelSchema = z.object({
  label: z.string(),
  description: z.string(),
  capabilities: z.array(z.enum(AI_CAPABILITIES)),
});
export type AiModel = z.infer<typeof aiModelSchema>;
export const aiModelsSchema = z.object({ data: z.array(aiModelSchema), meta: z.object({ count: z.number().int() }) });
export type AiModels = z.infer<typeof aiModelsSchema>;

/** The catalogue, from the quickest to the most capable. */
export const AI_MODELS: readonly AiModel[] = [
  { label: 'fast', description: 'Quick, low-cost answers: classifying, routing and short replies.', capabilities: ['text', 'tools', 'voice'] },
  { label: 'balanced', description: 'Everyday conversations and drafting, with images understood.', capabilities: ['text', 'tools', 'vision', 'voice'] },
  { label: 'advanced', description: 'Multi-step reasoning over long documents and conversations.', capabilities: ['text', 'tools', 'vision', 'reasoning', 'long_context'] },
];
