import { useState, type FormEvent } from 'react';
import { MEMBER_ROLES, type MemberRole } from '../../shared/papers/paper-permissions';
import { Modal } from '../components/Modal';
import {
  useChangeRole,
  useCreateInvitation,
  useInviteByEmail,
  usePaperAccess,
  useRemoveMember,
  useRevokeInvitation,
} from './sharing-api';

const ROLE_LABELS: Record<MemberRole, string> = {
  editor: 'Editor (edit, comment, upload, use AI at their own cost)',
  commenter: 'Commenter (read and comment)',
  viewer: 'Viewer (read and export)',
};

function RoleSelect(props: {
  value: MemberRole;
  onChange: (role: MemberRole) => void;
  label: string;
}) {
  return (
    <select
      aria-label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value as MemberRole)}
    >
      {MEMBER_ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

const message = (error: unknown) => (error instanceof Error ? error.message : null);

/** The Share dialog (docs/sharing.md): invite by e-mail, invitation links, who has access. */
export function ShareDialog({ paperId, onClose }: { paperId: string; onClose: () => void }) {
  const access = usePaperAccess(paperId);
  const invite = useInviteByEmail(paperId);
  const changeRole = useChangeRole(paperId);
  const remove = useRemoveMember(paperId);
  const createLink = useCreateInvitation(paperId);
  const revoke = useRevokeInvitation(paperId);
  const [email, setEmail] = useState('');
  const [emailRole, setEmailRole] = useState<MemberRole>('editor');
  const [linkRole, setLinkRole] = useState<MemberRole>('viewer');
  const [days, setDays] = useState(7);
  const [uses, setUses] = useState(1);
  const [link, setLink] = useState<string | null>(null);

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    invite.mutate({ email: email.trim(), role: emailRole }, { onSuccess: () => setEmail('') });
  };

  const submitLink = (event: FormEvent) => {
    event.preventDefault();
    createLink.mutate(
      { role: linkRole, expiresInDays: days, maxUses: uses },
      { onSuccess: (created) => setLink(`${window.location.origin}${created.path}`) },
    );
  };

  const data = access.data;
  const error =
    message(invite.error) ??
    message(changeRole.error) ??
    message(remove.error) ??
    message(createLink.error) ??
    message(revoke.error);

  return (
    <Modal
      title="Share"
      onClose={onClose}
      width={640}
      className="share-dialog"
      footer={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      {error && (
        <p className="error-box" role="alert">
          {error}
        </p>
      )}
      <form className="share-form" onSubmit={submitEmail} noValidate>
        <h3>Invite by e-mail</h3>
        <label className="field">
          <span>E-mail address of an existing account</span>
          <input
            type="email"
            name="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <RoleSelect label="Role for the invited person" value={emailRole} onChange={setEmailRole} />
        <button
          type="submit"
          className="button primary"
          disabled={!email.trim() || invite.isPending}
        >
          Invite
        </button>
      </form>

      <form className="share-form" onSubmit={submitLink} noValidate>
        <h3>Invitation link</h3>
        <RoleSelect label="Role for the link" value={linkRole} onChange={setLinkRole} />
        <label className="field">
          <span>Expires after (days)</span>
          <input
            type="number"
            min={1}
            max={30}
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
          />
        </label>
        <label className="field">
          <span>Can be used (times)</span>
          <input
            type="number"
            min={1}
            max={100}
            value={uses}
            onChange={(event) => setUses(Number(event.target.value))}
          />
        </label>
        <button type="submit" className="button primary" disabled={createLink.isPending}>
          Create link
        </button>
        {link && (
          <label className="field">
            <span>Copy this link now: it is shown once</span>
            <input readOnly value={link} onFocus={(event) => event.target.select()} />
          </label>
        )}
      </form>

      <h3>Who has access</h3>
      {access.isLoading && <p className="muted">Loading…</p>}
      {data && (
        <ul className="share-members">
          {data.owner && (
            <li>
              <span>
                {data.owner.name} <span className="muted">{data.owner.email}</span>
              </span>
              <span>Owner</span>
            </li>
          )}
          {data.members.map((member) => (
            <li key={member.user_id}>
              <span>
                {member.name} <span className="muted">{member.email}</span>
              </span>
              <RoleSelect
                label={`Role of ${member.name}`}
                value={member.role}
                onChange={(role) => changeRole.mutate({ userId: member.user_id, role })}
              />
              <button
                type="button"
                className="button"
                aria-label={`Remove ${member.name}`}
                onClick={() => remove.mutate(member.user_id)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {data && data.invitations.length > 0 && (
        <>
          <h3>Links</h3>
          <ul className="share-members">
            {data.invitations.map((invitation) => (
              <li key={invitation.id}>
                <span>
                  {invitation.role} · used {invitation.uses} of {invitation.max_uses} · expires{' '}
                  {new Date(invitation.expires_at).toLocaleDateString()}
                </span>
                <span>{invitation.status}</span>
                {invitation.status === 'active' && (
                  <button
                    type="button"
                    className="button"
                    onClick={() => revoke.mutate(invitation.id)}
                  >
                    Revoke
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}
