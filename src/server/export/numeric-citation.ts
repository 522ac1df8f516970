import { missingReferenceText } from '../../shared/citations/bibliography';
import type { CitationStyle } from '../../shared/citations/citation-styles';
import type { CitationSegment, ExportCitation } from './export-paper';

interface NumericForm {
  open: string;
  close: string;
  delimiter: string;
  /** IEEE brackets each number: '[1], [2]' and '[1]–[3]'. */
  bracketEach: boolean;
  superscript: boolean;
}

// The citation layouts of the vendored CSL files (their <citation> element).
const FORMS: Record<string, NumericForm> = {
  ieee: { open: '', close: '', delimiter: ', ', bracketEach: true, superscript: false },
  vancouver: { open: '(', close: ')', delimiter: ',', bracketEach: false, superscript: false },
  nature: { open: '', close: '', delimiter: ',', bracketEach: false, superscript: true },
  'american-medical-association': {
    open: '',
    close: '',
    delimiter: ',',
    bracketEach: false,
    superscript: true,
  },
  'american-chemical-society': {
    open: '',
    close: '',
    delimiter: ',',
    bracketEach: false,
    superscript: true,
  },
};

const DEFAULT_FORM: NumericForm = {
  open: '(',
  close: ')',
  delimiter: ', ',
  bracketEach: false,
  superscript: false,
};

export interface NumberedTarget {
  refId: string;
  /** The entry's number in the reference list, null for an unknown work. */
  number: number | null;
  anchor: string | null;
}

/**
 * A numeric in-text citation as citeproc writes it with the style's collapse="citation-number":
 * numbers in ascending order, three or more consecutive ones collapsed to a range ('1–3'), each
 * number a link to its entry. Unknown works follow as '[Missing reference: id]'.
 */
export function numericCitation(
  style: CitationStyle,
  targets: readonly NumberedTarget[],
): ExportCitation {
  const form = FORMS[style.id] ?? DEFAULT_FORM;
  const numbered = new Map<number, string>();
  for (const target of targets) {
    if (target.number !== null && target.anchor !== null) {
      numbered.set(target.number, target.anchor);
    }
  }
  const numbers = [...numbered.keys()].sort((a, b) => a - b);
  const number = (value: number): CitationSegment => ({
    text: form.bracketEach ? `[${value}]` : String(value),
    anchor: numbered.get(value) ?? null,
  });

  const groups: CitationSegment[][] = [];
  for (let start = 0; start < numbers.length;) {
    let end = start;
    while (
      end + 1 < numbers.length &&
      (numbers[end + 1] as number) === (numbers[end] as number) + 1
    )
      end += 1;
    if (end - start >= 2) {
      groups.push([
        number(numbers[start] as number),
        { text: '–', anchor: null },
        number(numbers[end] as number),
      ]);
    } else {
      for (let index = start; index <= end; index += 1)
        groups.push([number(numbers[index] as number)]);
    }
    start = end + 1;
  }
  for (const target of targets) {
    if (target.number === null) {
      groups.push([{ text: missingReferenceText(target.refId), anchor: null }]);
    }
  }

  const segments = groups.flatMap((group, index) =>
    index === 0 ? group : [{ text: form.delimiter, anchor: null }, ...group],
  );
  if (form.open !== '') segments.unshift({ text: form.open, anchor: null });
  if (form.close !== '') segments.push({ text: form.close, anchor: null });
  return { segments, superscript: form.superscript, note: null };
}
