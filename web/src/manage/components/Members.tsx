import { Messages, type BusinessMember, type BusinessMembers } from '@mc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Cell, Row } from 'react-aria-components';
import { BoTable } from '../../kit/backoffice/table';
import { Alert, ConfirmDialog, formatDate, useFlash } from '../../kit/backoffice/ui';
import { heConsole } from '../i18n/he-console';
import { heManage } from '../i18n/he-manage';
import { addMember, membersKey, membersQuery, removeMember, type MembersOf } from '../queries/console';
import { errorText } from './console';
import { LoadFailed } from './states';

const text = heConsole.members;

const who = (member: BusinessMember) =>
  member.firstName || member.lastName ? `${member.firstName ?? ''} ${member.lastName ?? ''}`.trim() : member.email;

/**
 * The members of a pharmacy (its owners) or a cannabis company (its staff), and the invitations not yet taken up:
 * add by e-mail (an address with no account gets an invitation), remove with a confirm. Admins only (issue 30 §2).
 */
export function Members({ of }: { of: MembersOf }) {
  const id = useId();
  const queryClient = useQueryClient();
  const members = useQuery(membersQuery(of));
  const [flash, setFlash] = useFlash();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<BusinessMember | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const settle = (answer: BusinessMembers) => queryClient.setQueryData(membersKey(of), answer);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = email.trim();
    if (!wanted) {
      setEmailError(Messages.requiredEmail);
      emailInput.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await addMember(of, wanted);
      settle(answer);
      const added = answer.members.find((m) => m.email.toLowerCase() === wanted.toLowerCase());
      setEmail('');
      setEmailError(null);
      setFlash({ kind: 'success', text: added?.state === 'invited' ? text.invitedSent(wanted) : text.added(wanted) });
      emailInput.current?.focus();
    } catch (error) {
      setEmailError(errorText(error));
      emailInput.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    const member = removing;
    setBusy(true);
    try {
      settle(await removeMember(of, member.id));
      setFlash({ kind: 'success', text: text.removed(who(member)) });
    } catch (error) {
      setFlash({ kind: 'error', text: errorText(error) });
    } finally {
      setBusy(false);
      setRemoving(null);
      heading.current?.focus();
    }
  };

  return (
    <section className="bo-section mc-members" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="bo-section-title" ref={heading} tabIndex={-1}>{text.title}</h2>
      <p className="bo-muted">{of.kind === 'pharmacy' ? text.pharmacyLead : text.companyLead}</p>
      <Alert flash={flash} />
      {members.isError && <LoadFailed error={members.error} onRetry={() => void members.refetch()} />}
      {members.isPending && <p className="bo-empty" role="status">{heManage.loading}</p>}
      {members.data && (
        <BoTable
          className="bo-table" label={text.caption}
          columns={[text.columns.name, text.columns.email, text.columns.state, text.columns.since, text.columns.actions]}
          items={members.data.members} empty={text.empty}
        >
          {(member) => (
            <Row id={member.id} textValue={who(member)}>
              <Cell>
                {member.userId !== null
                  ? <Link to="/manage/user/$id" params={{ id: String(member.userId) }}>{who(member)}</Link>
                  : <bdi dir="ltr">{member.email}</bdi>}
              </Cell>
              <Cell><bdi dir="ltr">{member.email}</bdi></Cell>
              <Cell>
                <span className={`bo-badge ${member.state === 'member' ? 'bo-badge-success' : 'bo-badge-warning'}`}>
                  {member.state === 'member' ? text.member : text.invited}
                </span>
              </Cell>
              <Cell><span className="bo-num">{formatDate(member.since)}</span></Cell>
              <Cell>
                <button type="button" className="button button-danger" aria-label={text.removeLabel(member.email)} onClick={() => setRemoving(member)}>
                  {text.remove}
                </button>
              </Cell>
            </Row>
          )}
        </BoTable>
      )}
      <form className="mc-member-add" noValidate onSubmit={(event) => void add(event)}>
        <div className="bo-field">
          <label htmlFor={`${id}-email`}>{text.emailLabel}</label>
          <input
            ref={emailInput} id={`${id}-email`} type="email" dir="ltr" autoComplete="off" className="bo-input" value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={emailError ? true : undefined} aria-describedby={emailError ? `${id}-email-error` : undefined}
          />
          {emailError && <p id={`${id}-email-error`} className="bo-field-error" role="alert">{emailError}</p>}
        </div>
        <button type="submit" className="button button-primary" disabled={busy}>{busy ? text.adding : text.add}</button>
      </form>
      <ConfirmDialog
        isOpen={removing !== null} message={removing ? text.confirmRemove(who(removing)) : ''} confirmLabel={text.confirmRemoveButton}
        busy={busy} onConfirm={() => void remove()} onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
