import { useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react';

export interface AnchorOptions {
  /** The floating element's width: a number of pixels, or 'anchor' to match the anchor (at least minWidth). */
  width: number | 'anchor';
  minWidth?: number;
  /** Which anchor edge the floating element lines up with. */
  align?: 'start' | 'end';
  /** Turns upwards when the space below is smaller than this and there is more above. */
  minSpaceBelow?: number;
}

const margin = 8;

/**
 * Fixed-position style placing a floating element under its anchor and inside the viewport. Fixed,
 * so a scrolling ancestor (a dialog, a table) cannot clip it; recomputed on scroll and resize.
 */
export function useAnchoredPosition(
  anchorRef: RefObject<HTMLElement | null>,
  open: boolean,
  options: AnchorOptions,
): CSSProperties | undefined {
  const [style, setStyle] = useState<CSSProperties>();
  const { width: wanted, minWidth = 0, align = 'start', minSpaceBelow = 300 } = options;

  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const anchor = anchorRef.current?.getBoundingClientRect();
      if (!anchor) return;
      const viewport = { width: document.documentElement.clientWidth, height: window.innerHeight };
      const width = Math.min(
        Math.max(wanted === 'anchor' ? anchor.width : wanted, minWidth),
        viewport.width - 2 * margin,
      );
      const preferred = align === 'end' ? anchor.right - width : anchor.left;
      const left = Math.max(margin, Math.min(preferred, viewport.width - width - margin));
      const below = viewport.height - anchor.bottom;
      const upwards = below < minSpaceBelow && anchor.top > below;
      setStyle({
        position: 'fixed',
        left,
        width,
        ...(upwards ? { bottom: viewport.height - anchor.top + 4 } : { top: anchor.bottom + 4 }),
        maxHeight: Math.max(upwards ? anchor.top : below, 160) - margin - 4,
      });
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [anchorRef, open, wanted, minWidth, align, minSpaceBelow]);

  return style;
}
