import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded on first use rather than when the server starts: importing the tokenizer,
 * citation-js or the model providers cost the start-up about a second of CPU, and a page or
 * most requests need none of them (docs/editor-drafts.md, 'Start-up and logs'). Synchronous,
 * so the callers stay synchronous; `alongWith` are packages the first one needs loaded after
 * it (plugins that register themselves).
 */
export function lazyPackage<T>(name: string, alongWith: readonly string[] = []): () => T {
  let loaded: T | undefined;
  return () => {
    if (loaded === undefined) {
      const module = require(name) as T;
      for (const other of alongWith) require(other);
      loaded = module;
    }
    return loaded;
  };
}
