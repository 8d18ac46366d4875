/** Turns every `<pre><code class="language-hcl">` under `root` into a live widget. */
export function enhance(root?: ParentNode): void;

/** The engines a widget can answer as. */
export type HclProfile = "terraform" | "opentofu" | "hcl-2.14" | "waypoint";

/**
 * The attributes of `<hcl-playground>` (on a `<pre><code
 * class="language-hcl">` block, the same names with `data-`, and
 * `data-mode="module"` for `module`). Boolean attributes are present or
 * absent; every value is a string, as in HTML.
 */
export interface HclPlaygroundAttributes {
  /** The example's text, instead of the element's content. */
  expr?: string;
  /** Variables: a JSON object (for a module, also tfvars text). Default `{}`. */
  vars?: string;
  /** The text is a template (`Hello, ${name}`), not an expression. */
  template?: "" | boolean;
  /** What the widget should show; it marks whether it still does. */
  expect?: string;
  /** Whose answers to give; default the page's `<meta name="hcl-playground-profile">`, else Terraform. */
  profile?: HclProfile;
  /** Console text (default) or the value as JSON. */
  output?: "console" | "json";
  /** Light or dark; by default the page's `color-scheme` (or `--hcl-color-scheme`). */
  theme?: "light" | "dark";
  /** Where "Open in playground" leads: an http(s) URL. */
  playground?: string;
  /** Milliseconds an evaluation may take once the worker has it (100–30000, default 3000). */
  "time-limit"?: `${number}`;
  /** The text is a module's `.tf` file. */
  module?: "" | boolean;
  /** How a module's `vars` are written; by default read from the text. */
  "vars-format"?: "json" | "tfvars";
  /** For a module: one expression in its context, shown instead of every named value. */
  console?: string;
}

/** `detail` of the `hcl-result` event a widget dispatches after each run (it bubbles out of the shadow root). */
export interface HclResultDetail {
  /** The example evaluated without error. */
  ok: boolean;
  /** What the widget shows (compared with `expect`), or null on an error. */
  output: string | null;
  /** The value's type (for a module's named values, their count). */
  type: string;
  /** The errors as rendered in the widget ("" if none). */
  errors: string;
  /** Whether `output` matches `expect`; null without `expect`. */
  matches: boolean | null;
}

/** `<hcl-playground>`: a live, editable HCL example. */
export interface HclPlaygroundElement extends HTMLElement {
  /** Evaluate now (widgets otherwise start when scrolled into view or focused). */
  activate(): void;
  addEventListener<K extends keyof HclPlaygroundEventMap>(type: K, listener: (this: HclPlaygroundElement, ev: HclPlaygroundEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
}

export interface HclPlaygroundEventMap extends HTMLElementEventMap {
  "hcl-result": CustomEvent<HclResultDetail>;
}

declare global {
  interface HTMLElementTagNameMap {
    "hcl-playground": HclPlaygroundElement;
  }
  interface DocumentEventMap {
    "hcl-result": CustomEvent<HclResultDetail>;
  }
  namespace JSX {
    interface IntrinsicElements {
      "hcl-playground": HclPlaygroundAttributes & { children?: unknown; class?: string; id?: string };
    }
  }
}
