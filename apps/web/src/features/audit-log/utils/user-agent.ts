/**
 * A user agent shortened for the audit log's Device column: 'Chrome 131 on Windows',
 * 'Safari 17 on iOS', 'curl 8.5' — the browser (or client) with its major version, and the system
 * when known. Null for an empty agent.
 */
export interface ShortAgent {
  browser: string;
  os: string | null;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/HeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/Chrome\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  [/^curl\/(\d+\.\d+)/, 'curl'],
  [/^PostmanRuntime\/(\d+)/, 'Postman'],
  [/^node-fetch|^undici|^node\b/i, 'Node.js'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

export function shortenUserAgent(ua: string): ShortAgent | null {
  const s = ua.trim();
  if (!s) return null;
  let browser: string | null = null;
  for (const [re, name] of BROWSERS) {
    const m = re.exec(s);
    if (m) {
      browser = m[1] ? `${name} ${m[1]}` : name;
      break;
    }
  }
  const os = SYSTEMS.find(([re]) => re.test(s))?.[1] ?? null;
  // An unknown client: its first product token ('MyApp/1.2'), at most 40 characters.
  return { browser: browser ?? (s.split(/\s+/)[0] ?? s).slice(0, 40), os };
}
