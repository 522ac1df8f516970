import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { navigate } from '../../router';
import { SIGN_UP_PATH } from '../../pages/SignInPage';
import { PAPER_TYPE_LABELS, isPaperType } from '../../../shared/papers/paper-types';
import { useCopyExample, useExample, useExampleList } from '../api/examples';

// The editor is large: visitors load it only when they open an example.
const ExamplePaperView = lazy(() => import('./ExamplePaperView'));

const typeLabel = (type: string) => (isPaperType(type) ? PAPER_TYPE_LABELS[type] : type);

/**
 * 'See Example Papers' (002 §2): short papers, one per main type, read in the editor without
 * editing; 'Use as a starting point' copies one into the user's papers (a visitor signs up
 * first).
 */
export function ExamplePapersDialog({
  onClose,
  onOpenPaper,
}: {
  onClose: () => void;
  /** Signed in: opens the copied paper. Absent for visitors. */
  onOpenPaper?: (id: string) => void;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  // The example last read: its item takes the focus again on the way back to the list.
  const [read, setRead] = useState<string | null>(null);
  const choose = (id: string | null) => {
    if (chosen) setRead(chosen);
    setChosen(id);
  };
  return (
    <Modal
      title="Example Papers"
      onClose={onClose}
      width="min(960px, 96vw)"
      className="examples-dialog"
      readingBody
      footer={
        chosen ? (
          <ChosenActions id={chosen} onBack={() => choose(null)} onOpenPaper={onOpenPaper} />
        ) : (
          <button type="button" className="button primary" onClick={onClose}>
            Close
          </button>
        )
      }
    >
      {chosen ? <ChosenExample id={chosen} /> : <ExampleList onChoose={choose} focusId={read} />}
    </Modal>
  );
}

function ExampleList({
  onChoose,
  focusId,
}: {
  onChoose: (id: string) => void;
  focusId: string | null;
}) {
  const list = useExampleList();
  // The list may arrive after the dialog opened: the focus goes to it then, to the example
  // last read or else the first.
  const focused = useRef<HTMLButtonElement>(null);
  useEffect(() => focused.current?.focus(), [list.isSuccess]);
  if (list.isPending) return <Spinner />;
  if (list.isError) return <p className="error-box">{list.error.message}</p>;
  return (
    <>
      <p>
        Short papers written in Scriptor&apos;s format. Every citation points to a real article of
        the bundled literature; open one to read it as the editor shows it.
      </p>
      <ul className="example-list">
        {list.data.examples.map((example, index) => (
          <li key={example.id}>
            <button
              type="button"
              className="example-item"
              ref={
                example.id === focusId || (focusId === null && index === 0) ? focused : undefined
              }
              onClick={() => onChoose(example.id)}
            >
              <span className="badge">{typeLabel(example.type)}</span>
              <strong>{example.title}</strong>
              <span className="muted">{example.description}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function ChosenExample({ id }: { id: string }) {
  const example = useExample(id);
  if (example.isPending) return <Spinner />;
  if (example.isError) return <p className="error-box">{example.error.message}</p>;
  return (
    <Suspense fallback={<Spinner />}>
      <ExamplePaperView example={example.data} />
    </Suspense>
  );
}

function ChosenActions({
  id,
  onBack,
  onOpenPaper,
}: {
  id: string;
  onBack: () => void;
  onOpenPaper?: (id: string) => void;
}) {
  const copy = useCopyExample();
  const use = () => {
    if (!onOpenPaper) {
      navigate(SIGN_UP_PATH);
      return;
    }
    copy.mutate(id, { onSuccess: (paper) => onOpenPaper(paper.id) });
  };
  return (
    <>
      {copy.isError && <span className="error-text">{copy.error.message}</span>}
      <button type="button" className="button" onClick={onBack}>
        ← All examples
      </button>
      <button type="button" className="button primary" disabled={copy.isPending} onClick={use}>
        {copy.isPending ? 'Copying…' : 'Use as a starting point'}
      </button>
    </>
  );
}
