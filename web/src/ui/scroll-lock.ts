// Page scroll is locked while a modal or panel is open (docs/rules.md, Pick flow).
// Counted, so nested layers unlock once.
let locks = 0;
let saved = { overflow: '', paddingRight: '' };

export function lockScroll(): () => void {
  if (locks === 0) {
    const { style } = document.body;
    saved = { overflow: style.overflow, paddingRight: style.paddingRight };
    // Keeps the page from shifting sideways when its scrollbar disappears.
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    style.overflow = 'hidden';
    if (scrollbar > 0) style.paddingRight = `${scrollbar}px`;
  }
  locks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0) Object.assign(document.body.style, saved);
  };
}
