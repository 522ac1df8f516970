import type { PaperRole } from './paper-permissions';
import type { PaperType } from './paper-types';

/** A paper as the API returns it (spec 001 §3, 002 §3): snake_case like the spec's payloads. */
export interface Paper {
  id: string;
  /** The reader's role on it: 'owner', or the role the paper was shared with them in. */
  role: PaperRole;
  title: string;
  type: PaperType | string;
  description: string;
  methodology: string;
  field: string;
  content: string;
  citations: unknown[];
  language: string;
  /** The CSL style of exports and reference lists (see shared/citations/citation-styles). */
  citation_style: string;
  created_at: string;
  updated_at: string;
  autosave_title: string | null;
  autosave_content: string | null;
  autosaved_at: string | null;
}

/** The list view leaves out the heavy columns. */
export type PaperSummary = Pick<
  Paper,
  'id' | 'role' | 'title' | 'type' | 'description' | 'field' | 'created_at' | 'updated_at'
> & {
  /** Shown beside a paper shared with the reader. */
  owner_name: string;
};
