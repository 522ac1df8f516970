/**
 * Spec 000 §2.1: covers the editor while an AI rewrite owns the paper. The toolbar is hidden
 * then, so the overlay offers the way back to the running rewrite.
 */
export function RewriteOverlay({ onShowRewrite }: { onShowRewrite?: () => void }) {
  return (
    <div className="rewrite-overlay" role="status">
      <span>Editor is disabled while paper is being rewritten</span>
      {onShowRewrite && (
        <button type="button" className="button" onClick={onShowRewrite}>
          Show rewrite progress
        </button>
      )}
    </div>
  );
}
