/**
 * Every character XML 1.0 forbids (its Char production, https://www.w3.org/TR/xml/#charsets):
 * C0 controls other than tab, line feed and carriage return, lone surrogates, U+FFFE and U+FFFF.
 * Posts may hold any of them (a pasted U+0007), and one in a feed makes the whole document
 * ill formed: the reader drops the feed, not the entry. With the `u` flag a surrogate pair
 * is one code point (allowed) and a lone surrogate is matched on its own.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * An XML document the server writes (Atom feeds, the sitemap) as it is sent: every character
 * XML 1.0 forbids is dropped. Applied to the whole document rather than field by field, so
 * no route can forget a field: our own markup never holds such a character, so only text
 * taken from content is ever changed.
 */
export function wellFormedXml(document: string): string {
  return document.replace(NOT_XML_CHAR, '');
}

/** Escapes text for an XML element or a double-quoted attribute. */
export const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
