import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { EditorHandle } from './editor-handle';

interface EditorBridgeValue {
  /** The open paper's editor, or null while no paper is open. Read it when acting, not at render. */
  getEditor(): EditorHandle | null;
  setEditor(handle: EditorHandle | null): void;
  /** Whether an editor is shown (its handle published): a paper can be loaded and still syncing. */
  shown: boolean;
  /** The text of the last editor search (toolbar search button), for the References pane. */
  searchText: string;
  setSearchText(text: string): void;
}

const detached: EditorBridgeValue = {
  getEditor: () => null,
  setEditor: () => undefined,
  shown: false,
  searchText: '',
  setSearchText: () => undefined,
};

const EditorBridgeContext = createContext<EditorBridgeValue>(detached);

/**
 * Connects the paper editor with the workspace's other panes: they live side by side, so the
 * editor publishes its handle and its search text here instead of through props.
 */
export function EditorBridgeProvider({ children }: { children: ReactNode }) {
  const editor = useRef<EditorHandle | null>(null);
  const [searchText, setSearchText] = useState('');
  const [shown, setShown] = useState(false);
  const getEditor = useCallback(() => editor.current, []);
  const setEditor = useCallback((handle: EditorHandle | null) => {
    editor.current = handle;
    setShown(handle !== null);
  }, []);
  const value = useMemo(
    () => ({ getEditor, setEditor, shown, searchText, setSearchText }),
    [getEditor, setEditor, shown, searchText],
  );
  return <EditorBridgeContext.Provider value={value}>{children}</EditorBridgeContext.Provider>;
}

/** `getEditor()` answers the open paper's editor handle, or null. */
export function useEditorHandle(): () => EditorHandle | null {
  return useContext(EditorBridgeContext).getEditor;
}

/** Whether the open paper's editor is on the screen (not still loading or syncing). */
export function useEditorShown(): boolean {
  return useContext(EditorBridgeContext).shown;
}

/** The text the user last searched for from the editor toolbar. */
export function useEditorSearchText(): string {
  return useContext(EditorBridgeContext).searchText;
}

export function useSetEditorSearchText(): (text: string) => void {
  return useContext(EditorBridgeContext).setSearchText;
}

/** Publishes `handle` while the calling component is mounted. */
export function usePublishEditorHandle(handle: EditorHandle | null): void {
  const { setEditor } = useContext(EditorBridgeContext);
  useEffect(() => {
    setEditor(handle);
    return () => setEditor(null);
  }, [handle, setEditor]);
}
