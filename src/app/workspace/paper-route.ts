/** The workspace's URL for an open paper: reload, Back/Forward, bookmarks and tabs follow it. */
export function paperPath(id: string): string {
  return `/papers/${encodeURIComponent(id)}`;
}

/** The paper a path opens, or null for the welcome screen. */
export function paperIdFromPath(path: string): string | null {
  const match = /^\/papers\/([^/]+)\/?$/.exec(path);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}
