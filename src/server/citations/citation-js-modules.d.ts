// citation-js ships no type declarations. Only what this folder calls is declared, and every
// answer is `unknown`: citation-js.ts checks what comes back before anything else sees it.
declare module '@citation-js/core' {
  interface ChainOptions {
    /** The input format to stop at, e.g. '@csl/list+object'. */
    target?: string;
    /** Skip format detection; also keeps citation-js from fetching text that looks like a URL. */
    forceType?: string;
    generateGraph?: boolean;
  }

  interface Register {
    add(name: string, value: unknown): void;
    get(name: string): unknown;
    has(name: string): boolean;
    delete(name: string): void;
    list(): string[];
  }

  export const plugins: {
    input: {
      chain(input: unknown, options?: ChainOptions): unknown;
    };
    output: {
      format(name: string, data: unknown, options?: Record<string, unknown>): unknown;
    };
    config: {
      get(plugin: '@csl'): { styles: Register; locales: Register };
    };
  };
}

declare module '@citation-js/plugin-csl';
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
