// The desktop layout's resizable panes: two separators between the three
// columns, dragged with a pointer or moved with the arrow keys, the widths
// kept for the next visit. (Widths are set through the CSSOM, which the
// page's Content Security Policy allows, unlike style attributes.)

const KEY = "hcl-playground.columns";
const DEFAULT = [1.2, 0.8, 1];
const MIN = 0.15;
const STEP = 0.04;

function load() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? "null");
    if (Array.isArray(v) && v.length === 3 && v.every((x) => typeof x === "number" && x >= MIN && x < 10)) return v;
  } catch {}
  return DEFAULT;
}

/** Makes the separators in `main` resize its three panes. */
export function setupSplitters(main) {
  if (!main) return;
  let fr = load();
  const separators = [...main.querySelectorAll(".splitter")];
  // A focusable separator is a range to assistive technology: its value is
  // the share (%) of its pair of panes that the pane before it takes.
  const apply = () => {
    fr.forEach((f, i) => main.style.setProperty(`--col-${i}`, `${f}fr`));
    for (const sep of separators) {
      const i = Number(sep.dataset.split);
      const share = Math.round((100 * fr[i]) / (fr[i] + fr[i + 1]));
      sep.setAttribute("aria-valuemin", String(MIN * 100));
      sep.setAttribute("aria-valuemax", String(100 - MIN * 100));
      sep.setAttribute("aria-valuenow", String(share));
    }
  };
  const save = () => {
    try {
      localStorage.setItem(KEY, JSON.stringify(fr));
    } catch {}
  };
  // Moves the boundary `i` (between pane i and i + 1) by `delta`, a share
  // of the two panes' total.
  const move = (i, delta) => {
    const pair = fr[i] + fr[i + 1];
    const a = Math.min(Math.max(fr[i] + delta * pair, MIN * pair), (1 - MIN) * pair);
    fr = fr.map((f, j) => (j === i ? a : j === i + 1 ? pair - a : f));
    apply();
  };
  apply();
  // The columns fill the window below the header, whatever its height.
  const header = document.querySelector("header");
  if (header) new ResizeObserver(() => main.style.setProperty("--header-h", `${header.offsetHeight}px`)).observe(header);
  for (const sep of separators) {
    const i = Number(sep.dataset.split);
    const panes = () => [sep.previousElementSibling, sep.nextElementSibling];
    sep.addEventListener("pointerdown", (e) => {
      e.preventDefault();
      sep.setPointerCapture(e.pointerId);
      const [left, right] = panes();
      const total = left.getBoundingClientRect().width + right.getBoundingClientRect().width;
      let last = e.clientX;
      const onMove = (ev) => {
        move(i, (ev.clientX - last) / total);
        last = ev.clientX;
      };
      const onUp = () => {
        sep.removeEventListener("pointermove", onMove);
        sep.removeEventListener("pointerup", onUp);
        save();
      };
      sep.addEventListener("pointermove", onMove);
      sep.addEventListener("pointerup", onUp);
    });
    sep.addEventListener("keydown", (e) => {
      const steps = { ArrowLeft: -STEP, ArrowRight: STEP, Home: -1, End: 1 };
      if (!(e.key in steps)) return;
      e.preventDefault();
      move(i, steps[e.key]);
      save();
    });
    sep.addEventListener("dblclick", () => {
      fr = [...DEFAULT];
      apply();
      save();
    });
  }
}
