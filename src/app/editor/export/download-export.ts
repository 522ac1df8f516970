import { ApiError } from '../../api/http';

export type ExportFormat = 'pdf' | 'word' | 'latex' | 'html';

export const EXPORT_ROUTES: Record<ExportFormat, { path: string; fileName: string }> = {
  pdf: { path: '/api/html-pdf', fileName: 'document.pdf' },
  word: { path: '/api/html-word', fileName: 'document.docx' },
  latex: { path: '/api/html-latex', fileName: 'document.tex' },
  html: { path: '/api/export-html', fileName: 'document.html' },
};

/** Asks the server for the stored paper in one format and hands the file to the browser. */
export async function downloadExport(
  format: ExportFormat,
  paperId: string,
  includeAbstracts: boolean,
): Promise<void> {
  const { path, fileName } = EXPORT_ROUTES[format];
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ paperId, includeAbstracts }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    const message = typeof body?.error === 'string' ? body.error : 'Failed to convert HTML';
    throw new ApiError(response.status, message);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  // The server names a file that depends on the paper (LaTeX with figures: document.zip).
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  link.download = named?.[1] ?? fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
