/**
 * Who may do what with a paper (docs/sharing.md). The one rule: the server's policy
 * (src/server/policies/paper-policy.ts) decides with it, and the browser reads the same table
 * only to show what the server would allow (a read-only editor, a hidden Share button).
 */
export const MEMBER_ROLES = ['editor', 'commenter', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export type PaperRole = 'owner' | MemberRole;

/**
 * - `read`: open the paper, its files, cited works, history, comments and jobs' progress.
 * - `export`: download it (HTML, PDF, DOCX, LaTeX, BibTeX...) or copy it into one's papers.
 * - `comment`: add, answer and resolve comments.
 * - `edit`: change the text and title, upload files, import references, restore a version,
 *   and run the AI features on it (each charged to whoever starts it).
 * - `manage`: change its properties (type, description, methodology, field, language,
 *   citation style), share it, change roles, remove members, delete it.
 * - `leave`: take a shared paper off one's own list.
 */
export type PaperAction = 'read' | 'export' | 'comment' | 'edit' | 'manage' | 'leave';

const allowed: Record<PaperRole, readonly PaperAction[]> = {
  owner: ['read', 'export', 'comment', 'edit', 'manage'],
  editor: ['read', 'export', 'comment', 'edit', 'leave'],
  commenter: ['read', 'export', 'comment', 'leave'],
  viewer: ['read', 'export', 'leave'],
};

export function roleAllows(role: PaperRole, action: PaperAction): boolean {
  return allowed[role].includes(action);
}

export function isMemberRole(value: unknown): value is MemberRole {
  return typeof value === 'string' && (MEMBER_ROLES as readonly string[]).includes(value);
}
