// The app's home-screen icons: the brand mark (web/src/app/brand.tsx, a white check on the primary colour) drawn as
// SVG here and rendered to PNG by resvg. The web build calls appIconFiles() (web/vite.config.ts) and writes them to
// web/dist/icons, so no binary is committed and the mark changes in one place. To look at them:
//   npx tsx scripts/app-icons.ts some/folder
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Resvg } from '@resvg/resvg-js';

/** web/src/ui/tokens.css: --color-primary and --color-bg. The web manifest names the same two. */
export const brandColour = '#4f46e5';
export const backgroundColour = '#f4f6fb';

// The favicon's check (index.html, drawn on a 32 grid) on a 512 grid: its centre is the icon's.
const check = 'M144 272l80 80 144-176';

interface IconSpec {
  file: string;
  size: number;
  /** Full bleed: the platform crops it (a maskable icon's circle or squircle, iOS's rounded square). */
  fullBleed: boolean;
}

export const appIcons: readonly IconSpec[] = [
  { file: 'icons/icon-192.png', size: 192, fullBleed: false },
  { file: 'icons/icon-512.png', size: 512, fullBleed: false },
  { file: 'icons/icon-maskable-512.png', size: 512, fullBleed: true },
  { file: 'icons/apple-touch-icon.png', size: 180, fullBleed: true },
];

/**
 * A rounded tile with the check across its middle; a full-bleed icon has a square tile and a smaller check, inside the
 * maskable safe zone (the centred circle of 40% of the size in radius: the check's far end reaches 26%).
 */
export function iconSvg({ size, fullBleed }: IconSpec): string {
  const tile = fullBleed
    ? `<rect width="512" height="512" fill="${brandColour}"/>`
    : `<rect width="512" height="512" rx="112" fill="${brandColour}"/>`;
  const scale = fullBleed ? 0.78 : 1;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">`,
    tile,
    `<g transform="translate(256 256) scale(${scale}) translate(-256 -264)">`,
    `<path d="${check}" fill="none" stroke="#fff" stroke-width="56" stroke-linecap="round" stroke-linejoin="round"/>`,
    '</g></svg>',
  ].join('');
}

export const appIconFiles = () =>
  appIcons.map((icon) => ({
    file: icon.file,
    png: new Resvg(iconSvg(icon), { fitTo: { mode: 'width', value: icon.size } }).render().asPng(),
  }));

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const folder = process.argv[2];
  if (!folder) {
    console.error('usage: npx tsx scripts/app-icons.ts FOLDER');
    process.exit(2);
  }
  for (const { file, png } of appIconFiles()) {
    mkdirSync(join(folder, 'icons'), { recursive: true });
    writeFileSync(join(folder, file), png);
    console.info(join(folder, file));
  }
}
