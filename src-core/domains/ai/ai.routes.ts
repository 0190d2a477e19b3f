// AI routes of seed 000: the model catalogue, by capability label (also the console's, at /dashboard/ai/models).
import { AI_MODELS, aiModelsSchema, type AiModels } from '../../contract/ai.ts';
import { defineRoute } from '../../kernel/route.ts';

export function aiRoutes() {
  return [
    defineRoute({
      method: 'GET', path: '/v1/ai/models', scope: 'ai:models:read', console: true, response: aiModelsSchema,
      handler: (): AiModels => ({ data: [...AI_MODELS], meta: { count: AI_MODELS.length } }),
    }),
  ];
}
