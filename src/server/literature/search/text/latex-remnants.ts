/**
 * arXiv abstracts carry raw LaTeX ("$D \sim t^\nu$", "Schr\"odinger", "\emph{in vivo}").
 * Markup must not become search terms, but Greek letters and accented names must survive as
 * the words a reader would type.
 */

const GREEK_COMMANDS = new Set(
  (
    'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho ' +
    'sigma tau upsilon phi chi psi omega'
  ).split(' '),
);

// Layout, font and operator commands: they carry no meaning a searcher would type.
const MARKUP_COMMANDS = new Set(
  (
    'frac dfrac tfrac sqrt left right big bigg bigl bigr biggl biggr mathrm mathbf mathit ' +
    'mathcal mathbb mathsf mathtt mathfrak boldsymbol textrm textbf textit texttt textsc ' +
    'textsf textup text emph mbox hbox it bf rm sf tt em sc cal small large footnotesize ' +
    'quad qquad hat bar tilde vec dot ddot overline underline widetilde widehat operatorname ' +
    'displaystyle textstyle scriptstyle cdot cdots ldots dots vdots times sim simeq approx ' +
    'propto equiv leq le geq ge neq ne ll gg lesssim gtrsim pm mp to rightarrow leftarrow ' +
    'leftrightarrow mapsto in notin subset subseteq cup cap forall exists mid vert lvert ' +
    'rvert langle rangle lbrace rbrace circ prime ast star cite citep citet ref eqref label ' +
    'url href footnote newline linebreak hspace vspace over choose limits nolimits mathop ' +
    'begin end item'
  ).split(' '),
);

// \"o, \'{e}, \v{s}: the accent goes (folding would drop it anyway), the letter stays.
const ACCENT_ESCAPE = /\\(?:["'`^~=.]|[cvuHrkd](?=\{))\s*\{?\s*([a-zA-Z])\s*\}?/g;
const COMMAND = /\\([a-zA-Z]+)\*?/g;

function replaceCommand(_match: string, name: string): string {
  const lower = name.toLowerCase();
  const unprefixed = lower.startsWith('var') ? lower.slice(3) : lower;
  if (GREEK_COMMANDS.has(unprefixed)) return ` ${unprefixed} `;
  if (MARKUP_COMMANDS.has(name)) return ' ';
  return ` ${name} `;
}

/** Rewrites LaTeX remnants into plain words; text without backslashes passes untouched. */
export function stripLatexRemnants(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(ACCENT_ESCAPE, '$1').replace(COMMAND, replaceCommand);
}
