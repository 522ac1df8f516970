export interface Build {
  name: string;
  sources: readonly string[];
  stamp: string;
  output: string;
}
export const WEB_BUILD: Build;
export const SERVER_BUILD: Build;
export function sourceHash(root: string, sources: readonly string[]): string;
export interface Stamp {
  hash: string;
  builtAt?: string;
  files?: Record<string, string>;
}
export function readStamp(root: string, build: Build): Stamp | null;
export function writeStamp(
  root: string,
  build: Build,
  hash: string,
  files: Record<string, string>,
): void;
export function checkBuild(
  root: string,
  build: Build,
): { current: true } | { current: false; hash: string; files: Record<string, string> };
