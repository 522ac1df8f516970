/**
 * The page's first Tab stop (WCAG 2.4.1): past the sidebar straight to the open paper's text,
 * or to the main pane when none is open. Shown only while it has the focus.
 */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        const target =
          document.querySelector<HTMLElement>('.scriptor-editor[contenteditable="true"]') ??
          document.getElementById('main');
        target?.focus();
      }}
    >
      Skip to main content
    </a>
  );
}
