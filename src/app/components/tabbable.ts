const CANDIDATES = [
  'a[href]',
  'area[href]',
  'button',
  'input',
  'select',
  'textarea',
  'iframe',
  'audio[controls]',
  'video[controls]',
  'summary',
  '[tabindex]',
  '[contenteditable]',
].join(', ');

function inTabOrder(element: HTMLElement): boolean {
  const attribute = element.getAttribute('tabindex');
  if (attribute !== null && Number(attribute) < 0) return false;
  if (element.tabIndex < 0 && !element.isContentEditable) return false;
  if (element.matches(':disabled') || element.closest('[inert]')) return false;
  // Not rendered (display: none here or above, a closed <details>) or hidden.
  return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
}

/**
 * A radio button is a tab stop only as its group's checked one; with none checked, Tab enters
 * the group at its first and Shift+Tab at its last, so each of them may be an edge.
 */
function radioStop(radio: HTMLInputElement, root: HTMLElement): boolean {
  if (radio.checked || !radio.name) return true;
  const group = root.querySelectorAll<HTMLInputElement>(
    `input[type="radio"][name="${CSS.escape(radio.name)}"]`,
  );
  return ![...group].some((other) => other.checked);
}

/**
 * The elements under `root` that Tab stops at, in document order (no positive tabindex is used
 * in the app). Elements marked `data-focus-edge` (a focus trap's own guards) are left out.
 */
export function tabbableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(CANDIDATES)].filter(
    (element) =>
      !element.hasAttribute('data-focus-edge') &&
      inTabOrder(element) &&
      (!(element instanceof HTMLInputElement) ||
        element.type !== 'radio' ||
        radioStop(element, root)),
  );
}
