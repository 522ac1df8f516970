import { DetailedProcess } from '../components/DetailedProcess';
import { BalanceGuard } from '../billing/BalanceGuard';
import { PricingBox } from '../billing/PricingBox';
import { useFirstContact } from '../first-contact/FirstContactProvider';
import { WalkthroughButton } from '../first-contact/walkthrough/WalkthroughButton';
import { useChatLauncher } from '../chat/chat-launcher';

export function WelcomeScreen({ onAddPaper }: { onAddPaper: () => void }) {
  const { show } = useFirstContact();
  const { openChat } = useChatLauncher();
  return (
    <div className="welcome">
      <h1>Welcome to Scriptor</h1>
      <div className="welcome-actions">
        <WalkthroughButton />
        <button type="button" className="button" onClick={() => show('about')}>
          Learn more
        </button>
        <button type="button" className="button" onClick={() => show('demo')}>
          Watch Demo
        </button>
        <button type="button" className="button" onClick={() => show('examples')}>
          See Example Papers
        </button>
      </div>
      {/* A div: when the balance is short, the link becomes Top Up with a popover block inside. */}
      <div className="muted welcome-intro">
        Select a paper on the left, or{' '}
        <BalanceGuard inline>
          <button type="button" className="link-button" onClick={onAddPaper}>
            Add Paper
          </button>
        </BalanceGuard>{' '}
        to start a new one, or{' '}
        <button type="button" className="link-button" onClick={() => openChat()}>
          Open Chat
        </button>{' '}
        to ask the research assistant.
      </div>

      <section className="welcome-card">
        <h2>How it works</h2>
        <ol className="steps compact">
          <li>
            <strong>Specify</strong> a topic and paper type.
          </li>
          <li>
            <strong>Research</strong>: Scriptor searches scientific abstracts and drafts a
            structure.
          </li>
          <li>
            <strong>Refine and export</strong> your paper with verified citations.
          </li>
        </ol>
        <DetailedProcess />
      </section>

      <PricingBox signedIn />

      <section className="features compact" aria-label="Key Features">
        <article className="feature">
          <h3>Smart Templates</h3>
          <p>Structures that follow the conventions of each paper type.</p>
        </article>
        <article className="feature">
          <h3>Deep Scientific Insights</h3>
          <p>Citations to real articles with their abstracts and reasoning.</p>
        </article>
        <article className="feature">
          <h3>Complete Control</h3>
          <p>Edit everything, keep every version, export in the format you need.</p>
        </article>
      </section>
    </div>
  );
}
