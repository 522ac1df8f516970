import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { FALLBACK_MODEL_COST } from '../../../shared/ai/ai-messages';
import type { Model } from '../../../shared/ai/model';

const entry = z.object({
  model_name: z
    .string()
    .regex(
      /^[a-z][a-z0-9-]*:.+$/,
      'model_name must be provider-qualified, e.g. openai:gpt-4o-mini',
    ),
  descriptive_name: z.string().min(1).optional(),
  cost_per_section: z.number().min(0).default(FALLBACK_MODEL_COST),
  free_tier: z.boolean().default(false),
});

const catalogue = z.array(entry);

export class CatalogueError extends Error {
  constructor(file: string, problem: string) {
    super(`Model catalogue ${file}: ${problem}`);
    this.name = 'CatalogueError';
  }
}

/**
 * The administrator's model list (README "AI providers"). Read on every call: it is small, and
 * an edit takes effect without a restart. A missing file means "no catalogue" (null).
 */
export async function readCatalogueFile(file: string): Promise<Model[] | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new CatalogueError(file, (error as Error).message);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CatalogueError(file, 'not valid JSON');
  }
  const parsed = catalogue.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CatalogueError(file, `${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data.map((model) => ({
    model_name: model.model_name,
    descriptive_name: model.descriptive_name ?? model.model_name,
    cost_per_section: model.cost_per_section,
    free_tier: model.free_tier,
  }));
}
