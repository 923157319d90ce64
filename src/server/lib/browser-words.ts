import Bowser from 'bowser';

const MAX_LENGTH = 64;

/**
 * A session's browser and system in coarse words ("Firefox on Windows"), read once at
 * sign-in for the account's sessions list (CONTRACT.md section 15). Only these words are
 * kept: no version, no device model, never the User-Agent itself, so the row does not
 * fingerprint its browser. Null when the header says nothing recognisable.
 */
export function browserWords(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const browser = parsed.browser.name || null;
  const os = parsed.os.name || null;
  const words = browser && os ? `${browser} on ${os}` : (browser ?? os);
  return words === null ? null : words.slice(0, MAX_LENGTH);
}
