import type { PaperType } from './paper-types';

/** A paper as the API returns it (spec 001 §3, 002 §3): snake_case like the spec's payloads. */
export interface Paper {
  id: string;
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
  'id' | 'title' | 'type' | 'description' | 'field' | 'created_at' | 'updated_at'
>;
