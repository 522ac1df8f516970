import type { CitedWork } from '../../../shared/citations/work';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { useStoredWork } from '../api/works-api';
import { plainTitle } from '../jats-text';
import { ReferenceDetails } from './ReferenceDetails';
import { useApaCitation } from './useApaCitation';
import { MathText } from '../../components/MathText';
import { SummarizeButton } from '../../ai/summary/SummarizeButton';

interface ReferenceModalProps {
  refId: string;
  /** The work when the caller has it; otherwise it is fetched from the works store. */
  work: CitedWork | undefined;
  selected: boolean;
  onToggleSelected: () => void;
  /** Present while a paper is open: cites the work at the editor's cursor. */
  onCite: ((work: CitedWork) => void) | undefined;
  onClose: () => void;
}

const MODAL_WIDTH = 680;

/** The reference modal of spec 000 §2.2. */
export function ReferenceModal(props: ReferenceModalProps) {
  const stored = useStoredWork(props.refId, props.work === undefined);
  const work = props.work ?? stored.data;

  if (!work) {
    return (
      <Modal title="Reference" onClose={props.onClose} width={MODAL_WIDTH}>
        {stored.isError ? (
          <p className="error-box" role="alert">
            {stored.error.message}
          </p>
        ) : (
          <div className="center-muted">
            <Spinner label="Loading reference" />
          </div>
        )}
      </Modal>
    );
  }
  return <WorkModal {...props} work={work} />;
}

function WorkModal(props: ReferenceModalProps & { work: CitedWork }) {
  const { work, onCite, onClose } = props;
  const citation = useApaCitation(work);

  return (
    <Modal
      title={<MathText text={plainTitle(work.title) || 'Untitled'} />}
      onClose={onClose}
      width={MODAL_WIDTH}
      footer={
        <>
          <button
            type="button"
            className="button"
            disabled={citation.isPending}
            onClick={() => citation.mutate()}
          >
            {citation.isPending ? 'Generating citation...' : 'Show citation'}
          </button>
          <SummarizeButton work={work} />
          <label className="select-paper">
            <input type="checkbox" checked={props.selected} onChange={props.onToggleSelected} />
            Select this paper
          </label>
          <span className="footer-spacer" />
          {onCite && (
            <button
              type="button"
              className="button primary"
              title="Insert citation at cursor position"
              onClick={() => {
                onCite(work);
                onClose();
              }}
            >
              Insert citation
            </button>
          )}
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <ReferenceDetails work={work} />
      {citation.isSuccess && (
        <div className="apa-citation" aria-label="APA citation">
          {citation.data}
        </div>
      )}
      {citation.isError && (
        <p className="error-box" role="alert">
          Error: {citation.error.message}
        </p>
      )}
    </Modal>
  );
}
