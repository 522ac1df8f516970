export interface Build {
  name: string;
  sources: readonly string[];
  stamp: string;
  output: string;
}
export const WEB_BUILD: Build;
export const SERVER_BUILD: Build;
export function sourceHash(root: string, sources: readonly string[]): string;
export function builtHash(root: string, build: Build): string | null;
export function writeStamp(root: string, build: Build, hash: string): void;
