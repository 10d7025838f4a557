import { SettingsPage } from '../../../features/settings';

export { SettingsPage as Component };
