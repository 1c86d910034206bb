/** Browsers in the order they must be tried: Edge and Opera also say « Chrome », Chrome also says « Safari ». */
const browsers: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

/** Systems likewise: iPhones say « like Mac OS X », Android says « Linux ». */
const systems: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux|X11/, 'Linux'],
];

const find = (list: [RegExp, string][], userAgent: string) => list.find(([pattern]) => pattern.test(userAgent))?.[1];

/** « Chrome sur Linux », from a session's user agent; a rough guess is enough to recognise a device. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Appareil inconnu';
  const browser = find(browsers, userAgent);
  const system = find(systems, userAgent);
  if (browser && system) return `${browser} sur ${system}`;
  if (browser) return browser;
  if (system) return `Navigateur sur ${system}`;
  return 'Appareil inconnu';
}
