// The review page claims its profile while it is open; when a colleague's claim runs, it says who has it.
import { UserRoundCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useProfileClaim } from '../api/claim-profile';

export function ClaimBanner({ profileId }: { profileId: string }) {
  const { t } = useTranslation('admin');
  const claim = useProfileClaim(profileId).data;
  if (!claim || claim.mine) return null;
  return (
    <p role="status" className="flex items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950">
      <UserRoundCheck aria-hidden="true" className="h-4 w-4 shrink-0" />
      {t('review.claimedBy', { name: claim.by.name })}
    </p>
  );
}
