/**
 * The built index.html as the server fills it in: split once, when the server starts, at
 * each place it writes into (a slot), so a page is the template's pieces with each slot's
 * value between them. No value is ever searched for a slot: a thread whose text holds
 * `__CSP_NONCE__` or `</head>` is text, not a place to write the nonce or the meta tags
 * (issue 28, finding 3: a body holding the nonce placeholder had the page's real nonce
 * written into its meta description, and the csp-nonce meta kept the placeholder).
 */

/** What the server writes into the page, each where the template says. */
export interface SlotValues {
  /** The style nonce of the Content-Security-Policy (the csp-nonce meta's content). */
  nonce: string;
  /** The whole <title> element. */
  title: string;
  /** The whole <meta name="description"> element. */
  description: string;
  /** The whole end of the head: the page's tags, then `</head>`. */
  head: string;
  /** The whole #root element (and the page's state after it). */
  root: string;
}

export type SlotName = keyof SlotValues;

/** Where each slot is in index.html (src/web/index.html, as `vite build` writes it). `all`: every occurrence. */
const SLOTS: { name: SlotName; pattern: RegExp; all?: true }[] = [
  { name: 'nonce', pattern: /__CSP_NONCE__/g, all: true },
  { name: 'title', pattern: /<title>[^<]*<\/title>/g },
  { name: 'description', pattern: /<meta name="description" content="[^"]*"\s*\/?>/g },
  { name: 'head', pattern: /<\/head>/g },
  { name: 'root', pattern: /<div id="root"><\/div>/g },
];

/** A placeholder the build leaves for the server to fill in (`__CSP_NONCE__`): each must be a slot. */
const PLACEHOLDER = /__[A-Z][A-Z0-9_]*__/g;

export interface PageTemplate {
  /** The page: the template's pieces with each slot's value in its place, in one pass. */
  fill(values: SlotValues): string;
  /** The template's text at each slot, in order (what content must never be mistaken for). */
  readonly slotTexts: readonly string[];
}

/**
 * Splits the template at its slots. A `__NAME__` placeholder that is no slot fails the
 * start: it would otherwise reach every visitor unfilled (or be filled later by a search
 * that content could fool).
 */
export function compileTemplate(template: string): PageTemplate {
  const found: { name: SlotName; start: number; end: number }[] = [];
  for (const { name, pattern, all } of SLOTS) {
    for (const match of template.matchAll(pattern)) {
      found.push({ name, start: match.index, end: match.index + match[0].length });
      if (!all) break;
    }
  }
  found.sort((a, b) => a.start - b.start);
  const pieces: string[] = [];
  const names: SlotName[] = [];
  let at = 0;
  for (const slot of found) {
    if (slot.start < at) throw new Error(`index.html: the ${slot.name} slot overlaps another one`);
    pieces.push(template.slice(at, slot.start));
    names.push(slot.name);
    at = slot.end;
  }
  pieces.push(template.slice(at));
  const known = new Set(found.filter((slot) => slot.name === 'nonce').map((slot) => slot.start));
  for (const match of template.matchAll(PLACEHOLDER)) {
    if (!known.has(match.index)) throw new Error(`index.html holds ${match[0]}, which the server does not fill in (pages/template.ts)`);
  }
  const slotTexts = found.map((slot) => template.slice(slot.start, slot.end));
  return {
    fill(values) {
      let page = pieces[0]!;
      for (let index = 0; index < names.length; index++) page += values[names[index]!] + pieces[index + 1]!;
      return page;
    },
    slotTexts,
  };
}
