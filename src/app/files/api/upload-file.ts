import { applyChunk, initialProgress, type UploadProgress } from '../upload-progress';

export interface UploadRequest {
  file: File;
  goal: string;
  paperId: string;
  fileId: string;
}

async function base64Of(file: File): Promise<string> {
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
  return url.slice(url.indexOf(',') + 1);
}

async function errorOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === 'string') return body.error;
  } catch {
    // not JSON
  }
  return response.status === 413
    ? 'This file is larger than the upload limit.'
    : `Upload failed with status ${response.status}`;
}

/**
 * POST /api/convertToMarkdown (spec 000 §7) with the streamed answer applied chunk by chunk;
 * resolves with the final state, whose `error` says why a file failed.
 */
export async function uploadFile(
  request: UploadRequest,
  onProgress: (progress: UploadProgress) => void,
): Promise<UploadProgress> {
  const response = await fetch('/api/convertToMarkdown', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      fileName: request.file.name,
      fileData: await base64Of(request.file),
      streaming: true,
      paperId: request.paperId,
      fileId: request.fileId,
      goal: request.goal,
    }),
  });
  if (!response.ok || !response.body) {
    return { ...initialProgress(), error: await errorOf(response) };
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let state = initialProgress();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    state = applyChunk(state, decoder.decode(value, { stream: true }));
    onProgress(state);
  }
  if (!state.uploaded && !state.error) {
    state = { ...state, error: 'The connection ended before the file was converted.' };
  }
  return state;
}
