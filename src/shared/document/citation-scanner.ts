/**
 * The one tokenizer of citation brackets (`[ref_a]`, `[ref_a; ref_b]`, spec 000 §3 and §5),
 * fed one character at a time after the opening `[`. The markdown parser (rules/citation.ts),
 * the editor's typed-text conversion and the AI engine's streaming citation filter all read
 * citations with it, so whatever the editor would read as a citation, the filter has seen.
 *
 * Grammar: `[` ws* id (ws* sep ws* id)* ws* `]`, where an id is `ref_` + ASCII letters or
 * digits, a separator is `;` or `,`, and whitespace is space, tab, line feed or carriage
 * return (markdown-it turns CR and CRLF into LF before parsing, so a filter reading raw model
 * text must take CR as whitespace too). There is no length limit: a bracket stays a possible
 * citation for as long as its characters fit the grammar.
 */
import { isAsciiAlphanumeric } from './markdown/chars';
import { REF_ID_PREFIX } from './ref-ids';

/** `open`: still a possible citation; `complete`: the `]` closed one; `rejected`: not one. */
export type CitationScanState = 'open' | 'complete' | 'rejected';

type Phase = 'before-id' | 'prefix' | 'id' | 'after-id';

function isCitationWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

export class CitationScanner {
  /** The ids read so far, in order, as written. */
  readonly refIds: string[] = [];
  #state: CitationScanState = 'open';
  #phase: Phase = 'before-id';
  #prefixMatched = 0;
  #id = '';

  get state(): CitationScanState {
    return this.#state;
  }

  /** Reads the next character (a UTF-16 code unit) after the opening `[`. */
  feed(code: number): CitationScanState {
    if (this.#state !== 'open') return this.#state;
    this.#state = this.#step(code);
    return this.#state;
  }

  #step(code: number): CitationScanState {
    switch (this.#phase) {
      case 'before-id':
        if (isCitationWhitespace(code)) return 'open';
        return this.#prefix(code);
      case 'prefix':
        return this.#prefix(code);
      case 'id':
        if (isAsciiAlphanumeric(code)) {
          this.#id += String.fromCharCode(code);
          return 'open';
        }
        if (this.#id.length === REF_ID_PREFIX.length) return 'rejected';
        this.refIds.push(this.#id);
        this.#phase = 'after-id';
        return this.#afterId(code);
      case 'after-id':
        return this.#afterId(code);
    }
  }

  #prefix(code: number): CitationScanState {
    if (code !== REF_ID_PREFIX.charCodeAt(this.#prefixMatched)) return 'rejected';
    this.#prefixMatched += 1;
    if (this.#prefixMatched === REF_ID_PREFIX.length) {
      this.#phase = 'id';
      this.#id = REF_ID_PREFIX;
      this.#prefixMatched = 0;
    } else {
      this.#phase = 'prefix';
    }
    return 'open';
  }

  #afterId(code: number): CitationScanState {
    if (isCitationWhitespace(code)) return 'open';
    if (code === 0x5d /* ] */) return 'complete';
    if (code === 0x3b /* ; */ || code === 0x2c /* , */) {
      this.#phase = 'before-id';
      return 'open';
    }
    return 'rejected';
  }
}
