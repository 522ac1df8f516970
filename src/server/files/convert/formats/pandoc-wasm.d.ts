declare module 'pandoc-wasm' {
  export interface PandocResult {
    stdout: string;
    stderr: string;
    warnings: unknown[];
    files: Record<string, string | Blob>;
    mediaFiles?: Record<string, Blob>;
  }
  /** Runs pandoc with options in the form of a pandoc defaults file. */
  export function convert(
    options: Record<string, unknown>,
    stdin: string | null,
    files: Record<string, string | Blob>,
  ): Promise<PandocResult>;
}
