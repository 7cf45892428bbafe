/**
 * A readable device name from a User-Agent header for the sessions list ('Chrome on Windows',
 * 'Safari on iPhone'): a tiny parser for the common browsers and systems, not a full one. An agent
 * it does not know shows shortened; an empty one is null (the caller says 'Unknown device').
 */

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//i, 'curl'],
  [/\bnode(-fetch)?\b|\bundici\b/i, 'Node.js'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** Longest shown length of an agent the parser does not know. */
const SHORT = 48;

export interface DeviceName {
  browser: string | null;
  system: string | null;
}

/** Browser and system of `userAgent`, each null when not recognised. */
export function parseUserAgent(userAgent: string): DeviceName {
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1] ?? null;
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1] ?? null;
  return { browser, system };
}

/**
 * 'Chrome on Windows', 'Firefox', 'Android', or the agent itself shortened to 48 characters with
 * an ellipsis; null for an empty agent.
 */
export function describeUserAgent(userAgent: string, on = (browser: string, system: string) => `${browser} on ${system}`): string | null {
  const ua = userAgent.trim();
  if (!ua) return null;
  const { browser, system } = parseUserAgent(ua);
  if (browser && system) return on(browser, system);
  if (browser || system) return (browser ?? system)!;
  return ua.length > SHORT ? `${ua.slice(0, SHORT - 1)}…` : ua;
}
