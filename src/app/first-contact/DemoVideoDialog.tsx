import { Modal } from '../components/Modal';

/** The demo video, recorded from the real app by scripts/narrative/generate.ts. */
export const DEMO_VIDEO_PATH = '/media/scriptor-demo.webm';

/** 'Watch Demo' (002 §2): the video from this site, with the note that AI steps are sped up. */
export function DemoVideoDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      title="Scriptor demo"
      onClose={onClose}
      width="min(900px, 94vw)"
      readingBody
      footer={
        <button type="button" className="button primary" onClick={onClose}>
          Close
        </button>
      }
    >
      <video className="demo-video" src={DEMO_VIDEO_PATH} controls preload="metadata">
        Your browser cannot play this video.
      </video>
      <p className="muted">
        Recorded in the real app. The steps where the AI works are sped up; in use they take from a
        few seconds to a few minutes.
      </p>
    </Modal>
  );
}
