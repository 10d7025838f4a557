import { proxyTrust, visitorKey } from './visitor-address';

describe('who a visitor is to the limits', () => {
  it('counts an IPv4 address as itself, also written as IPv6', () => {
    expect(visitorKey('203.0.113.7')).toBe('203.0.113.7');
    expect(visitorKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /48, a site\'s allocation (a tunnel broker gives one away), however it is written', () => {
    expect(visitorKey('2001:db8:aa:bb::1')).toBe('2001:db8:aa::/48');
    expect(visitorKey('2001:DB8:AA:BB:ffff:1:2:3')).toBe('2001:db8:aa::/48');
    expect(visitorKey('2001:db8:aa:bc::1')).toBe(visitorKey('2001:db8:aa:bb::1'));
    expect(visitorKey('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(visitorKey('::1')).toBe('0:0:0::/48');
    expect(visitorKey('2001:db8:ab:bb::1')).not.toBe(visitorKey('2001:db8:aa:bb::1'));
  });

  it('believes no proxy unless told, and never every proxy', () => {
    expect(proxyTrust('')('127.0.0.1', 0)).toBe(false);
    expect(() => proxyTrust('true')).toThrow(/hop count/);
  });
});
