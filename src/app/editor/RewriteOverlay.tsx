/** Spec 000 §2.1: covers the editor while an AI rewrite owns the paper. */
export function RewriteOverlay() {
  return (
    <div className="rewrite-overlay" role="status">
      <span>Editor is disabled while paper is being rewritten</span>
    </div>
  );
}
