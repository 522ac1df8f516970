import { parseStream } from '../../shared/ai/stream-markers';

/** Spec 000 §9: progress grows by 10 per received chunk, capped at 90 until FINISHED. */
export const PROGRESS_STEP = 10;
export const PROGRESS_CAP = 90;

/** The streamed state of one upload (spec 000 §3 'uploaded-file entry' and §4 'Upload'). */
export interface UploadProgress {
  uploadProgress: number;
  uploaded: boolean;
  /** The converted markdown received so far. */
  content: string;
  error: string | null;
  /** Everything received, so a marker split across two chunks is still read whole. */
  received: string;
}

export const initialProgress = (): UploadProgress => ({
  uploadProgress: 0,
  uploaded: false,
  content: '',
  error: null,
  received: '',
});

/**
 * One received chunk. Every chunk moves the progress on by 10 (at most 90); STATUS chunks are
 * not content; everything else is; a chunk holding FINISHED sets 100 and marks the file
 * uploaded. The content is read from all that was received, so chunks the network merged or
 * split are handled the same.
 */
export function applyChunk(state: UploadProgress, chunk: string): UploadProgress {
  const received = state.received + chunk;
  const parsed = parseStream(`[PART:content]${received}`);
  const content = parsed.text.replace(/\[(PART|STATUS)\\:/g, '[$1:');
  if (parsed.finished) {
    return { uploadProgress: 100, uploaded: true, content, error: null, received };
  }
  return {
    uploadProgress: Math.min(PROGRESS_CAP, state.uploadProgress + PROGRESS_STEP),
    uploaded: false,
    content,
    error: parsed.error,
    received,
  };
}
