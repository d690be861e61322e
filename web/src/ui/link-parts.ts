// Text with its web addresses marked, as announcements are shown (docs/rules.md, Announcements): only http and https
// addresses become links; everything else, javascript: and data: included, stays text.

export type TextPart = { text: string } | { text: string; href: string };

// An address runs to the next space or a character that cannot be in one unescaped.
const candidate = /\bhttps?:\/\/[^\s<>"'`{}|\\^]+/gi;
// Punctuation that ends a sentence after an address belongs to the sentence.
const trailing = /[.,;:!?]+$/;

/** Drops what ends a sentence and a closing bracket the address did not open, e.g. '(see https://x.org/a).'. */
function trimmed(address: string): string {
  let end = address.replace(trailing, '');
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
  ] as const) {
    while (end.endsWith(close) && end.split(open).length < end.split(close).length)
      end = end.slice(0, -1).replace(trailing, '');
  }
  return end;
}

/** The link an address makes: its parsed form when it is a well-formed http(s) URL with a host, else none. */
function safeHref(address: string): string | undefined {
  try {
    const url = new URL(address);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The text cut into plain parts and link parts, in order; joined, their texts are the text unchanged. */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(candidate)) {
    const address = trimmed(match[0]);
    const href = safeHref(address);
    if (!href) continue;
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ text: address, href });
    at = match.index + address.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
