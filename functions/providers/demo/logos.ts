// Generated monograms: team colours plus the abbreviation, so no trademarked artwork is shipped.
export type LogoShape = 'circle' | 'shield';

const SHAPES: Record<LogoShape, (fill: string, stroke: string) => string> = {
  circle: (fill, stroke) => `<circle cx="32" cy="32" r="29" fill="${fill}" stroke="${stroke}" stroke-width="4"/>`,
  shield: (fill, stroke) =>
    `<path d="M32 3 L58 11 V30 C58 46 46 56 32 61 C18 56 6 46 6 30 V11 Z" fill="${fill}" stroke="${stroke}" stroke-width="4" stroke-linejoin="round"/>`,
};

/** Base64 of a 64×64 SVG monogram. */
export function monogramLogo(abbreviation: string, colors: readonly [string, string], shape: LogoShape): string {
  const [primary, secondary] = colors;
  const fontSize = abbreviation.length > 2 ? 19 : 24;
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
    SHAPES[shape](primary, secondary) +
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${fontSize}" fill="${textColorOn(primary)}">${abbreviation}</text>` +
    '</svg>';
  return Buffer.from(svg, 'utf8').toString('base64');
}

/** Dark text on light fills, white text on dark ones, so the monogram stays legible. */
function textColorOn(hex: string): string {
  const channel = (offset: number) => parseInt(hex.slice(offset, offset + 2), 16);
  const luminance = (0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)) / 255;
  return luminance > 0.55 ? '#111111' : '#FFFFFF';
}
