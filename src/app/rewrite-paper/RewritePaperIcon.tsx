/** The toolbar glyph of 'Rewrite Paper': a page with a pen. */
export function RewritePaperIcon() {
  return (
    <svg
      viewBox="0 0 20 20"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M5 2.5h6l3.5 3.5v4" />
      <path d="M11 2.5V6h3.5" />
      <path d="M5 2.5v15h5" />
      <path d="M7.5 9.5h4M7.5 12.5h2.5" />
      <path d="M16.5 12.5l1.5 1.5-4.5 4.5H12V17z" />
    </svg>
  );
}
