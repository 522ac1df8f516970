import { formatCitationMarker } from '../../../shared/citations/citation-marker';

const LONGEST_BRACKET = 400;
const ID = /ref_[A-Za-z0-9]+/g;
const CITATION_INSIDE = /^\s*ref_[A-Za-z0-9]+(\s*[;,]\s*ref_[A-Za-z0-9]+)*\s*$/;
const MARKER_INSIDE = /^(PART|STATUS):/;

/**
 * Filters streamed model text so that every citation names a work of the evidence set: ids the
 * model made up or altered are removed (with the space before the marker when none is left),
 * kept markers are rewritten in the canonical '[ref_a; ref_b]' form, and anything shaped like a
 * stream marker is taken out. A bracket is held back until it closes, so a citation is never
 * split between what was sent and what is dropped.
 */
export class CitationFilter {
  readonly kept = new Set<string>();
  removed = 0;
  #held = '';
  #space = '';

  constructor(private readonly allowed: ReadonlySet<string>) {}

  push(chunk: string): string {
    let out = '';
    for (const char of chunk) {
      if (this.#held) {
        this.#held += char;
        if (char === ']') out += this.#resolve(this.#held);
        else if (char === '\n' || this.#held.length > LONGEST_BRACKET) out += this.#release();
        else continue;
        this.#held = '';
      } else if (char === '[') {
        this.#held = '[';
      } else if (char === ' ' || char === '\t') {
        this.#space += char;
      } else {
        out += this.#space + char;
        this.#space = '';
      }
    }
    return out;
  }

  /** What is still held at the end of the stream. */
  flush(): string {
    const out = this.#held ? this.#release() : this.#space;
    this.#held = '';
    this.#space = '';
    return out;
  }

  #release(): string {
    const text = MARKER_INSIDE.test(this.#held.slice(1)) ? `(${this.#held.slice(1)}` : this.#held;
    const out = this.#space + text;
    this.#space = '';
    return out;
  }

  #resolve(bracket: string): string {
    const inside = bracket.slice(1, -1);
    if (MARKER_INSIDE.test(inside)) return this.#dropWithSpace();
    if (!CITATION_INSIDE.test(inside)) return this.#release();
    const ids = [...new Set(inside.match(ID) ?? [])];
    const valid = ids.filter((id) => this.allowed.has(id));
    this.removed += ids.length - valid.length;
    if (valid.length === 0) return this.#dropWithSpace();
    for (const id of valid) this.kept.add(id);
    const out = this.#space + formatCitationMarker(valid);
    this.#space = '';
    return out;
  }

  #dropWithSpace(): string {
    this.#space = '';
    return '';
  }
}
