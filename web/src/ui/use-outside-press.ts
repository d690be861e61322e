import { useEffect, type RefObject } from 'react';

/** Calls onPress when a pointer goes down outside every given element, while active. */
export function useOutsidePress(refs: RefObject<HTMLElement | null>[], onPress: () => void, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const listener = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!refs.some((ref) => ref.current?.contains(target))) onPress();
    };
    document.addEventListener('pointerdown', listener);
    return () => document.removeEventListener('pointerdown', listener);
  }, [refs, onPress, active]);
}
