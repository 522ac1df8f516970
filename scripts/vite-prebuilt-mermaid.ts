import { cpSync, createReadStream, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { MERMAID_PREFIX } from '../src/app/editor/extensions/mermaid-url.ts';

const require = createRequire(import.meta.url);

/** node_modules/mermaid/dist: its ES module build is one entry file and a folder of chunks. */
function mermaidDist(): string {
  return path.dirname(require.resolve('mermaid/dist/mermaid.esm.min.mjs'));
}

const shipped = (file: string) => !file.endsWith('.map');

/**
 * Serves Mermaid's prebuilt ES modules under MERMAID_PREFIX instead of bundling Mermaid: the
 * build copies them into the output (without source maps), the dev server reads them from
 * node_modules. The app imports the entry by URL only when a paper has a diagram.
 */
export function prebuiltMermaid(): Plugin {
  let outDir = '';
  return {
    name: 'scriptor-prebuilt-mermaid',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const target = path.join(outDir, MERMAID_PREFIX);
      const source = mermaidDist();
      cpSync(path.join(source, 'mermaid.esm.min.mjs'), path.join(target, 'mermaid.esm.min.mjs'));
      cpSync(
        path.join(source, 'chunks/mermaid.esm.min'),
        path.join(target, 'chunks/mermaid.esm.min'),
        {
          recursive: true,
          filter: shipped,
        },
      );
    },
    configureServer(server) {
      const root = mermaidDist();
      server.middlewares.use(MERMAID_PREFIX, (request, response, next) => {
        const file = path.join(
          root,
          path.normalize(decodeURIComponent(request.url ?? '/').split('?')[0] ?? '/'),
        );
        if (!file.startsWith(root + path.sep) || !file.endsWith('.mjs') || !existsSync(file)) {
          next();
          return;
        }
        response.setHeader('content-type', 'text/javascript');
        response.setHeader('content-length', statSync(file).size);
        createReadStream(file).pipe(response);
      });
    },
  };
}
