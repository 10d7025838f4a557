import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';
import { useSession } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import { AccountCard } from './account-card';
import { AvatarCard } from './avatar-card';
import { BalanceCard } from './balance-card';
import { CompletenessCard } from './completeness-card';
import { LocationCard } from './location-card';
import { NameCard } from './name-card';
import { PhoneCard } from './phone-card';

/**
 * `/profile/settings`: every card of spec section 2. The profile layout guarantees a user.
 * `children`: cards of other features, placed by the route (issue 7: the Telegram card).
 */
export function SettingsPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  return (
    <>
      <PageTitle documentTitle={t('pages.settings')}>{t('pages.settings')}</PageTitle>
      <div className="grid gap-4 lg:grid-cols-2">
        <CompletenessCard user={user} />
        <BalanceCard user={user} />
        <AvatarCard user={user} />
        <AccountCard user={user} />
        <PhoneCard user={user} />
        <NameCard user={user} />
        <LocationCard user={user} />
        {children}
      </div>
    </>
  );
}
