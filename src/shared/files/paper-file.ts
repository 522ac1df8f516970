/**
 * A paper's uploaded file as the API returns it (spec 000 §3 'stored file record'). `contents`
 * is the converted markdown; `size` is the original file's size in bytes.
 */
export interface PaperFile {
  id: string;
  paper_id: string;
  filename: string;
  goal: string;
  contents: string;
  size: number;
  created_at: string;
  updated_at: string;
}
