import { miniAppLink, parseStartAppParam, startAppParam, startTargetOfPath, type StartAppTarget } from './mini-app';

const ID = '5f0c6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';

describe("the Mini App's start parameter", () => {
  it.each<[string, StartAppTarget]>([
    [ID, { listingId: ID }],
    [`c_${ID}`, { conversationId: ID }],
    [`s_${ID}`, { savedSearchId: ID }],
    ['deals', { deals: true }],
  ])('%s names %j, and that target gives it back', (param, target) => {
    expect(parseStartAppParam(param)).toEqual(target);
    expect(startAppParam(target)).toBe(param);
  });

  it.each([undefined, '', 'x', `c_${ID}x`, `z_${ID}`, `c_`, `${ID}/../admin`])('names nothing for %p (the app opens its home)', (param) => {
    expect(parseStartAppParam(param)).toBeUndefined();
  });

  it('fits what Telegram allows in startapp: 1-512 of A-Z a-z 0-9 _ -', () => {
    for (const target of [{ listingId: ID }, { conversationId: ID }, { savedSearchId: ID }]) expect(startAppParam(target)).toMatch(/^[\w-]{1,512}$/);
  });

  it('links a target in the registered Mini App, and nowhere when none is registered', () => {
    expect(miniAppLink('telefon_bozor_bot', 'market', { conversationId: ID })).toBe(`https://t.me/telefon_bozor_bot/market?startapp=c_${ID}`);
    expect(miniAppLink('telefon_bozor_bot', '', { listingId: ID })).toBeUndefined();
    expect(miniAppLink('', 'market', { listingId: ID })).toBeUndefined();
  });

  it("takes a message's link to a listing, a conversation or my deals as its target, and no other page", () => {
    expect(startTargetOfPath(`/phone/${ID}`)).toEqual({ listingId: ID });
    expect(startTargetOfPath(`/profile/messages/${ID}`)).toEqual({ conversationId: ID });
    expect(startTargetOfPath('/profile/messages')).toEqual({ deals: true });
    for (const path of ['/profile', '/profile/balance', null, `/phone/${ID}/edit`, '/profile/messages/x']) expect(startTargetOfPath(path)).toBeUndefined();
  });
});
