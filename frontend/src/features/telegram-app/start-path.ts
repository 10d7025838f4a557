import { parseStartAppParam, startAppPath } from '@market/contracts';

/**
 * The page the start parameter in the address names (Telegram adds `tgWebAppStartParam` to a link's
 * address), read without the SDK: its code loads while the SDK does, which then decides.
 */
export function startPathInAddress(): string {
  return startAppPath(parseStartAppParam(new URLSearchParams(window.location.search).get('tgWebAppStartParam') ?? undefined));
}
