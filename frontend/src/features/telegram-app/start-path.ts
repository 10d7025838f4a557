import { parseStartAppParam, type StartAppTarget } from '@market/contracts';

/** The page of a start target. */
export function pathOf(target: StartAppTarget | undefined): string {
  if (!target) return '/';
  if ('listingId' in target) return `/phone/${target.listingId}`;
  if ('conversationId' in target) return `/profile/messages/${target.conversationId}`;
  if ('deals' in target) return '/profile/messages';
  return '/profile/searches';
}

/**
 * The page the start parameter in the address names (Telegram adds `tgWebAppStartParam` to a link's
 * address), read without the SDK: its code loads while the SDK does, which then decides.
 */
export function startPathInAddress(): string {
  return pathOf(parseStartAppParam(new URLSearchParams(window.location.search).get('tgWebAppStartParam') ?? undefined));
}
