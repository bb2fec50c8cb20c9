import { describe, expect, it } from 'vitest';
import { describeUserAgent, networkPrefix } from './devices.ts';

describe('networkPrefix', () => {
  it('keeps the /24 of an IPv4 address and the /48 of an IPv6 one, nothing more', () => {
    expect(networkPrefix('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkPrefix('::ffff:198.51.100.4')).toBe('198.51.100.0/24');
    expect(networkPrefix('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::/48');
    expect(networkPrefix('2001:0db8:0000::1')).toBe('2001:db8:0::/48');
    expect(networkPrefix('fe80::1%eth0')).toBe('fe80:0:0::/48');
    expect(networkPrefix('::1')).toBe('0:0:0::/48');
  });
  it('answers nothing for what is no address', () => {
    expect(networkPrefix(undefined)).toBeUndefined();
    expect(networkPrefix('')).toBeUndefined();
    expect(networkPrefix('localhost')).toBeUndefined();
    expect(networkPrefix('1.2.3')).toBeUndefined();
  });
});

describe('describeUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', 'Chrome', 'Android', 'phone'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'Chrome', 'Android', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36', 'Samsung Internet', 'Android', 'phone'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari', 'iOS', 'phone'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1', 'Chrome', 'iOS', 'phone'],
    ['Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari', 'iPadOS', 'tablet'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0', 'Edge', 'Windows', 'computer'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari', 'macOS', 'computer'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox', 'Linux', 'computer'],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'Chrome', 'ChromeOS', 'computer'],
  ])('%s', (userAgent, browser, system, kind) => {
    expect(describeUserAgent(userAgent)).toEqual({ browser, system, kind });
  });
  it('says nothing it does not know', () => {
    expect(describeUserAgent(undefined)).toEqual({ browser: null, system: null, kind: null });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: null, system: null, kind: null });
  });
});
