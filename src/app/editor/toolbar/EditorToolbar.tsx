import { useEditorState, type Editor } from '@tiptap/react';
import { useRef, type ReactNode } from 'react';
import { useRovingToolbar } from '../../components/useRovingToolbar';
import { insertTable } from '../commands/insert-table';
import {
  BulletListIcon,
  CommentIcon,
  DiagramIcon,
  FilesIcon,
  HistoryIcon,
  OrderedListIcon,
  PropertiesIcon,
  ReferencesIcon,
  RemoveCitationsIcon,
  SearchIcon,
} from './icons';
import { RewritePaperIcon } from '../../rewrite-paper/RewritePaperIcon';
import { SaveMenu } from './SaveMenu';
import { TablePicker } from './TablePicker';
import { ToolbarButton } from './ToolbarButton';

/** Spec 000 §9: the toolbar offers heading levels 1 to 5. */
const HEADING_LEVELS = [1, 2, 3, 4, 5] as const;

export interface EditorToolbarProps {
  editor: Editor;
  saving: boolean;
  onSearch: () => void;
  onInsertEquation: () => void;
  onInsertDiagram: () => void;
  /** Comments the selected text; disabled while nothing is selected. */
  onAddComment: () => void;
  onRemoveCitations: () => void;
  onHistory: () => void;
  onSave: () => void;
  onSaveAs: () => void;
  /** Absent until the reference list feature exists; the button is hidden then. */
  onGenerateReferences?: () => void;
  /** Absent until the File Editor exists or while the paper has no id; hidden then. */
  onEditFiles?: () => void;
  /** Opens the Rewrite Paper modal (001 §2); hidden without it. */
  onRewritePaper?: () => void;
  /** Opens the wizard in 'Edit Paper Properties' mode (001 §2); hidden without it. */
  onEditProperties?: () => void;
  /** The export menu (spec 000 §2.4) of the open paper. */
  exportMenu?: ReactNode;
  /** The AI writing button (001 §2) and its modal. */
  aiWriting?: ReactNode;
  /** Opens the Share dialog (docs/sharing.md); only the owner has it. */
  onShare?: () => void;
}

function activeHeading(editor: Editor): number | null {
  const { parent } = editor.state.selection.$from;
  return parent.type.name === 'numberedHeading' ? Number(parent.attrs.level) : null;
}

/** The formatting toolbar of spec 000 §2.1 and 001 §2, shown only while the paper is editable. */
export function EditorToolbar(props: EditorToolbarProps) {
  const { editor } = props;
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      code: current.isActive('code'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      heading: activeHeading(current),
      hasSelection: !current.state.selection.empty,
    }),
  });
  const chain = () => editor.chain().focus();
  const toolbar = useRef<HTMLDivElement>(null);
  const onToolbarKey = useRovingToolbar(toolbar);

  return (
    <div
      ref={toolbar}
      className="editor-toolbar"
      role="toolbar"
      aria-label="Formatting"
      onKeyDown={onToolbarKey}
    >
      <div className="toolbar-group">
        <ToolbarButton
          label="Bold"
          active={state.bold}
          onClick={() => chain().toggleMark('bold').run()}
        >
          <strong>B</strong>
        </ToolbarButton>
        <ToolbarButton
          label="Italic"
          active={state.italic}
          onClick={() => chain().toggleMark('italic').run()}
        >
          <em className="serif">I</em>
        </ToolbarButton>
        <ToolbarButton
          label="Inline code"
          active={state.code}
          onClick={() => chain().toggleMark('code').run()}
        >
          <code>{'</>'}</code>
        </ToolbarButton>
      </div>
      <div className="toolbar-group">
        <ToolbarButton
          label="Bullet list"
          active={state.bulletList}
          onClick={() => chain().toggleList('bulletList', 'listItem').run()}
        >
          <BulletListIcon />
        </ToolbarButton>
        <ToolbarButton
          label="Numbered list"
          active={state.orderedList}
          onClick={() => chain().toggleList('orderedList', 'listItem').run()}
        >
          <OrderedListIcon />
        </ToolbarButton>
      </div>
      <div className="toolbar-group">
        {HEADING_LEVELS.map((level) => (
          <ToolbarButton
            key={level}
            label={`H${level} heading`}
            active={state.heading === level}
            onClick={() => chain().toggleNode('numberedHeading', 'paragraph', { level }).run()}
          >
            <span className="heading-glyph">H{level}</span>
          </ToolbarButton>
        ))}
      </div>
      <div className="toolbar-group">
        <ToolbarButton label="Insert LaTeX equation" onClick={props.onInsertEquation}>
          <span className="serif">∑</span>
        </ToolbarButton>
        <TablePicker onPick={(rows, cols) => insertTable(editor, rows, cols)} />
        <ToolbarButton label="Insert diagram" onClick={props.onInsertDiagram}>
          <DiagramIcon />
        </ToolbarButton>
        <ToolbarButton
          label="Add comment"
          disabled={!state.hasSelection}
          onClick={props.onAddComment}
        >
          <CommentIcon />
        </ToolbarButton>
      </div>
      <div className="toolbar-group">
        <ToolbarButton
          label="Search literature for the selection or paragraph"
          onClick={props.onSearch}
        >
          <SearchIcon />
        </ToolbarButton>
        {props.onGenerateReferences && (
          <ToolbarButton label="Generate APA References" onClick={props.onGenerateReferences}>
            <ReferencesIcon />
          </ToolbarButton>
        )}
        <ToolbarButton label="Remove all citations" onClick={props.onRemoveCitations}>
          <RemoveCitationsIcon />
        </ToolbarButton>
        {props.onEditFiles && (
          <ToolbarButton label="Edit Files" onClick={props.onEditFiles}>
            <FilesIcon />
          </ToolbarButton>
        )}
      </div>
      {props.aiWriting && <div className="toolbar-group">{props.aiWriting}</div>}
      <div className="toolbar-spacer" />
      <div className="toolbar-group">
        {props.onRewritePaper && (
          <ToolbarButton label="Rewrite Paper" onClick={props.onRewritePaper}>
            <RewritePaperIcon />
          </ToolbarButton>
        )}
        {props.onEditProperties && (
          <ToolbarButton label="Edit Paper Properties" onClick={props.onEditProperties}>
            <PropertiesIcon />
          </ToolbarButton>
        )}
        <ToolbarButton label="Version history" onClick={props.onHistory}>
          <HistoryIcon />
        </ToolbarButton>
        {props.exportMenu}
        {props.onShare && (
          <button type="button" className="button share-button" onClick={props.onShare}>
            Share
          </button>
        )}
        <SaveMenu saving={props.saving} onSave={props.onSave} onSaveAs={props.onSaveAs} />
      </div>
    </div>
  );
}
