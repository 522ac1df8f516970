import type { Editor } from '@tiptap/react';
import type { Paper } from '../../shared/papers/paper';
import { LoadingPaper } from '../components/LoadingPaper';
import { PaperEditor } from '../editor/PaperEditor';

interface PaperPaneProps {
  paper: Paper | undefined;
  loading: boolean;
  onClose: () => void;
  onSearchText?: (text: string) => void;
  onOpenPaper?: (id: string) => void;
  onGenerateReferences?: (editor: Editor) => void;
  onEditFiles?: (paperId: string) => void;
  onEditProperties?: (paperId: string) => void;
  onCitationClick?: (refId: string) => void;
}

export function PaperPane({ paper, loading, ...editorProps }: PaperPaneProps) {
  return (
    <div className="paper-pane">
      {paper && <h1 className="visually-hidden">{paper.title || 'Untitled paper'}</h1>}
      {/* One editor per paper: switching papers starts from that paper's stored state. */}
      {paper && <PaperEditor key={paper.id} paper={paper} {...editorProps} />}
      {loading && <LoadingPaper />}
    </div>
  );
}
