/** A provider-qualified model id: 'openai:gpt-4o-mini' or 'openai:llama3.1:8b' (Ollama tags). */
export interface ModelId {
  provider: string;
  model: string;
}

export function parseModelId(name: string): ModelId | null {
  const colon = name.indexOf(':');
  if (colon <= 0 || colon === name.length - 1) return null;
  return { provider: name.slice(0, colon), model: name.slice(colon + 1) };
}
