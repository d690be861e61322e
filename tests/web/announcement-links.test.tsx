// @vitest-environment happy-dom
// An announcement's body is text (docs/rules.md, Announcements): its http and https addresses become links that open
// in a new tab without handing it the page, and nothing else becomes markup: no other scheme, no tag, no entity.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { linkParts } from '@/ui/link-parts';
import { LinkedText } from '@/ui/linked-text';

afterEach(cleanup);

const links = (text: string) => linkParts(text).filter((part) => 'href' in part);

describe('the links of an announcement', () => {
  it('cuts the text into plain parts and http(s) links, and together they are the text unchanged', () => {
    const text = 'Rules at https://pool.example.com/rules and the odds at http://odds.example.org/week?id=9#top.';
    const parts = linkParts(text);
    expect(parts.map((part) => part.text).join('')).toBe(text);
    expect(links(text)).toEqual([
      { text: 'https://pool.example.com/rules', href: 'https://pool.example.com/rules' },
      { text: 'http://odds.example.org/week?id=9#top', href: 'http://odds.example.org/week?id=9#top' },
    ]);
  });

  it.each([
    ['a sentence’s full stop', 'See https://x.example.com/a.', 'https://x.example.com/a'],
    ['a closing bracket it did not open', '(see https://x.example.com/a)', 'https://x.example.com/a'],
    ['its own brackets kept', 'https://en.example.org/wiki/Bears_(team)', 'https://en.example.org/wiki/Bears_(team)'],
    ['a comma after it', 'https://x.example.com, then', 'https://x.example.com'],
    ['a line break after it', 'https://x.example.com\nnext line', 'https://x.example.com'],
    ['upper case', 'HTTPS://X.EXAMPLE.COM/A', 'HTTPS://X.EXAMPLE.COM/A'],
  ])('ends an address before %s', (_case, text, address) => {
    expect(links(text).map((part) => part.text)).toEqual([address]);
  });

  it.each([
    ['javascript:', 'Click javascript:alert(document.cookie) now'],
    ['data:', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['a bare host', 'www.example.com and example.com'],
    ['a scheme without a host', 'https:// nothing here'],
    ['mailto:', 'mailto:coach@example.com'],
  ])('never makes a link of %s', (_case, text) => {
    expect(links(text)).toEqual([]);
    expect(
      linkParts(text)
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
  });

  it('renders the links as anchors opening a new tab with noopener noreferrer, and everything else as text', () => {
    const body =
      'Bring <b>snacks</b> &amp; read https://pool.example.com/rules\n<img src=x onerror=alert(1)> javascript:alert(1)';
    const { container } = render(
      <p>
        <LinkedText text={body} />
      </p>,
    );
    const anchors = [...container.querySelectorAll('a')];
    expect(anchors).toHaveLength(1);
    expect(anchors[0]!.getAttribute('href')).toBe('https://pool.example.com/rules');
    expect(anchors[0]!.getAttribute('target')).toBe('_blank');
    expect(anchors[0]!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(anchors[0]!.textContent).toBe('https://pool.example.com/rules');
    // The tags and the entity are shown as typed: no element but the link was made.
    expect(container.querySelectorAll('b, img')).toHaveLength(0);
    expect(container.textContent).toBe(body);
  });
});
