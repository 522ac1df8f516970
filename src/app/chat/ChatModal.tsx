import { useEffect, useRef, useState } from 'react';
import type { ChatAction } from '../../shared/chat/chat';
import { useBalanceGate } from '../billing/useBalanceGate';
import { useAlert } from '../components/AlertProvider';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Modal } from '../components/Modal';
import { Spinner } from '../components/Spinner';
import { DocumentPreview } from '../editor/history/DocumentPreview';
import { useReferences } from '../references/references-context';
import { fetchSuggestions, useDeleteConversation, useSelectedHeaders } from './api/chat-api';
import type { NewPaperProperties } from './chat-launcher';
import { CHAT_TEXT, SAMPLE_QUESTIONS } from './chat-texts';
import { ChatComposer } from './ChatComposer';
import { ChatMessageView } from './ChatMessageView';
import { ConversationList } from './ConversationList';
import { downloadConversationPdf } from './download-conversation-pdf';
import { SuggestedActions } from './SuggestedActions';
import { useChatSession } from './useChatSession';

interface ChatModalProps {
  /** 'Ask about these papers': the works every answer of this chat draws on. */
  contextRefIds: readonly string[];
  onClose: () => void;
  onCreatePaper: (properties: NewPaperProperties) => void;
}

/** The research chat modal (002 §2): conversations on the left, the conversation on the right. */
export function ChatModal(props: ChatModalProps) {
  const showAlert = useAlert();
  const { openWork, openCitation } = useReferences();
  const [context, setContext] = useState(props.contextRefIds);
  const session = useChatSession(context);
  const gate = useBalanceGate();
  const headers = useSelectedHeaders();
  const deleteConversation = useDeleteConversation();
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);
  // Suggest's answer for the answer it was asked after; a reopened conversation shows the
  // actions stored with its latest answer (002 §3 Message.actions).
  const [suggested, setSuggested] = useState<{ messageId: string; actions: ChatAction[] } | null>(
    null,
  );
  const [suggesting, setSuggesting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const end = useRef<HTMLDivElement>(null);

  const count = session.messages.length;
  const last = session.messages[count - 1];
  const actions =
    last?.role !== 'assistant' || session.pending
      ? []
      : suggested?.messageId === last.id
        ? suggested.actions
        : (last.actions ?? []);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [count, session.pending]);

  const { papers } = session;
  const openReference = (refId: string) => {
    const work = papers.get(refId);
    if (work) openWork(work);
    else openCitation(refId);
  };

  const send = (text: string, editMessageId?: string) => {
    session.send(text, editMessageId);
  };

  const suggest = () => {
    if (!last) return;
    const messageId = last.id;
    setSuggesting(true);
    fetchSuggestions(session.messages, session.intent, headers, session.conversationId)
      .then((list) => setSuggested({ messageId, actions: list }))
      .catch((error: unknown) => console.error('suggestions failed', error))
      .finally(() => setSuggesting(false));
  };

  const choose = (action: ChatAction) => {
    if ('createPaper' in action.metadata) props.onCreatePaper(action.metadata.createPaper);
    else send(action.metadata.userMessage);
  };

  const exportPdf = () => {
    setExporting(true);
    const title = session.messages[0]?.content.slice(0, 80) ?? 'Research assistant conversation';
    downloadConversationPdf(title, session.messages)
      .catch((error: unknown) => {
        console.error('conversation PDF export failed', error);
        showAlert(CHAT_TEXT.pdfFailed);
      })
      .finally(() => setExporting(false));
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    const id = pendingDelete;
    try {
      await deleteConversation.mutateAsync(id);
      if (id === session.conversationId) session.reset();
    } catch (error) {
      console.error('delete conversation failed', error);
    } finally {
      setPendingDelete(null);
    }
  };

  return (
    <Modal
      title="Research Assistant"
      onClose={props.onClose}
      width="min(1100px, 96vw)"
      className="chat-modal"
    >
      <div className="chat-layout">
        <ConversationList
          activeId={session.conversationId}
          onOpen={(id) => {
            setContext([]);
            session.open(id).catch((error: unknown) => console.error('open failed', error));
          }}
          onNew={() => {
            setContext([]);
            session.reset();
          }}
          onDelete={setPendingDelete}
        />
        <section className="chat-main" aria-label="Conversation">
          <div className="chat-toolbar">
            {context.length > 0 && (
              <span className="chat-context">
                Asking about {context.length} {context.length === 1 ? 'paper' : 'papers'}
                <button
                  type="button"
                  className="icon-button"
                  aria-label="Stop asking about these papers"
                  title="Stop asking about these papers"
                  onClick={() => setContext([])}
                >
                  ×
                </button>
              </span>
            )}
            <span className="footer-spacer" />
            <button
              type="button"
              className="button"
              disabled={count === 0 || exporting}
              onClick={exportPdf}
            >
              {exporting ? 'Exporting…' : 'Download PDF'}
            </button>
            <button type="button" className="button" onClick={props.onClose}>
              Close
            </button>
          </div>
          {/* A log: each new message (the answer) is read out as it arrives. */}
          <div className="chat-messages" role="log" aria-live="polite" aria-label="Messages">
            {count === 0 ? (
              <div className="chat-welcome">
                <p>{CHAT_TEXT.welcome}</p>
                <div className="chat-samples" role="group" aria-label="Sample questions">
                  {SAMPLE_QUESTIONS.map((question) => (
                    <button
                      key={question}
                      type="button"
                      className="button"
                      disabled={!gate.allowed || session.pending}
                      onClick={() => send(question)}
                    >
                      {question}
                    </button>
                  ))}
                </div>
              </div>
            ) : (
              session.messages.map((message) => (
                <ChatMessageView
                  key={message.id}
                  message={message}
                  canEdit={!session.pending && gate.allowed && !message.id.startsWith('local-')}
                  onEdit={(text) => send(text, message.id)}
                  onCitationClick={openReference}
                />
              ))
            )}
            {session.pending && session.writing && (
              // The answer as the model writes it; the stored one, with its checked citations,
              // replaces it when the job completes.
              <article className="chat-message assistant" aria-label="Answer being written">
                <DocumentPreview
                  markdown={session.writing}
                  citations={[]}
                  label="Answer so far"
                  className="prose chat-answer"
                />
              </article>
            )}
            {session.pending && (
              <div className="chat-processing">
                <Spinner label="Working" />
                <strong>{CHAT_TEXT.processing}</strong>
                <p className="muted">
                  {session.webEnabled ? CHAT_TEXT.processingNoteWeb : CHAT_TEXT.processingNote}
                </p>
              </div>
            )}
            <SuggestedActions actions={actions} onChoose={choose} />
            <div ref={end} />
          </div>
          <ChatComposer
            pending={session.pending}
            allowed={gate.allowed}
            suggesting={suggesting}
            canSuggest={count > 0}
            onSend={(text) => send(text)}
            onSuggest={suggest}
          />
        </section>
      </div>
      {pendingDelete && (
        <ConfirmDialog
          title="Delete conversation"
          message={CHAT_TEXT.deleteConfirm}
          confirmLabel="Delete"
          danger
          busy={deleteConversation.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPendingDelete(null)}
        />
      )}
    </Modal>
  );
}
