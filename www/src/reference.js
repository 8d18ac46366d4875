// The function reference panel: the selected engine's functions from the
// registry (the list autocomplete uses), searchable by name, category and
// description; each with its signature, description and an example that
// runs here, under that engine; choosing Insert puts `name(` at the
// editor's cursor. All text goes through textContent.

import { el } from "./dom.js";

/** The functions matching `query` (every word in the name, category or description), names first. */
export function searchFunctions(list, query) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return list;
  const hay = (f) => `${f.name} ${f.category} ${f.description}`.toLowerCase();
  const matches = list.filter((f) => words.every((w) => hay(f).includes(w)));
  const rank = (f) => (f.name === words[0] ? 0 : f.name.startsWith(words[0]) ? 1 : f.name.includes(words[0]) ? 2 : 3);
  return matches.map((f, i) => [rank(f), i, f]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((x) => x[2]);
}

/**
 * Builds the panel in `root`. `functions()` gives the current engine's
 * list; `run(example)` resolves to an evaluate result; `insert(text)` puts
 * text at the cursor. Returns { refresh } to call when the engine changes.
 */
export function createReference(root, { functions, run, insert, engineLabel }) {
  const search = el("input", "reference-search");
  search.type = "search";
  search.placeholder = "Search functions: name, category or what it does";
  search.setAttribute("aria-label", "Search functions");
  search.dataset.testid = "reference-search";
  const count = el("p", "reference-count");
  count.setAttribute("role", "status");
  const list = el("ul", "reference-list");
  list.dataset.testid = "reference-list";
  root.append(search, count, list);

  // Each item is rendered when the list is; its example runs on demand.
  function item(f) {
    const li = el("li", "reference-item");
    li.dataset.name = f.name;
    const details = el("details");
    const summary = el("summary");
    summary.append(el("code", "reference-name", f.name), el("span", "reference-category", f.category));
    details.append(summary);
    details.addEventListener("toggle", () => {
      if (!details.open || details.childElementCount > 1) return;
      const body = el("div", "reference-body");
      body.append(el("code", "reference-signature", f.signature), el("p", "reference-description", f.description));
      const example = el("div", "reference-example");
      const code = el("code", "", f.example);
      const out = el("pre", "reference-output");
      out.hidden = true;
      out.dataset.testid = "reference-output";
      const runButton = el("button", "", "Run example");
      runButton.type = "button";
      runButton.addEventListener("click", async () => {
        out.hidden = false;
        out.textContent = "…";
        const r = await run(f.example);
        out.dataset.state = r?.ok ? "ok" : "error";
        out.textContent = r?.ok ? `${r.console}\n\nType: ${r.type}` : r?.diagnosticsText || r?.diagnostics?.map((d) => `Error: ${d.summary}`).join("\n") || "Evaluation took too long.";
      });
      const insertButton = el("button", "", `Insert ${f.name}(…)`);
      insertButton.type = "button";
      insertButton.dataset.testid = "reference-insert";
      insertButton.addEventListener("click", () => insert(`${f.name}(`));
      example.append(el("span", "reference-label", "Example: "), code, runButton, insertButton, out);
      body.append(example);
      details.append(body);
    });
    li.append(details);
    return li;
  }

  function refresh() {
    const all = functions();
    const shown = searchFunctions(all, search.value);
    list.replaceChildren(...shown.map(item));
    count.textContent = `${shown.length} of ${all.length} functions in ${engineLabel()}`;
  }
  search.addEventListener("input", refresh);
  return { refresh };
}
