// The editors' look: the page's colours (custom properties in style.css,
// light or dark with the system) as an editor theme, and the token colours.
import { EditorView } from "@codemirror/view";
import { HighlightStyle } from "@codemirror/language";
import { tags } from "@lezer/highlight";
import { CODE_FONT } from "./fonts.js";

// The page's colours (custom properties in style.css, light or dark with
// the system) as an editor theme: CodeMirror's own styles come after the
// page's style sheet (see build.mjs), so plain CSS rules would lose to them.
export const pageTheme = EditorView.theme(
  {
    // Its height is the pane's (style.css: full height on desktop, at most 60vh on a phone).
    "&": { backgroundColor: "var(--pane)", color: "var(--fg)" },
    ".cm-gutters": { backgroundColor: "var(--code-bg)", color: "var(--muted)", borderRight: "1px solid var(--border)" },
    ".cm-activeLine": { backgroundColor: "color-mix(in srgb, var(--accent) 7%, transparent)" },
    ".cm-scroller": { fontFamily: CODE_FONT, fontSize: "0.9rem" },
    // A focus ring as the page's other controls have (CodeMirror's own is a
    // faint dotted line, and none in a dark theme).
    "&.cm-focused": { outline: "2px solid var(--accent)", outlineOffset: "1px" },
  },
  { dark: window.matchMedia("(prefers-color-scheme: dark)").matches },
);

// Token colours as custom properties (style.css: CodeMirror's default
// colours in light mode, readable ones in dark mode).
export const pageHighlight = HighlightStyle.define([
  { tag: tags.keyword, color: "var(--hl-keyword)" },
  { tag: [tags.atom, tags.bool, tags.labelName], color: "var(--hl-atom)" },
  { tag: [tags.literal, tags.number], color: "var(--hl-number)" },
  { tag: tags.string, color: "var(--hl-string)" },
  { tag: [tags.escape, tags.special(tags.string)], color: "var(--hl-escape)" },
  { tag: tags.definition(tags.propertyName), color: "var(--hl-definition)" },
  { tag: tags.comment, color: "var(--hl-comment)" },
  { tag: tags.meta, color: "var(--hl-meta)" },
  { tag: tags.invalid, color: "var(--error)" },
]);
