// What the list of an account's sessions says about each device, from what the sign-in request carried: the browser
// and system named by its User-Agent, and the network it came from as an address prefix only (the /24 of an IPv4
// address, the /48 of an IPv6 one). There is no place database here, and a prefix says no more than it can: a mobile
// operator's prefix covers a whole country, a home's covers its street at best.
import { isIP } from 'node:net';
import type { DeviceKind } from '#shared/sessions.ts';

/** The longest User-Agent kept in a session: enough for every real browser's, bounded for a forged one. */
export const USER_AGENT_MAX = 300;

/** The network prefix of a client address: 203.0.113.0/24, 2001:db8:85a3::/48; undefined for anything else. */
export function networkPrefix(address: string | undefined): string | undefined {
  if (!address) return undefined;
  // An IPv4 client on a dual-stack socket arrives as ::ffff:203.0.113.7.
  const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  const family = isIP(plain);
  if (family === 4) return `${plain.split('.').slice(0, 3).join('.')}.0/24`;
  if (family !== 6) return undefined;
  const groups = expandIpv6(plain);
  return groups ? `${groups.slice(0, 3).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/48` : undefined;
}

/** The eight groups of an IPv6 address, each as written (no zone). */
function expandIpv6(address: string): string[] | undefined {
  const bare = address.split('%')[0]!;
  const [head, tail] = bare.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4 handled above; others are rare) counts as two groups.
  const last = right.at(-1) ?? left.at(-1);
  if (last?.includes('.')) return undefined;
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return undefined;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
}

export interface Device {
  browser: string | null;
  system: string | null;
  kind: DeviceKind | null;
}

// Order matters: Edge, Opera and Samsung Internet also say Chrome; Chrome also says Safari.
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPad\b/, 'iPadOS'],
  [/\b(iPhone|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The browser, system and kind of device a User-Agent names; null where it does not say. */
export function describeUserAgent(userAgent: string | undefined): Device {
  if (!userAgent) return { browser: null, system: null, kind: null };
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  let kind: DeviceKind | null = null;
  if (system === 'iPadOS' || (system === 'Android' && !/\bMobile\b/.test(userAgent)) || /\bTablet\b/.test(userAgent)) kind = 'tablet';
  else if (system === 'iOS' || system === 'Android' || /\bMobile\b/.test(userAgent)) kind = 'phone';
  else if (system) kind = 'computer';
  return { browser, system, kind };
}
