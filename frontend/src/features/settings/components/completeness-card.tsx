import { profileCompleteness, type UserDto } from '@market/contracts';
import { useTranslation } from '../../../lib/i18n';
import { SettingsCard } from './settings-card';

export function CompletenessCard({ user }: { user: UserDto }) {
  const { t } = useTranslation('settings');
  const percent = profileCompleteness(user);
  return (
    <SettingsCard title={t('completeness.title')} description={t('completeness.hint')}>
      <div className="flex items-center gap-3">
        <div
          role="progressbar"
          aria-label={t('completeness.title')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-3 flex-1 overflow-hidden rounded-full bg-slate-100"
        >
          <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <span className="w-12 text-right font-semibold tabular-nums text-brand-800">{percent}%</span>
      </div>
    </SettingsCard>
  );
}
