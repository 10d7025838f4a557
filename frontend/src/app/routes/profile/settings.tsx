import { SettingsPage } from '../../../features/settings';
import { TelegramCard } from '../../../features/telegram';

/** The settings cards plus the sellers' bot card of the telegram feature (issue 7). */
function SettingsRoute() {
  return (
    <SettingsPage>
      <TelegramCard />
    </SettingsPage>
  );
}

export { SettingsRoute as Component };
