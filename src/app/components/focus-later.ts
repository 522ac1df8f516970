const WAIT_MS = 8000;

/**
 * Focuses the element `selector` finds as soon as it is in the page (a paper that is still
 * loading, a step that is still rendering), within a few seconds. A key or a press made by the
 * person in the meantime cancels it: they have gone on by themselves. Answers a cancel.
 */
export function focusLater(selector: string): () => void {
  let done = false;
  const finish = () => {
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    window.removeEventListener('keydown', finish, true);
    window.removeEventListener('pointerdown', finish, true);
  };
  const attempt = () => {
    if (done) return;
    const target = document.querySelector<HTMLElement>(selector);
    if (!target || target.closest('[inert], [aria-busy="true"]')) return;
    // Not behind a dialog still open (the one closing is removed first).
    const dialog = document.querySelector('[aria-modal="true"]');
    if (dialog && !dialog.contains(target)) return;
    target.focus();
    if (document.activeElement === target) finish();
  };
  const observer = new MutationObserver(attempt);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  const timer = setTimeout(finish, WAIT_MS);
  window.addEventListener('keydown', finish, true);
  window.addEventListener('pointerdown', finish, true);
  queueMicrotask(attempt);
  return finish;
}
