import { describe, expect, it } from 'vitest';
import { sanitizeLogo } from '#domain/catalogue/team-logo.ts';
import { logoMaxBytes } from '#domain/catalogue/types.ts';
import { ValidationError } from '#domain/errors.ts';

const svg = (inner: string, rootAttributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"${rootAttributes}>${inner}</svg>`;

/** Nothing in the cleaned logo can run, load or link: the marks every attack below relies on. */
function expectHarmless(logo: string) {
  const clean = logo.replace('xmlns="http://www.w3.org/2000/svg"', '');
  expect(clean).not.toMatch(/<script|<foreignObject|<image|<a[\s>]|<animate|<set[\s>]|<iframe|<style/i);
  expect(clean).not.toMatch(/\son[a-z]+=/i);
  expect(clean).not.toMatch(/javascript:|data:|https?:|xlink:|<!DOCTYPE|<!ENTITY|<\?/i);
  expect(clean).not.toMatch(/url\((?!#)/i);
}

describe('a team logo is rebuilt from drawing elements only', () => {
  it('keeps the shapes, colours, gradients and text of a benign logo', () => {
    const logo =
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64" viewBox="0 0 64 64">' +
      '<!-- drawn by hand -->' +
      '<title>Bears &amp; Co</title>' +
      '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0B162A"/><stop offset="1" stop-color="#C83803"/></linearGradient></defs>' +
      '<circle cx="32" cy="32" r="29" fill="url(#sky)" stroke="#C83803" stroke-width="4"/>' +
      '<path d="M10 10 L54 54" style="stroke: #fff; stroke-width: 2"/>' +
      '<use xlink:href="#mark" x="2"/>' +
      '<text x="32" y="32" text-anchor="middle" font-size="19">CHI &#169;</text>' +
      '</svg>';
    const clean = sanitizeLogo(logo);
    expect(clean).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
        '<title>Bears &amp; Co</title>' +
        '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0B162A"/><stop offset="1" stop-color="#C83803"/></linearGradient></defs>' +
        '<circle cx="32" cy="32" r="29" fill="url(#sky)" stroke="#C83803" stroke-width="4"/>' +
        '<path d="M10 10 L54 54" style="stroke: #fff; stroke-width: 2"/>' +
        '<use href="#mark" x="2"/>' +
        '<text x="32" y="32" text-anchor="middle" font-size="19">CHI ©</text>' +
        '</svg>',
    );
  });

  it('always declares the SVG namespace, which an <img> needs to draw it', () => {
    expect(sanitizeLogo('<svg width="10" height="10"><rect width="10" height="10"/></svg>')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
  });
});

describe('what runs, loads or links is removed', () => {
  const attacks: [string, string][] = [
    ['a <script> element', svg('<script>alert(1)</script><circle r="5"/>')],
    ['a <script> in CDATA', svg('<script><![CDATA[alert(1)]]></script><circle r="5"/>')],
    ['an onload handler on the root', svg('<circle r="5"/>', ' onload="alert(1)"')],
    ['an upper-case ONLOAD and onLoad', svg('<circle r="5" ONLOAD="alert(1)" onLoad="alert(2)"/>')],
    [
      'an upper-case <SCRIPT> and a prefixed <svg:script>',
      svg('<SCRIPT>alert(1)</SCRIPT><svg:script>alert(2)</svg:script>'),
    ],
    [
      'a foreignObject with HTML',
      svg('<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/></foreignObject>'),
    ],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><circle r="5"/></a>')],
    ['a use pointing at javascript:', svg('<use href="javascript:alert(1)"/><circle r="5"/>')],
    ['a use of an external file', svg('<use href="https://evil.example/sprite.svg#x"/><circle r="5"/>')],
    [
      'an xlink:href to another site',
      svg('<use xlink:href="//evil.example/a.svg#x" xmlns:xlink="http://www.w3.org/1999/xlink"/>'),
    ],
    ['an entity-encoded javascript: href', svg('<use href="&#106;avascript:alert(1)"/><circle r="5"/>')],
    ['a data: image', svg('<image href="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" width="10"/>')],
    ['a fill from another site', svg('<circle r="5" fill="url(https://evil.example/paint.svg#p)"/>')],
    ['a style loading a URL', svg('<circle r="5" style="fill: url(https://evil.example/track.png)"/>')],
    ['a style with a CSS escape', svg('<circle r="5" style="background: u\\72 l(https://evil.example)"/>')],
    ['a style expression', svg('<circle r="5" style="width: expression(alert(1))"/>')],
    ['a nested <svg> with onload', svg('<svg onload="alert(1)"><circle r="5"/></svg>')],
    [
      'an animation that sets an href',
      svg(
        '<a><animate attributeName="href" to="javascript:alert(1)"/><set attributeName="onclick" to="alert(1)"/></a>',
      ),
    ],
    ['a <style> element', svg('<style>@import url(https://evil.example/x.css);</style><circle r="5"/>')],
    ['an xml-stylesheet instruction', `<?xml-stylesheet href="https://evil.example/x.css"?>${svg('<circle r="5"/>')}`],
    ['an element redeclaring the namespace', svg('<g xmlns="http://www.w3.org/1999/xhtml"><circle r="5"/></g>')],
  ];

  it.each(attacks)('%s', (_label, logo) => {
    expectHarmless(sanitizeLogo(logo));
  });

  it('keeps the harmless parts of a logo carrying an attack', () => {
    const clean = sanitizeLogo(svg('<circle r="5" fill="red" onclick="alert(1)"/>', ' onload="alert(1)"'));
    expect(clean).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle r="5" fill="red"/></svg>');
  });

  it('escapes text, so markup inside it stays text', () => {
    const clean = sanitizeLogo(
      svg('<text>&lt;script&gt;alert(1)&lt;/script&gt;<![CDATA[<img src=x onerror=alert(1)>]]></text>'),
    );
    expect(clean).toContain('<text>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</text>');
  });
});

describe('what is not a plain SVG document is refused', () => {
  const refusals: [string, string, RegExp][] = [
    [
      'an entity declaration (XXE)',
      '<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg>&xxe;</svg>',
      /entities/,
    ],
    [
      'a billion laughs',
      '<!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><svg><text>&b;</text></svg>',
      /entities/,
    ],
    ['malformed XML', '<svg><g></svg>', /not well-formed/],
    ['a root that is not <svg>', '<html><body/></html>', /one <svg> element/],
    ['an upper-case <SVG> root', '<SVG xmlns="http://www.w3.org/2000/svg"/>', /one <svg> element/],
    ['two documents in one', '<svg/><svg/>', /one <svg> element/],
    ['plain text', 'not an svg at all', /not well-formed/],
    ['an empty file', '', /not well-formed/],
  ];

  it.each(refusals)('%s', (_label, logo, message) => {
    expect(() => sanitizeLogo(logo)).toThrow(ValidationError);
    expect(() => sanitizeLogo(logo)).toThrow(message);
  });

  it('refuses a logo larger than 100 kB', () => {
    const big = svg(`<desc>${'x'.repeat(logoMaxBytes)}</desc>`);
    expect(() => sanitizeLogo(big)).toThrow('The logo must be at most 100 kB');
  });

  it('refuses a logo that escaping makes larger than 100 kB', () => {
    const quoted = svg(`<path fill='${'"'.repeat(30 * 1024)}'/>`);
    expect(() => sanitizeLogo(quoted)).toThrow('The logo must be at most 100 kB once cleaned');
  });
});
