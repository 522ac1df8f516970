import { DetailedProcess } from '../components/DetailedProcess';
import { navigate } from '../router';
import { SIGN_UP_PATH } from './SignInPage';
import { PricingBox } from '../billing/PricingBox';
import { useFirstContact } from '../first-contact/FirstContactProvider';

const QUICK_STEPS = [
  { title: 'Specify your topic', text: 'Pick a paper type and describe what you want to write.' },
  {
    title: 'Scriptor researches',
    text: 'It searches open scientific abstracts and proposes a structure.',
  },
  {
    title: 'Refine and export',
    text: 'Edit, check every citation, then export to PDF, Word or LaTeX.',
  },
];

const FEATURES = [
  [
    'Smart Templates',
    'Structures for scientific papers, reviews, assignments and essays that follow academic conventions.',
  ],
  [
    'Deep Scientific Insights',
    'Every claim can carry a citation to a real article, with its abstract and the reasoning behind it.',
  ],
  [
    'Complete Control',
    'A full editor with numbered headings, equations, diagrams, tables, comments and version history.',
  ],
] as const;

const goToSignIn = () => navigate('/auth/signin');
const goToSignUp = () => navigate(SIGN_UP_PATH);

export function LandingPage() {
  const { show } = useFirstContact();
  return (
    <div className="landing">
      <header className="landing-nav">
        <span className="brand">
          <span className="brand-mark" aria-hidden="true">
            S
          </span>
          Scriptor
        </span>
        <nav>
          <a href="#how-it-works">How it works</a>
          <a href="#features">Features</a>
          <button type="button" className="button" onClick={goToSignIn}>
            Sign in
          </button>
          <button type="button" className="button primary" onClick={goToSignUp}>
            Join
          </button>
        </nav>
      </header>

      <main>
        <section className="hero">
          <p className="eyebrow">Open-source academic writing assistant</p>
          <h1>Write research that stands on real literature.</h1>
          <p className="hero-lead">
            Scriptor helps students and researchers structure, draft and cite scientific papers,
            literature reviews and assignments. Every citation points to a real article whose
            abstract you can read before you keep it.
          </p>
          <div className="hero-actions">
            <button type="button" className="button primary large" onClick={goToSignIn}>
              Start Exploring Insights
            </button>
            <button type="button" className="button large" onClick={() => show('about')}>
              Learn more
            </button>
            <button type="button" className="button large" onClick={() => show('demo')}>
              Watch Demo
            </button>
          </div>
          <button type="button" className="link-button" onClick={() => show('examples')}>
            See Example Papers
          </button>
          {/* From the example paper 'Warming Climate and Species at Their Range Margins': both
              are real works of the bundled corpus, and the second, orange one is the weaker link. */}
          <div className="hero-card" aria-hidden="true">
            <div className="hero-card-heading">4 Discussion</div>
            <p>
              Species that can track their climate often show increased dispersal at expanding range
              boundaries <span className="cite-chip">(Hill et al., 2011)</span>, while species whose
              seasonal forms depend on predictable environmental cues may be exposed when those cues
              change <span className="cite-chip warn">(Halali et al., 2021)</span>.
            </p>
            <div className="hero-card-eq">λ(ΔT, c) = λ₀ − β ΔT − γ c</div>
          </div>
        </section>

        <section id="how-it-works" className="landing-section">
          <h2>How it works</h2>
          <ol className="steps">
            {QUICK_STEPS.map((step, index) => (
              <li key={step.title} className="step">
                <span className="step-number">{index + 1}</span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
          <DetailedProcess />
        </section>

        <section id="features" className="landing-section">
          <h2>Key Features</h2>
          <div className="features">
            {FEATURES.map(([title, text]) => (
              <article key={title} className="feature">
                <h3>{title}</h3>
                <p>{text}</p>
              </article>
            ))}
          </div>
        </section>

        <section id="pricing" className="landing-section">
          <PricingBox signedIn={false} />
        </section>

        <section className="landing-section honesty">
          <h2>What to expect</h2>
          <ul>
            <li>Only abstracts are searched; full articles are not read unless you upload them.</li>
            <li>Scriptor does not do original research for you and the AI can be wrong.</li>
            <li>Citations link to real articles but may be tenuous: check each one.</li>
          </ul>
          <div className="hero-actions">
            <button type="button" className="button" onClick={() => show('examples')}>
              See Example Papers
            </button>
            <button type="button" className="button" onClick={() => show('about')}>
              Learn more
            </button>
          </div>
          <button type="button" className="button primary" onClick={goToSignUp}>
            Join
          </button>
        </section>
      </main>
      <footer className="landing-footer">
        Scriptor is free software you can host yourself. Your papers stay on your server.
      </footer>
    </div>
  );
}
