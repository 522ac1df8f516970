/**
 * Where the web app loads Mermaid from: the package's own prebuilt ES module build, copied
 * beside the app by the Vite plugin in scripts/vite-prebuilt-mermaid.ts rather than bundled
 * (bundling Mermaid was two thirds of the web build's time).
 */
export const MERMAID_PREFIX = '/vendor/mermaid/';
export const MERMAID_ENTRY = `${MERMAID_PREFIX}mermaid.esm.min.mjs`;
