/**
 * SPEED TRICK, fenced: a re-implementation of one Intl.DateTimeFormat, the app's only date
 * format: US English, short month, day, year, hour and minute, in local time,
 * 'Nov 24, 2026, 9:05 AM'.
 *
 * Why, and what it measured (git log: 127295d, 7580699): building the first
 * Intl.DateTimeFormat cost ~20 ms on this machine (80 on a phone), on the way to every
 * page that shows a date; this writes the same text, checked equal to Intl over 118,000
 * dates in Chromium.
 *
 * What it depends on: no npm package, but the Intl data of the browser (ICU / CLDR
 * en-US): the month abbreviations, the order and punctuation of the pattern, and a
 * plain space before AM/PM (ICU 72 / CLDR 42 briefly made it U+202F, which Chromium and
 * Node then patched back). The canary runs against Node's ICU (78.2 with Node 20 here):
 * en-us-date-format.internals.test.ts compares this with Intl.DateTimeFormat over every
 * month, hour and minute shape, across years and in time zones with DST and odd offsets.
 *
 * When it breaks (a browser's en-US output changes): use the public API, built once on
 * first use: `new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year:
 * 'numeric', hour: 'numeric', minute: '2-digit' }).format(date)`, and pay the ~20 ms.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Nov 24, 2026, 9:05 AM' in local time, as Intl.DateTimeFormat('en-US') writes it; 'Invalid Date' for anything else. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}
