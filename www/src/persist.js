// Work that survives a reload: the current state (the share link's fields:
// e expression or module text, v variables, t template, p profile, m mode,
// f variables format, c console line) kept in localStorage, and a short
// history of recent states. What is read back goes through the same
// field-by-field check as a share link, so a stored state another version
// (or another script on the origin) wrote cannot break the page.
import { validateState } from "./share.js";

const CURRENT_KEY = "hcl-playground.state";
const HISTORY_KEY = "hcl-playground.history";
export const HISTORY_MAX = 12;
// localStorage holds about 5 MB per origin: a larger state is not kept
// rather than evicting the history.
const MAX_SAVED_CHARS = 1_000_000;

function read(key) {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null");
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

function checked(state) {
  try {
    return validateState(state);
  } catch {
    return null;
  }
}

// The history lists work, not every variation of it: a state with the same
// text in the same mode replaces an older one (whose label would read the
// same), whatever its variables or engine.
const same = (a, b) => a.e === b.e && a.m === b.m && (a.c ?? "") === (b.c ?? "");
const size = (s) => s.e.length + s.v.length + (s.c?.length ?? 0);

/** The state saved by the last visit, or null. */
export function loadCurrent() {
  const s = read(CURRENT_KEY);
  return s && checked(s);
}

/** Keeps `state` as the current one (false when storage refused it). */
export function saveCurrent(state) {
  if (size(state) > MAX_SAVED_CHARS) return false;
  return write(CURRENT_KEY, state);
}

/** The recent states, newest first, each {state, at} (at: ms since 1970). */
export function loadHistory() {
  const list = read(HISTORY_KEY);
  if (!Array.isArray(list)) return [];
  return list
    .map((h) => h && typeof h === "object" && typeof h.at === "number" && { state: checked(h.state), at: h.at })
    .filter((h) => h && h.state)
    .slice(0, HISTORY_MAX);
}

/**
 * Adds `state` at the head of the history (an entry with the same text and
 * mode is replaced rather than repeated); returns the new history.
 */
export function pushHistory(state, now = Date.now()) {
  const list = loadHistory().filter((h) => !same(h.state, state));
  if (state.e.trim() === "" || size(state) > MAX_SAVED_CHARS) return list;
  list.unshift({ state, at: now });
  list.length = Math.min(list.length, HISTORY_MAX);
  // Too large for the store: drop the oldest until it fits.
  while (list.length > 0 && !write(HISTORY_KEY, list)) list.pop();
  return list;
}

/** A history entry's label: when, mode, engine (unless Terraform) and the start of its text on one line. */
export function historyLabel({ state, at }, now = Date.now()) {
  const text = state.e.replace(/\s+/g, " ").trim();
  const short = text.length > 48 ? `${text.slice(0, 47)}…` : text;
  const mins = Math.round((now - at) / 60000);
  const when = mins < 1 ? "just now" : mins < 60 ? `${mins} min ago` : mins < 1440 ? `${Math.round(mins / 60)} h ago` : new Date(at).toLocaleDateString();
  const engine = { opentofu: " · OpenTofu", "hcl-2.14": " · HCL 2.14", waypoint: " · Waypoint" }[state.p] ?? "";
  return `${when} · ${state.m}${engine} · ${short}`;
}
