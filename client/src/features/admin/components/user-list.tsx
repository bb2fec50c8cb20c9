import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button, buttonClasses } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { useCurrentUser } from '@/lib/auth';
import { useUserList } from '../api/list-users';
import { useSetUserAdmin } from '../api/set-user-admin';
import { useSetUserSuspension } from '../api/set-user-suspension';
import { useDeleteUser } from '../api/delete-user';
import { PagedList, SearchBox, when } from './paged-list';

export function UserList() {
  const { t, i18n } = useTranslation('admin');
  const { user: me } = useCurrentUser();
  const [q, setQ] = useState('');
  const query = useUserList({ q: q || undefined });
  const suspension = useSetUserSuspension();
  const admin = useSetUserAdmin();
  const remove = useDeleteUser();
  // Deleting is asked twice: the first press only shows the confirmation.
  const [confirming, setConfirming] = useState<string>();
  const failed = (error: unknown) => toast({ variant: 'destructive', title: t('users.failed'), description: errorMessage(error, t('users.failed')) });
  return (
    <>
      <SearchBox label={t('users.search')} onSearch={setQ} />
      <PagedList query={query} empty={t('users.empty')}>
        {(items) => (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
            {items.map((user) => {
              const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
              const suspended = user.status === 'suspended';
              const self = user.id === me?.id;
              const deleting = user.deletionRequestedAt !== null;
              return (
                <li key={user.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <p className="truncate font-semibold text-slate-900">{user.email ?? '—'}</p>
                    {deleting && <p className="text-sm font-semibold text-red-800">{t('users.deletionRequested')}</p>}
                    <p className="text-sm text-slate-600">
                      {[name, user.role ? t(`users.role.${user.role}`) : t('users.role.none'), t(`users.status.${user.status}`), user.isAdmin ? t('users.admin') : null]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                    <p className="text-xs text-slate-500">{t('users.joined', { when: when(user.createdAt, i18n.language) })}</p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {user.role === 'job_seeker' && user.profileId && (
                      <Link href={`/admin/review/${user.profileId}`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                        {t('users.openProfile')}
                        <span className="sr-only">: {user.email ?? name}</span>
                      </Link>
                    )}
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={self || suspension.isPending}
                      onClick={() => suspension.mutate({ id: user.id, suspend: !suspended }, { onSuccess: () => toast({ variant: 'success', title: suspended ? t('users.reactivated') : t('users.suspended') }), onError: failed })}
                    >
                      {suspended ? t('users.reactivate') : t('users.suspend')}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={admin.isPending}
                      onClick={() => admin.mutate({ id: user.id, isAdmin: !user.isAdmin }, { onSuccess: () => toast({ variant: 'success', title: user.isAdmin ? t('users.revoked') : t('users.granted') }), onError: failed })}
                    >
                      {user.isAdmin ? t('users.revoke') : t('users.grant')}
                    </Button>
                    {!self && !deleting &&
                      (confirming === user.id ? (
                        <Button
                          size="sm"
                          variant="danger"
                          disabled={remove.isPending}
                          onClick={() =>
                            remove.mutate(user.id, {
                              onSuccess: () => {
                                setConfirming(undefined);
                                toast({ variant: 'success', title: t('users.deleted') });
                              },
                              onError: failed,
                            })
                          }
                        >
                          {t('users.confirmDelete')}
                        </Button>
                      ) : (
                        <Button size="sm" variant="danger-ghost" onClick={() => setConfirming(user.id)}>
                          {t('users.delete')}
                        </Button>
                      ))}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </PagedList>
    </>
  );
}
