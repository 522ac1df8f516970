import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * Code that finds its files next to itself (migrations, styles, word lists, the conversion
 * child) keeps working from the bundle: each module's `import.meta.url` stays the URL of its
 * source file, which a clone always has.
 */
const sourceLocations = {
  name: 'source-locations',
  setup(builder) {
    builder.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          JSON.stringify(pathToFileURL(args.path).href),
        ),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

/**
 * Compiles the server once into `dist/server` (the web process and the worker), so a start
 * loads JavaScript instead of compiling TypeScript. Packages stay in node_modules, and what
 * the server imports on demand (exporters, converters) stays in chunks loaded on demand.
 */
export async function buildServer(root) {
  await build({
    absWorkingDir: root,
    entryPoints: { main: 'src/server/main.ts', worker: 'src/server/worker-main.ts' },
    outdir: 'dist/server',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [sourceLocations],
  });
}
