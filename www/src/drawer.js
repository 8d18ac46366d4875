// The drawer at the bottom of the window that holds the Functions and
// Compare panels: a panel opens in view whatever the page's height (the
// panes fill the window on a desktop, so a panel below them would open out
// of sight), Escape or its × closes it and gives the focus back to its
// toggle, and the page keeps room for the drawer (--drawer-h) so that
// nothing is hidden under it for good.

/**
 * Makes `drawer` hold the panels; `panels` maps a panel's id to
 * { toggle, onOpen, onClose }. Returns { open(id), close(id), isOpen(id) }.
 */
export function createDrawer(drawer, panels) {
  const root = document.documentElement;
  const opened = [];
  const panelOf = (id) => document.getElementById(id);

  new ResizeObserver(() => root.style.setProperty("--drawer-h", `${drawer.offsetHeight}px`)).observe(drawer);

  function isOpen(id) {
    return !panelOf(id).hidden;
  }

  function open(id) {
    if (isOpen(id)) return;
    const { toggle, onOpen } = panels[id];
    panelOf(id).hidden = false;
    toggle.setAttribute("aria-pressed", "true");
    toggle.setAttribute("aria-expanded", "true");
    opened.push(id);
    drawer.dataset.open = String(opened.length);
    onOpen?.();
  }

  function close(id, { focus = false } = {}) {
    if (!isOpen(id)) return;
    const { toggle, onClose } = panels[id];
    panelOf(id).hidden = true;
    toggle.setAttribute("aria-pressed", "false");
    toggle.setAttribute("aria-expanded", "false");
    opened.splice(opened.indexOf(id), 1);
    if (opened.length) drawer.dataset.open = String(opened.length);
    else delete drawer.dataset.open;
    onClose?.();
    if (focus) toggle.focus();
  }

  for (const [id, { toggle }] of Object.entries(panels)) {
    toggle.setAttribute("aria-expanded", "false");
    toggle.addEventListener("click", () => (isOpen(id) ? close(id) : open(id)));
    drawer.querySelector(`[data-close="${id}"]`)?.addEventListener("click", () => close(id, { focus: true }));
  }

  // Escape closes the panel the focus is in, else the last one opened,
  // unless something else (an editor's completion list, a select) took it.
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || e.defaultPrevented || opened.length === 0) return;
    const inside = opened.find((id) => panelOf(id).contains(document.activeElement));
    // The focus goes back to the toggle only from inside the panel: a reader
    // typing in an editor stays there.
    close(inside ?? opened.at(-1), { focus: inside !== undefined || document.activeElement === document.body });
  });

  return { open, close, isOpen };
}
