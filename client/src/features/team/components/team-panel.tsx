// The company's team on /account: who is in it (with their role), the open invitations, the seats of the plan. The
// owner and admins invite; the owner changes roles, removes a colleague and hands the company over.
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { inviteMemberSchema, MEMBER_ROLES, type CompanyRole } from '#shared/company-team.ts';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useSendOnce } from '@/hooks/use-send-once';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { formatDate, formatNumber } from '@/lib/format';
import { translateValidation } from '@/lib/validation-message';
import { useTeam } from '../api/get-team';
import { useInviteMember } from '../api/invite-member';
import { useRemoveMember } from '../api/remove-member';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { useSetMemberRole } from '../api/set-member-role';
import { useTransferOwnership } from '../api/transfer-ownership';
import { ltr, ltrValues } from '@/lib/ltr-values';

/** The server's refusals of the address itself (in the team already, or invited already). */
const ADDRESS_REFUSALS = new Set(['team.already_member', 'team.already_invited']);

function InviteForm(props: { canChooseRole: boolean; onChange?: (() => void) | undefined; onSent: (byKeyboard: boolean) => void }) {
  const { canChooseRole, onChange, onSent } = props;
  const { t } = useTranslation('team');
  // Sent from the keyboard (Enter, or the button pressed with a key: a click of no pointer): the focus is then given
  // back to the address for the next colleague, the button having been disabled while sending. Not after a tap, when
  // it would open a phone's keyboard over the toast.
  const byKeyboard = useRef(false);
  const invite = useInviteMember();
  const sendOnce = useSendOnce();
  const form = useForm<z.input<typeof inviteMemberSchema>, unknown, z.output<typeof inviteMemberSchema>>({
    resolver: zodResolver(inviteMemberSchema),
    defaultValues: { email: '', role: 'member' },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) =>
        void form.handleSubmit((values) =>
          sendOnce(() =>
            invite.mutateAsync(values, {
              onSuccess: (invitation) => {
                if (byKeyboard.current) form.setFocus('email');
                onSent(byKeyboard.current);
                form.reset();
                onChange?.();
                toast({ variant: 'success', title: ltrValues(t('invited', { email: ltr(invitation.email) })) });
              },
              onError: (error) =>
                // What is wrong with the address is said beside it, as the form's own checks are.
                error instanceof ApiError && ADDRESS_REFUSALS.has(error.code ?? '')
                  ? form.setError('email', { message: errorMessage(error, t('inviteFailed')) }, { shouldFocus: true })
                  : toast({ variant: 'destructive', title: t('inviteFailed'), description: errorMessage(error, t('inviteFailed')) }),
            }),
          ),
        )(event)
      }
    >
      <div className="min-w-56 flex-1">
        <Field id="invite-email" label={t('email')} error={translateValidation(t, errors.email?.message)}>
          {(ids) => <Input {...ids} type="email" inputMode="email" autoComplete="off" dir="ltr" {...form.register('email')} />}
        </Field>
      </div>
      {canChooseRole && (
        <Field id="invite-role" label={t('role')}>
          {(ids) => (
            <Select {...ids} fullWidth={false} {...form.register('role')}>
              {MEMBER_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <Button type="submit" disabled={invite.isPending} onClick={(event) => (byKeyboard.current = event.detail === 0)}>
        {invite.isPending && <Spinner />}
        {t('invite')}
      </Button>
    </form>
  );
}

/** Said in place of the invitation form once every seat is taken. */
function SeatsTaken({ seats, takeFocus }: { seats: number; takeFocus: boolean }) {
  const { t } = useTranslation('team');
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (takeFocus) note.current?.focus();
  }, [takeFocus]);
  return (
    <p ref={note} tabIndex={-1} className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 focus:outline-none">
      {t('full', { seats: formatNumber(seats) })}
    </p>
  );
}

/** `onChange`: the seats taken changed (an invitation sent or withdrawn, a colleague removed). */
export function TeamPanel({ myRole, myId, onChange }: { myRole: CompanyRole; myId: string; onChange?: () => void }) {
  const { t, i18n } = useTranslation('team');
  const team = useTeam();
  const revoke = useRevokeInvitation();
  const remove = useRemoveMember();
  const setRole = useSetMemberRole();
  const transfer = useTransferOwnership();
  // One of each change at a time, as their buttons are disabled: a second removal or transfer would be refused.
  const revokeOnce = useSendOnce();
  const removeOnce = useSendOnce();
  const setRoleOnce = useSendOnce();
  const transferOnce = useSendOnce();
  // The last invitation sent from the keyboard: if it took the last seat, the note that replaces the form takes the focus.
  const [invitedByKeyboard, setInvitedByKeyboard] = useState(false);
  // Handing over and removing each ask once more: the one removed is signed out at once, mid-search perhaps.
  const [confirming, setConfirming] = useState<string | null>(null);
  const [confirmingRemoval, setConfirmingRemoval] = useState<string | null>(null);
  const failed = (error: unknown) => toast({ variant: 'destructive', title: t('failed'), description: errorMessage(error, t('failed')) });
  if (!team.data) return team.isError ? <p className="text-slate-700">{t('loadFailed')}</p> : <Spinner />;
  const { seats, used, members, invitations } = team.data;
  const owner = myRole === 'owner';
  const date = (iso: string) => formatDate(iso.slice(0, 10), 'short');
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-700">{t('seats', { used: formatNumber(used), seats: formatNumber(seats) })}</p>
      <ul className="divide-y divide-slate-100" aria-label={t('members')}>
        {members.map((member) => {
          const label = member.name ?? member.email ?? '—';
          return (
            <li key={member.userId} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                  {label}
                  {member.userId === myId && <span className="ms-2 text-sm font-normal text-slate-600">{t('you')}</span>}
                </p>
                {member.name && member.email && <p className="break-all text-sm text-slate-600" dir="ltr">{member.email}</p>}
                <p className="text-sm text-slate-600">
                  {t(`roles.${member.role}`)} · {t('since', { date: date(member.joinedAt) })}
                </p>
              </div>
              {owner && member.role !== 'owner' && (
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={setRole.isPending}
                    onClick={() => void setRoleOnce(() => setRole.mutateAsync({ userId: member.userId, role: member.role === 'admin' ? 'member' : 'admin' }, { onError: failed }))}
                  >
                    {member.role === 'admin' ? t('makeMember', { name: label }) : t('makeAdmin', { name: label })}
                  </Button>
                  {confirming === member.userId ? (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={transfer.isPending}
                      onClick={() =>
                        void transferOnce(() =>
                          transfer.mutateAsync(member.userId, { onSuccess: () => toast({ variant: 'success', title: t('transferred', { name: label }) }), onError: failed }),
                        )
                      }
                    >
                      {t('confirmTransfer', { name: label })}
                    </Button>
                  ) : (
                    <Button size="sm" variant="ghost" onClick={() => setConfirming(member.userId)}>
                      {t('transfer', { name: label })}
                    </Button>
                  )}
                  {confirmingRemoval === member.userId ? (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={remove.isPending}
                      onClick={() =>
                        void removeOnce(() =>
                          remove.mutateAsync(member.userId, {
                            onSuccess: () => {
                              onChange?.();
                              toast({ variant: 'success', title: t('removed', { name: label }) });
                            },
                            onError: failed,
                          }),
                        )
                      }
                    >
                      {t('confirmRemove', { name: label })}
                    </Button>
                  ) : (
                    <Button size="sm" variant="outline" onClick={() => setConfirmingRemoval(member.userId)}>
                      {t('remove', { name: label })}
                    </Button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {invitations.length > 0 && (
        <div>
          <h3 className="font-semibold text-slate-900">{t('invitations')}</h3>
          <ul className="mt-2 divide-y divide-slate-100">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="break-all font-medium text-slate-900" dir="ltr">
                    {invitation.email}
                  </p>
                  <p className="text-sm text-slate-600">
                    {t(`roles.${invitation.role}`)} · {t('expires', { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(invitation.expiresAt)) })}
                  </p>
                </div>
                {myRole !== 'member' && (
                  <Button size="sm" variant="outline" disabled={revoke.isPending} onClick={() => void revokeOnce(() => revoke.mutateAsync(invitation.id, { onSuccess: onChange, onError: failed }))}>
                    {ltrValues(t('revoke', { email: ltr(invitation.email) }))}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {myRole !== 'member' &&
        (used < seats ? (
          <InviteForm canChooseRole={owner} onChange={onChange} onSent={setInvitedByKeyboard} />
        ) : (
          <SeatsTaken seats={seats} takeFocus={invitedByKeyboard} />
        ))}
    </div>
  );
}
