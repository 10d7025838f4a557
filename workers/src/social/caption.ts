import { SAFETY_WARNING, maskCardNumbers } from '@market/contracts';
import type { ChannelListing } from './channels/channel-publisher';

/** Telegram's limit for a media caption. */
export const CAPTION_LIMIT = 1024;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Web addresses, bare domains, t.me links and @handles (which the platforms turn into links):
 * a caption links only to this site, never where a seller's text points.
 */
const LINK_LIKE = /(?:https?:\/\/|www\.)\S*|(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}(?:\/\S*)?|@[\p{L}\p{N}_]{3,}/giu;

/** A seller's text without anything link-like in it, and any card number masked. */
export function withoutLinks(text: string): string {
  return maskCardNumbers(text).replace(LINK_LIKE, '').replace(/\s{2,}/g, ' ').trim();
}

/** The warning every caption ends with, in the channels' language, before the listing's link. */
const WARNING = `⚠️ ${SAFETY_WARNING.uz}`;

/** Lines shared by every channel; the HTML caption escapes each user-supplied part. */
function captionLines(listing: ChannelListing, escape: (text: string) => string): string[] {
  const clean = (text: string) => escape(withoutLinks(text));
  return [
    `📱 ${clean(listing.name)}`,
    `💰 ${escape(listing.price)}`,
    listing.memory && `💾 ${clean(listing.memory)}`,
    `✨ ${escape(listing.condition)}`,
    `📍 ${escape(listing.region)}`,
  ].filter(Boolean);
}

/** The words of the link or button that opens a listing in the Telegram Mini App. */
export const OPEN_IN_APP = '📲 Ilovada ochish';

/**
 * The Telegram caption in HTML parse mode, cut to the limit without breaking an entity. `appLink`,
 * the listing in the Mini App, goes under the web link when no button can (an album's caption).
 */
export function telegramCaption(listing: ChannelListing, appLink?: string): string {
  const app = appLink ? `\n<a href="${escapeHtml(appLink)}">${OPEN_IN_APP}</a>` : '';
  const link = `\n\n${escapeHtml(WARNING)}\n<a href="${escapeHtml(listing.url)}">${escapeHtml(listing.url)}</a>${app}`;
  let body = captionLines(listing, escapeHtml).join('\n');
  while (body.length + link.length > CAPTION_LIMIT) {
    // Drop whole characters of the plain text, then any half-cut entity like "&am".
    body = body.slice(0, body.length - 1).replace(/&[a-z]*$/, '');
  }
  return body + link;
}

/** Instagram and Facebook show plain text. */
export function plainCaption(listing: ChannelListing): string {
  return [...captionLines(listing, (text) => text), '', WARNING, listing.url].join('\n');
}
