import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../testing/fake-openai-server';
import { ProviderRegistry } from '../providers/provider-registry';
import { ModelCatalogue } from './model-catalogue';

describe('ModelCatalogue', () => {
  let fake: FakeOpenAiServer;
  let dir: string;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer({ models: ['llama3.1:8b', 'qwen2.5'] });
    dir = mkdtempSync(path.join(tmpdir(), 'scriptor-catalogue-'));
  });
  afterAll(async () => {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function catalogue(env: Record<string, string>) {
    const config = loadConfig({ DATA_DIR: dir, ...env }).ai;
    const logged: string[] = [];
    const models = new ModelCatalogue(config, new ProviderRegistry(config), (message) =>
      logged.push(message),
    );
    return { models, logged };
  }

  it('offers nothing without a provider', async () => {
    const { models } = catalogue({});
    expect(await models.list()).toEqual([]);
    expect(await models.defaultModel()).toBeNull();
  });

  it('offers the endpoint’s models at the default cost, plus DEFAULT_MODEL, listing once a minute', async () => {
    const { models } = catalogue({
      OPENAI_BASE_URL: fake.baseUrl,
      DEFAULT_MODEL: 'openai:qwen2.5',
      MODELS_FILE: path.join(dir, 'none.json'),
    });
    const calls = fake.modelListCalls;
    expect(await models.list()).toEqual([
      {
        model_name: 'openai:llama3.1:8b',
        descriptive_name: 'llama3.1:8b',
        cost_per_section: 0.05,
        free_tier: true,
      },
      {
        model_name: 'openai:qwen2.5',
        descriptive_name: 'qwen2.5',
        cost_per_section: 0.05,
        free_tier: true,
      },
    ]);
    expect((await models.defaultModel())?.model_name).toBe('openai:qwen2.5');
    expect(fake.modelListCalls).toBe(calls + 1);
  });

  it('uses the administrator’s file instead, re-read on every call, without unconfigured providers', async () => {
    const file = path.join(dir, 'models.json');
    writeFileSync(
      file,
      JSON.stringify([
        { model_name: 'openai:qwen2.5', descriptive_name: 'Qwen', free_tier: true },
        { model_name: 'anthropic:claude-x', cost_per_section: 0.3 },
      ]),
    );
    const { models, logged } = catalogue({ OPENAI_BASE_URL: fake.baseUrl, MODELS_FILE: file });
    expect(await models.list()).toEqual([
      {
        model_name: 'openai:qwen2.5',
        descriptive_name: 'Qwen',
        cost_per_section: 0.05,
        free_tier: true,
      },
    ]);
    writeFileSync(file, '[{"model_name": "gpt-4o"}]');
    await expect(models.list()).rejects.toThrow('Failed to load models');
    expect(logged).toEqual(['model list failed']);
  });
});
