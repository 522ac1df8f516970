import { Spinner } from '../../components/Spinner';
import { StructureTree } from '../StructureTree';
import type { OutlineNode } from '../structure-outline';
import type { StructureJobState } from '../useStructureJob';
import { ResearchWarning } from './ResearchWarning';

/**
 * Step 3: the structure is generated on arrival, then shown in the structure overview tree.
 * Without a model the paper type's template was used, and the step says so.
 */
export function StructureStep(props: {
  job: StructureJobState;
  nodes: OutlineNode[];
  onChange: (nodes: OutlineNode[]) => void;
  /** Why the structure cannot be generated now (the balance), or null. */
  blocked: string | null;
  onGenerate: () => void;
  refining: boolean;
  refiningKey: string | null;
}) {
  const { job } = props;
  return (
    <div className="wizard-structure">
      <ResearchWarning />
      {props.blocked && job.phase !== 'done' && (
        <p className="form-error" role="alert">
          {props.blocked}
        </p>
      )}
      {job.phase === 'running' && (
        <p className="wizard-progress" role="status">
          <Spinner /> {job.operation ?? 'Waiting to generate structure'}…
        </p>
      )}
      {job.phase === 'failed' && job.error && job.error !== props.blocked && (
        <p className="form-error" role="alert">
          {job.error}
        </p>
      )}
      {job.result?.template && (
        <p className="notice" role="note">
          No AI model is configured, so this is the paper type’s template for your title.{' '}
          {props.nodes.some((node) => node.works.length > 0)
            ? 'Each section lists the works found for it in the literature, or says that none were found.'
            : 'No works on your topic were found in the literature, so no section has works yet.'}
        </p>
      )}
      {job.phase === 'done' && (
        <StructureTree
          nodes={props.nodes}
          onChange={props.onChange}
          editable={!props.refining}
          refiningKey={props.refiningKey}
        />
      )}
      {(job.phase === 'failed' || job.phase === 'idle') && !props.blocked && (
        <button type="button" className="button" onClick={props.onGenerate}>
          Generate structure again
        </button>
      )}
    </div>
  );
}
