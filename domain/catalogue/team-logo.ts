// A team's logo as uploaded: SVG text from anyone holding 'modify teams', shown to every player of every
// client. It is parsed and rebuilt from an allowlist of drawing elements and attributes (docs/rules.md,
// Team logo), so nothing that runs, loads or links survives, even where the logo is opened on its own.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ValidationError } from '../errors.ts';
import { logoMaxBytes } from './types.ts';

const svgNamespace = 'http://www.w3.org/2000/svg';

const allowedElements = new Set([
  'svg',
  'g',
  'path',
  'circle',
  'ellipse',
  'rect',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'defs',
  'linearGradient',
  'radialGradient',
  'stop',
  'title',
  'desc',
  'clipPath',
  'mask',
  'use',
  'symbol',
]);

/** Elements whose text is part of the drawing or its description; elsewhere text is only layout whitespace. */
const textElements = new Set(['text', 'tspan', 'title', 'desc']);

/** Elements that may point at another element of the same logo (a gradient inherits, a use repeats). */
const linkingElements = new Set(['use', 'linearGradient', 'radialGradient']);

const allowedAttributes = new Set([
  // geometry and layout
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'width',
  'height',
  'd',
  'points',
  'pathLength',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'offset',
  'viewBox',
  'preserveAspectRatio',
  'version',
  'transform',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'id',
  'class',
  // presentation
  'style',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'color',
  'clip-path',
  'clip-rule',
  'mask',
  'visibility',
  'display',
  'stop-color',
  'stop-opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'letter-spacing',
  'word-spacing',
  'text-decoration',
  'writing-mode',
  'shape-rendering',
  'text-rendering',
  'vector-effect',
  'paint-order',
]);

const localReference = /^#[A-Za-z_][\w.:-]*$/;
const localUrl = /^url\(\s*(['"]?)#[A-Za-z_][\w.:-]*\1\s*\)$/i;
/** What a value may never hold: a script or data scheme, or a CSS escape that could spell one. */
const unsafeValue = /javascript:|vbscript:|data:|\\/i;
/** A style attribute may not load, run or bind anything. */
const unsafeStyle = /url|expression|javascript|@import|behavior|binding|\\/i;

type XmlNode = Record<string, unknown> & { ':@'?: Record<string, unknown> };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
  cdataPropName: '#cdata',
  commentPropName: '#comment',
});

const refuse = (reason: string) => new ValidationError(`The logo ${reason}`, undefined, 'INVALID_LOGO');

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** The parser decodes the five named entities only; character references are decoded here, before any check. */
const decodeCharacterReferences = (text: string) =>
  text.replace(/&#(?:x([0-9a-f]{1,6})|(\d{1,7}));/gi, (reference, hex?: string, decimal?: string) => {
    const codePoint = hex ? parseInt(hex, 16) : Number(decimal);
    const valid = codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);
    return valid ? String.fromCodePoint(codePoint) : reference;
  });

const nameOf = (node: XmlNode) => Object.keys(node).find((key) => key !== ':@')!;

function cleanAttribute(element: string, name: string, raw: unknown): [string, string] | undefined {
  if (typeof raw !== 'string') return undefined;
  const value = decodeCharacterReferences(raw);
  if (name === 'href' || name === 'xlink:href')
    return linkingElements.has(element) && localReference.test(value.trim()) ? ['href', value.trim()] : undefined;
  if (!allowedAttributes.has(name)) return undefined;
  const squeezed = value.replace(/[\s\u0000-\u001f]+/g, '');
  if (unsafeValue.test(squeezed)) return undefined;
  if (name === 'style') return unsafeStyle.test(squeezed) ? undefined : [name, value];
  if (/url\(/i.test(squeezed) && !localUrl.test(value.trim())) return undefined;
  return [name, value];
}

function cleanElement(node: XmlNode, isRoot: boolean): string {
  const name = nameOf(node);
  if (!allowedElements.has(name)) return '';
  const attributes = Object.entries(node[':@'] ?? {})
    .map(([attribute, value]) => cleanAttribute(name, attribute, value))
    .filter((pair) => pair !== undefined);
  if (name === 'use' && !attributes.some(([attribute]) => attribute === 'href')) return '';
  if (isRoot) attributes.unshift(['xmlns', svgNamespace]);
  const children = (node[name] as XmlNode[]).map((child) => cleanChild(name, child)).join('');
  const opening = [name, ...attributes.map(([attribute, value]) => `${attribute}="${escapeAttribute(value)}"`)];
  return children ? `<${opening.join(' ')}>${children}</${name}>` : `<${opening.join(' ')}/>`;
}

function cleanChild(parent: string, node: XmlNode): string {
  const name = nameOf(node);
  if (name === '#text' || name === '#cdata') {
    if (!textElements.has(parent)) return '';
    const text = name === '#text' ? String(node['#text']) : (node['#cdata'] as XmlNode[]).map(textOf).join('');
    return escapeText(decodeCharacterReferences(text));
  }
  if (name === '#comment' || name.startsWith('?')) return '';
  return cleanElement(node, false);
}

const textOf = (node: XmlNode) => String(node['#text'] ?? '');

/**
 * The SVG of a logo with only what draws: allowed elements and presentation attributes, references only to
 * the logo's own elements. Refused (400) when it is not a well-formed SVG document, is larger than 100 kB (as sent,
 * or once cleaned: escaping can make text several times longer, and the team's item must fit DynamoDB's 400 KB),
 * or declares entities.
 */
export function sanitizeLogo(svg: string): string {
  if (new TextEncoder().encode(svg).length > logoMaxBytes) throw refuse('must be at most 100 kB');
  // Entities could expand to anything (or to a billion laughs); a plain DOCTYPE line (as drawing programs
  // write) declares none and is simply dropped.
  if (/<!ENTITY/i.test(svg) || /<!DOCTYPE[^>]*\[/i.test(svg)) throw refuse('may not declare entities');
  const validation = XMLValidator.validate(svg);
  if (validation !== true) throw refuse(`is not well-formed XML: ${validation.err.msg} (line ${validation.err.line})`);
  let nodes: XmlNode[];
  try {
    nodes = parser.parse(svg) as XmlNode[];
  } catch (error) {
    throw refuse(`could not be read as XML: ${(error as Error).message}`);
  }
  const elements = nodes.filter(
    (node) => !['#text', '#comment'].includes(nameOf(node)) && !nameOf(node).startsWith('?'),
  );
  if (elements.length !== 1 || nameOf(elements[0]!) !== 'svg')
    throw refuse('must be an SVG document: one <svg> element');
  if (nodes.some((node) => nameOf(node) === '#text' && String(node['#text']).trim()))
    throw refuse('must be an SVG document: text outside the <svg> element');
  const clean = cleanElement(elements[0]!, true);
  if (new TextEncoder().encode(clean).length > logoMaxBytes) throw refuse('must be at most 100 kB once cleaned');
  return clean;
}
