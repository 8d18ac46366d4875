// The compare view: one card per engine with what it answers for the same
// input (console text, type, what is known of unknown values, errors),
// each marked as the selected engine's, the same as it, or different. And
// the list of what is known of unknown values, which the result pane shows
// too. All text reaches the DOM through textContent.
import { valuesText } from "./module-view.js";
import { el } from "./dom.js";

/**
 * One line per unknown value with refinements: `.ami: not null, starts with
 * "ami-"` (the result itself has an empty path, and then is the only
 * entry). Returns whether there is any.
 */
export function showKnown(list, refinements) {
  list.replaceChildren(
    ...(refinements ?? []).map(({ path, facts }) => {
      const li = document.createElement("li");
      li.textContent = path ? `${path}: ${facts}` : facts;
      return li;
    }),
  );
  return list.childElementCount > 0;
}

// What a card shows of an answer: a module's named values as text.
function cardResult(answer) {
  const r = answer.result;
  if (!r || !r.values) return r;
  return { ok: r.ok || r.values.length > 0, console: valuesText(r.values), type: "", diagnosticsText: r.diagnosticsText };
}

// Two engines agree when everything their cards show is the same.
function answerKey(answer) {
  if (answer.timedOut || answer.crashed) return JSON.stringify([answer.timedOut, answer.crashed]);
  const r = cardResult(answer);
  return JSON.stringify(r.ok ? [r.console, r.type, r.refinements, answer.result.values && r.diagnosticsText] : [r.diagnosticsText]);
}

/**
 * The cards in `grid` and the sentence in `note`, one card per profile;
 * `label(profile)` names an engine. Returns { show(answers, selected), named(profile, engine) }.
 */
export function createCompare({ grid, note, profiles, label, timeLimitMs }) {
  const cards = new Map();
  for (const profile of profiles) {
    const card = {
      root: el("article", "card"),
      badge: el("span", "badge"),
      engine: el("p", "card-engine"),
      output: el("pre", "output"),
      known: el("ul", "known-list"),
      type: el("p", "type-line"),
      errors: el("pre", "errors"),
    };
    // Long text scrolls inside them: they take the focus, for the keyboard.
    card.output.tabIndex = 0;
    card.errors.tabIndex = 0;
    card.root.dataset.profile = profile;
    card.root.dataset.testid = `compare-${profile}`;
    const title = el("h3", "", label(profile));
    title.append(" ", card.badge);
    card.root.append(title, card.engine, card.output, card.known, card.type, card.errors);
    grid.append(card.root);
    cards.set(profile, card);
  }

  /** Shows each engine's answer (a Map by profile), marked against the selected one's. */
  function show(answers, selected) {
    const want = answerKey(answers.get(selected));
    const selectedLabel = label(selected);
    const differing = [];
    for (const [profile, card] of cards) {
      const answer = answers.get(profile);
      // An engine not asked (another kind of configuration) has no card.
      card.root.hidden = !answer;
      if (!answer) continue;
      const state = profile === selected ? "selected" : answerKey(answer) === want ? "same" : "differs";
      if (state === "differs") differing.push(label(profile));
      card.root.dataset.state = state;
      card.badge.textContent = { selected: "selected", same: `same as ${selectedLabel}`, differs: `differs from ${selectedLabel}` }[state];
      const r = cardResult(answer);
      card.output.textContent = r?.ok ? r.console : "";
      card.output.hidden = !r?.ok;
      card.type.textContent = r?.ok && r.type ? `Type: ${r.type}` : "";
      card.known.hidden = !showKnown(card.known, r?.ok ? r.refinements : []);
      card.errors.textContent = answer.timedOut
        ? `Evaluation took too long (more than ${timeLimitMs / 1000} s) and was stopped.`
        : answer.crashed
          ? `The evaluator failed unexpectedly: ${answer.crashed}`
          : r.ok && !answer.result.values
            ? ""
            : (r.diagnosticsText ?? "");
    }
    const list = differing.length === 2 ? differing.join(" and ") : differing.join(", ");
    note.textContent =
      differing.length === 0 ? `All ${answers.size} engines agree.` : `${list} ${differing.length === 1 ? "differs" : "differ"} from ${selectedLabel}.`;
    note.dataset.agree = String(differing.length === 0);
  }

  /** Names the engine (its versions) under a profile's card. */
  function named(profile, engine) {
    cards.get(profile)?.engine.append(engine);
  }

  return { show, named };
}
