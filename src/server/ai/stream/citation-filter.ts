import { formatCitationMarker } from '../../../shared/citations/citation-marker';
import { CitationScanner } from '../../../shared/document/citation-scanner';

/** A stream marker cannot be longer: past this a '[PART:…' is prose, not a marker. */
const LONGEST_MARKER = 400;
const MARKER_NAMES = ['PART:', 'STATUS:'];

/** A bracket not yet decided: still a possible citation, or a possible stream marker. */
interface Held {
  text: string;
  scanner: CitationScanner;
  /** A citation inside it was removed: '[[ref_fake]]' then leaves no empty '[]'. */
  lostInner: boolean;
}

/** A marker the model began but never closed must not read as one to the client. */
function looksLikeMarker(inside: string): boolean {
  return MARKER_NAMES.some((name) => inside.startsWith(name));
}

function markerState(text: string): 'open' | 'complete' | 'rejected' {
  const inside = text.slice(1);
  const name = MARKER_NAMES.find((candidate) => inside.startsWith(candidate));
  if (!name)
    return MARKER_NAMES.some((candidate) => candidate.startsWith(inside)) ? 'open' : 'rejected';
  if (text.length > LONGEST_MARKER || inside.includes('\n')) return 'rejected';
  return inside.endsWith(']') ? 'complete' : 'open';
}

/**
 * Filters streamed model text so that every citation names a work of the evidence set: ids the
 * model made up or altered are removed (with the space before the marker when none is left),
 * kept markers are rewritten in the canonical '[ref_a; ref_b]' form, and anything shaped like a
 * stream marker is taken out.
 *
 * Brackets are read with the document module's CitationScanner, the tokenizer the editor reads
 * citations with, and held back for as long as they may still become a citation, so a citation
 * is never split between what was sent and what is dropped. Brackets nest on a stack: when a
 * citation inside an open bracket is removed, the outer bracket goes on with what follows, so
 * removing text never joins two pieces into a citation the filter has not judged
 * ('[ref_a[ref_fake]b]' is read as '[ref_ab]').
 */
export class CitationFilter {
  readonly kept = new Set<string>();
  removed = 0;
  readonly #stack: Held[] = [];
  #space = '';

  constructor(private readonly allowed: ReadonlySet<string>) {}

  push(chunk: string): string {
    let out = '';
    for (const char of chunk) out += this.#read(char);
    return out;
  }

  /**
   * What is still held at the end of the stream. A bracket that could still become a citation
   * is escaped ('\['), so text that follows in the document cannot close it.
   */
  flush(): string {
    const out = this.#space + this.#stack.map((held) => this.#releaseText(held, true)).join('');
    this.#stack.length = 0;
    this.#space = '';
    return out;
  }

  #read(char: string): string {
    const top = this.#stack.at(-1);
    if (char === '[') {
      this.#stack.push({ text: '[', scanner: new CitationScanner(), lostInner: false });
      return '';
    }
    if (!top) {
      if (char === ' ' || char === '\t') {
        this.#space += char;
        return '';
      }
      const out = this.#space + char;
      this.#space = '';
      return out;
    }
    top.text += char;
    const citation = top.scanner.feed(char.charCodeAt(0));
    if (citation === 'complete') return this.#resolve(top.scanner.refIds);
    if (citation === 'open') return '';
    const marker = markerState(top.text);
    if (marker === 'complete') return this.#drop();
    if (marker === 'open') return '';
    if (top.lostInner && top.text === '[]') return this.#drop();
    return this.#reject();
  }

  /** The top bracket closed a citation: keep its allowed ids, drop the rest. */
  #resolve(ids: readonly string[]): string {
    const unique = [...new Set(ids)];
    const valid = unique.filter((id) => this.allowed.has(id));
    this.removed += unique.length - valid.length;
    if (valid.length === 0) return this.#drop();
    for (const id of valid) this.kept.add(id);
    this.#stack.pop();
    // The outer brackets are followed by this '[', so none of them can be a citation now.
    return this.#releaseAll() + formatCitationMarker(valid);
  }

  /** The top bracket is removed; the bracket around it, if any, reads on after it. */
  #drop(): string {
    this.#stack.pop();
    const outer = this.#stack.at(-1);
    if (outer) outer.lostInner = true;
    else this.#space = '';
    return '';
  }

  /** The top bracket is not a citation: its '[' is text, and what followed it is read again. */
  #reject(): string {
    const top = this.#stack.pop() as Held;
    const rest = top.text.slice(1);
    return this.#releaseAll() + (looksLikeMarker(rest) ? '(' : '[') + this.push(rest);
  }

  /** Every bracket still held, bottom first, as text (with the space before the first). */
  #releaseAll(): string {
    if (this.#stack.length === 0) return this.#takeSpace();
    const out =
      this.#takeSpace() + this.#stack.map((held) => this.#releaseText(held, false)).join('');
    this.#stack.length = 0;
    return out;
  }

  #takeSpace(): string {
    const out = this.#space;
    this.#space = '';
    return out;
  }

  #releaseText(held: Held, atEnd: boolean): string {
    const rest = held.text.slice(1);
    if (looksLikeMarker(rest)) return `(${rest}`;
    if (atEnd && held.scanner.state === 'open') return `\\[${rest}`;
    return held.text;
  }
}
