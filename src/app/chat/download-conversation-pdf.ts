import type { ChatMessage } from '../../shared/chat/chat';
import { conversationHtml } from './conversation-html';

/** research-assistant-conversation-{date}.pdf (002 §7), the date as YYYY-MM-DD. */
export function conversationPdfName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `research-assistant-conversation-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.pdf`;
}

/** Prints the conversation through POST /api/html-pdf and hands the file to the browser. */
export async function downloadConversationPdf(
  title: string,
  messages: readonly ChatMessage[],
): Promise<void> {
  const response = await fetch('/api/html-pdf', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/pdf' },
    body: JSON.stringify({ html: conversationHtml(title, messages) }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new Error(typeof body?.error === 'string' ? body.error : `status ${response.status}`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = conversationPdfName();
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
