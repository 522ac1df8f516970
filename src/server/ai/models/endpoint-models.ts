import { z } from 'zod';

const modelList = z.object({ data: z.array(z.object({ id: z.string().min(1) })) });

const CACHE_MS = 60_000;
const TIMEOUT_MS = 10_000;

/**
 * The models an OpenAI-compatible endpoint lists at GET /models (OpenAI, vLLM, Ollama's /v1,
 * LM Studio, llama.cpp), kept for a minute so the model selector does not call it every time.
 */
export class EndpointModels {
  #cached: { at: number; ids: string[] } | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string | undefined,
  ) {}

  async list(now = Date.now()): Promise<string[]> {
    if (this.#cached && now - this.#cached.at < CACHE_MS) return this.#cached.ids;
    const response = await fetch(`${this.baseUrl}/models`, {
      headers: this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {},
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`GET ${this.baseUrl}/models answered ${response.status}`);
    const ids = modelList
      .parse(await response.json())
      .data.map((entry) => entry.id)
      .sort((a, b) => a.localeCompare(b));
    this.#cached = { at: now, ids };
    return ids;
  }
}
