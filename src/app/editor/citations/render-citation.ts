import { inTextLabel } from '../../../shared/citations/in-text';
import { assessCertainty } from '../../../shared/citations/score';
import { formatCitation } from '../../../shared/document/rules/citation';
import type { CitationRegistry } from './citation-registry';
import { setLabelKeyboardAccess } from './citation-keys';

/**
 * Fills `target` with the in-text citation of `refIds`: the labels of known works in
 * parentheses (spec 000 §5), each its own span so a click can tell which work was meant; ids
 * the paper does not know stay visible as the raw marker, never dropped. In a read-only view
 * each label is a button the keyboard reaches.
 */
export function renderCitation(
  target: HTMLElement,
  refIds: readonly string[],
  registry: CitationRegistry,
  readOnly: boolean,
): void {
  const known: HTMLElement[] = [];
  const unknown: string[] = [];
  for (const refId of refIds) {
    const work = registry.lookup(refId);
    if (!work) {
      unknown.push(refId);
      continue;
    }
    const label = document.createElement('span');
    label.className = 'citation-label';
    label.dataset.refId = refId;
    label.textContent = inTextLabel(work);
    setLabelKeyboardAccess(label, readOnly);
    const certainty = assessCertainty(work.certainty);
    if (certainty.warning && certainty.message) {
      label.classList.add('uncertain');
      label.title = certainty.message;
    }
    known.push(label);
  }

  const parts: (Node | string)[] = [];
  if (known.length > 0) {
    parts.push('(');
    known.forEach((label, index) => {
      if (index > 0) parts.push('; ');
      parts.push(label);
    });
    parts.push(')');
  }
  if (unknown.length > 0) {
    if (parts.length > 0) parts.push(' ');
    const raw = document.createElement('span');
    raw.className = 'citation-unknown';
    raw.textContent = formatCitation(unknown);
    parts.push(raw);
  }
  target.replaceChildren(...parts);
}
