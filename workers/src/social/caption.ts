import type { ChannelListing } from './channels/channel-publisher';

/** Telegram's limit for a media caption. */
export const CAPTION_LIMIT = 1024;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Lines shared by every channel; the HTML caption escapes each user-supplied part. */
function captionLines(listing: ChannelListing, escape: (text: string) => string): string[] {
  return [
    `📱 ${escape(listing.name)}`,
    `💰 ${escape(listing.price)}`,
    listing.memory && `💾 ${escape(listing.memory)}`,
    `✨ ${escape(listing.condition)}`,
    `📍 ${escape(listing.region)}`,
  ].filter(Boolean);
}

/** The Telegram caption in HTML parse mode, cut to the limit without breaking an entity. */
export function telegramCaption(listing: ChannelListing): string {
  const link = `\n\n<a href="${escapeHtml(listing.url)}">${escapeHtml(listing.url)}</a>`;
  let body = captionLines(listing, escapeHtml).join('\n');
  while (body.length + link.length > CAPTION_LIMIT) {
    // Drop whole characters of the plain text, then any half-cut entity like "&am".
    body = body.slice(0, body.length - 1).replace(/&[a-z]*$/, '');
  }
  return body + link;
}

/** Instagram and Facebook show plain text. */
export function plainCaption(listing: ChannelListing): string {
  return [...captionLines(listing, (text) => text), '', listing.url].join('\n');
}
