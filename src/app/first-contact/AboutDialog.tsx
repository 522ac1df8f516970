import { Modal } from '../components/Modal';
import {
  chartsLimitText,
  chatCapabilityText,
  searchCapabilityText,
  type Capabilities,
} from '../../shared/about/capabilities';
import { useCapabilities } from './api/capabilities';

/** A line about what this server does, once the server has said (never a guess). */
function CapabilityLine({
  capabilities,
  text,
}: {
  capabilities: Capabilities | undefined;
  text: (capabilities: Capabilities) => string;
}) {
  return capabilities ? <li>{text(capabilities)}</li> : null;
}

/**
 * 'Learn more' (002 §1, §2): what Scriptor does and does not do, said plainly, so a visitor can
 * judge it before signing up. The lines about capability state what this server does (its
 * library's size, whether Data Analysis is installed: GET /api/capabilities).
 */
export function AboutDialog({ onClose }: { onClose: () => void }) {
  const capabilities = useCapabilities().data;
  return (
    <Modal
      title="About Scriptor"
      onClose={onClose}
      width={640}
      className="about-dialog"
      readingBody
      footer={
        <button type="button" className="button primary" onClick={onClose}>
          Close
        </button>
      }
    >
      <p>
        Scriptor is an AI writing assistant for students and researchers. It finds academic
        literature, drafts the sections of scientific papers, literature reviews, assignments and
        essays, and cites a real article for the claims it makes.
      </p>

      <h3>What it can do</h3>
      <ul>
        <CapabilityLine capabilities={capabilities} text={searchCapabilityText} />
        <li>Propose a structure for your paper type and topic, and refine it with you.</li>
        <li>Write sections one by one, each grounded in the abstracts it retrieved.</li>
        <li>
          Show, for every in-text citation, the article&apos;s abstract, the AI&apos;s reasoning and
          how certain it is; less reliable citations are shown in orange.
        </li>
        <li>
          Build the reference list in APA or another citation style, and export to PDF, Word, LaTeX
          or HTML.
        </li>
        <CapabilityLine capabilities={capabilities} text={chatCapabilityText} />
      </ul>

      <h3>What it cannot do</h3>
      <ul>
        <li>
          Only abstracts are searched. Full articles cannot be read, unless you upload them, and
          only a limited number of uploaded files can be considered at once.
        </li>
        <li>It does no original research: no experiments, no new data.</li>
        <CapabilityLine capabilities={capabilities} text={chartsLimitText} />
        <li>
          Citations link to real articles, but the link between a claim and an article may be
          tenuous.
        </li>
      </ul>

      <div className="warning-box" role="note">
        <strong>The AI may hallucinate.</strong> It can state things that are not true or that the
        cited abstract does not support. Check every claim and every citation before you rely on it.
      </div>

      <h3>Best practices</h3>
      <ul>
        <li>Give a precise title, description, methodology and field.</li>
        <li>Upload your own notes, data and key papers so the AI works from them.</li>
        <li>Read the abstract behind each citation, starting with the orange ones.</li>
        <li>Rewrite the text in your own words and add what only you know.</li>
      </ul>

      <h3>Our educational philosophy</h3>
      <p>
        Scriptor is meant to help you learn to write from the literature, not to write for you. It
        shows its sources and its reasoning so you can follow, question and improve them. The paper
        you hand in should be your own work, and your institution&apos;s rules on AI use apply.
      </p>

      <h3>Coming soon</h3>
      <ul>
        <li>Reading full open-access articles, not only abstracts.</li>
        <li>Collaborating on a paper with co-authors.</li>
      </ul>
    </Modal>
  );
}
