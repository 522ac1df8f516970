/** 001 §1: the wizard warns that users supply their own research content and verify citations. */
export function ResearchWarning() {
  return (
    <p className="notice wizard-warning" role="note">
      The AI works from scientific abstracts only. You must supply your own research content (data,
      results, analysis) and verify every citation before you rely on it.
    </p>
  );
}
