import { useEffect, useMemo, useState } from 'react';
import { extractRefIds } from '../../../shared/document';
import { useEditorHandle } from '../../editor/bridge/EditorBridge';

/** How often the pane looks at the open text; the editor caches its markdown per change. */
const READ_EVERY_MS = 1_000;

function sameIds(a: readonly string[] | null, b: readonly string[] | null): boolean {
  return a === b || (a !== null && b !== null && a.join(' ') === b.join(' '));
}

/**
 * The works the open paper's text cites right now (null while no editor is open), so the
 * References pane can tell works cited in the text from works only imported, or whose last
 * citation was removed.
 */
export function useCitedInText(): ReadonlySet<string> | null {
  const getHandle = useEditorHandle();
  const [ids, setIds] = useState<string[] | null>(null);
  useEffect(() => {
    const read = () => {
      const handle = getHandle();
      const next = handle ? extractRefIds(handle.getMarkdown()) : null;
      setIds((current) => (sameIds(current, next) ? current : next));
    };
    read();
    const timer = setInterval(read, READ_EVERY_MS);
    return () => clearInterval(timer);
  }, [getHandle]);
  return useMemo(() => (ids ? new Set(ids) : null), [ids]);
}
