/**
 * The control words an exported equation may use: the math commands KaTeX reads that LaTeX with
 * the export's preamble (amsmath, amssymb, xcolor) also defines, less every command that
 * defines or expands macros (\def, \let, \newcommand, \expandafter …), reads or writes
 * anything (\input, \write, \url, \href, \verb …) or shows messages. Derived from KaTeX
 * 0.19's function and symbol tables, each name checked to be defined by pdflatex.
 */
export const MATH_COMMANDS: ReadonlySet<string> = new Set(
  `
  And Bbbk Big Bigg Biggl Biggm Biggr Bigl Bigm Bigr Box Bumpeq Cap Cup Delta Diamond Doteq
  Downarrow Finv Game Gamma Huge Im LARGE Lambda Large Leftarrow Leftrightarrow Lleftarrow
  Longleftarrow Longleftrightarrow Longrightarrow Lsh Omega P Phi Pi Pr Psi Re Rightarrow
  Rrightarrow Rsh S Sigma Subset Supset Theta Uparrow Updownarrow Upsilon Vdash Vert Vvdash Xi
  above acute aleph allowbreak alpha amalg angle approx approxeq arccos arcsin arctan arg ast
  asymp atop backepsilon backprime backsim backsimeq backslash bar barwedge because begin beta
  beth between bf big bigcap bigcirc bigcup bigg biggl biggm biggr bigl bigm bigodot bigoplus
  bigotimes bigr bigsqcup bigstar bigtriangledown bigtriangleup biguplus bigvee bigwedge binom
  blacklozenge blacksquare blacktriangle blacktriangledown blacktriangleleft
  blacktriangleright bmod boldsymbol bot bowtie boxdot boxed boxminus boxplus boxtimes brace
  brack breve bullet bumpeq cal cap cdot cdotp cdots centerdot cfrac check checkmark chi
  choose circ circeq circlearrowleft circlearrowright circledR circledS circledast circledcirc
  circleddash clap clubsuit colon color colorbox complement cong coprod copyright cos cosh cot
  coth csc cup curlyeqprec curlyeqsucc curlyvee curlywedge curvearrowleft curvearrowright dag
  dagger daleth dashleftarrow dashrightarrow dashv dbinom ddag ddagger ddddot dddot ddot ddots
  deg delta det dfrac diagdown diagup diamond diamondsuit digamma dim displaylimits
  displaystyle div divideontimes dot doteq doteqdot dotplus dots dotsb dotsc dotsi dotsm dotso
  doublebarwedge doublecap doublecup downarrow downdownarrows downharpoonleft downharpoonright
  ell emph empty emptyset end enskip enspace epsilon eqcirc eqsim eqslantgtr eqslantless equiv
  eta eth exists exp fallingdotseq fbox fcolorbox flat footnotesize forall frac frown gamma
  gcd ge genfrac geq geqq geqslant gets gg ggg gggtr gimel gnapprox gneq gneqq gnsim grave
  gtrapprox gtrdot gtreqless gtreqqless gtrless gtrsim gvertneqq hat hbar hbox heartsuit hline
  hom hookleftarrow hookrightarrow hphantom hskip hslash hspace huge iff iiint iint imath
  impliedby implies in inf infty injlim int intercal intop iota it jmath kappa ker kern lVert
  lambda land langle large lbrace lbrack lceil ldotp ldots le leadsto left leftarrow
  leftarrowtail leftharpoondown leftharpoonup leftleftarrows leftrightarrow leftrightarrows
  leftrightharpoons leftrightsquigarrow leftthreetimes leq leqq leqslant lessapprox lessdot
  lesseqgtr lesseqqgtr lessgtr lesssim lfloor lg lgroup lhd lim liminf limits limsup ll llap
  llcorner lll llless lmoustache ln lnapprox lneq lneqq lnot lnsim log longleftarrow
  longleftrightarrow longmapsto longrightarrow looparrowleft looparrowright lor lozenge lq
  lrcorner ltimes lvert lvertneqq maltese mapsto mathbb mathbf mathbin mathcal mathclose
  mathellipsis mathfrak mathinner mathit mathnormal mathop mathopen mathord mathpunct mathrel
  mathring mathrm mathsf mathsterling mathstrut mathtt max measuredangle medspace mho mid
  middle min mkern mod models mp mskip mu multimap nLeftarrow nLeftrightarrow nRightarrow
  nVDash nVdash nabla natural ncong ne nearrow neg negmedspace negthickspace negthinspace neq
  newline nexists ngeq ngeqq ngeqslant ngtr ni nleftarrow nleftrightarrow nleq nleqq nleqslant
  nless nmid nobreak nobreakspace nolimits nonumber normalsize not notag notin nparallel nprec
  npreceq nrightarrow nshortmid nshortparallel nsim nsubseteq nsubseteqq nsucc nsucceq
  nsupseteq nsupseteqq ntriangleleft ntrianglelefteq ntriangleright ntrianglerighteq nu nvDash
  nvdash nwarrow odot oint omega ominus operatorname operatornamewithlimits oplus oslash
  otimes over overbrace overleftarrow overleftrightarrow overline overrightarrow overset owns
  parallel partial perp phantom phi pi pitchfork pm pmb pmod pod pounds prec precapprox
  preccurlyeq preceq precnapprox precneqq precnsim precsim prime prod projlim propto psi qquad
  quad rVert raisebox rangle rbrace rbrack rceil restriction rfloor rgroup rhd rho right
  rightarrow rightarrowtail rightharpoondown rightharpoonup rightleftarrows rightleftharpoons
  rightrightarrows rightsquigarrow rightthreetimes risingdotseq rlap rm rmoustache rq rtimes
  rule rvert scriptscriptstyle scriptsize scriptstyle searrow sec setminus sf sharp shortmid
  shortparallel sigma sim simeq sin sinh small smallfrown smallint smallsetminus smallsmile
  smash smile sout space spadesuit sphericalangle sqcap sqcup sqrt sqsubset sqsubseteq
  sqsupset sqsupseteq square stackrel star subset subseteq subseteqq subsetneq subsetneqq
  substack succ succapprox succcurlyeq succeq succnapprox succneqq succnsim succsim sum sup
  supset supseteq supseteqq supsetneq supsetneqq surd swarrow tag tan tanh tau tbinom text
  textasciicircum textasciitilde textbackslash textbar textbardbl textbf textbraceleft
  textbraceright textcircled textcolor textcopyright textdagger textdaggerdbl textdegree
  textdollar textellipsis textemdash textendash textgreater textit textless textmd textnormal
  textquotedblleft textquotedblright textquoteleft textquoteright textregistered textrm textsf
  textsterling textstyle texttt textunderscore textup tfrac therefore theta thickapprox
  thicksim thickspace thinspace tilde times tiny to top triangle triangledown triangleleft
  trianglelefteq triangleq triangleright trianglerighteq tt twoheadleftarrow twoheadrightarrow
  ulcorner underbar underbrace underleftarrow underleftrightarrow underline underrightarrow
  underset unlhd unrhd uparrow updownarrow upharpoonleft upharpoonright uplus upsilon
  upuparrows urcorner vDash varDelta varGamma varLambda varOmega varPhi varPi varPsi varSigma
  varTheta varUpsilon varXi varepsilon varinjlim varkappa varliminf varlimsup varnothing
  varphi varpi varprojlim varpropto varrho varsigma varsubsetneq varsubsetneqq varsupsetneq
  varsupsetneqq vartheta vartriangle vartriangleleft vartriangleright vcenter vdash vdots vec
  vee veebar vert vphantom wedge widehat widetilde wp wr xi xleftarrow xrightarrow yen zeta
`
    .trim()
    .split(/\s+/),
);

/** Environments an equation may open: amsmath's that work inside \[ … \]. */
export const MATH_ENVIRONMENTS: ReadonlySet<string> = new Set([
  'array',
  'subarray',
  'matrix',
  'pmatrix',
  'bmatrix',
  'Bmatrix',
  'vmatrix',
  'Vmatrix',
  'smallmatrix',
  'cases',
  'aligned',
  'alignedat',
  'gathered',
  'split',
]);

/** Control symbols (a backslash and one non-letter) an equation may use. */
export const MATH_CONTROL_SYMBOLS: ReadonlySet<string> = new Set([...',:;!> \\{}|#$%&_']);
