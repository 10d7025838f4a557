import { Link } from 'react-router-dom';
import type { UserDto } from '@market/contracts';
import { primaryButtonClass } from '../../../components/form/submit-button';
import { formatSom } from '../../../lib/format';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { SettingsCard } from './settings-card';

export function BalanceCard({ user }: { user: UserDto }) {
  const { t } = useTranslation('settings');
  return (
    <SettingsCard title={t('balance.title')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-2xl font-semibold tabular-nums text-slate-900">{formatSom(user.balance, currentLanguage())}</p>
        <Link to="/profile/balance" className={primaryButtonClass}>
          {t('balance.topUp')}
        </Link>
      </div>
    </SettingsCard>
  );
}
