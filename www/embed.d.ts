/** Turns every `<pre><code class="language-hcl">` under `root` into a live widget. */
export function enhance(root?: ParentNode): void;

/**
 * `<hcl-playground>`: a live, editable HCL example. Attributes (or `data-`
 * attributes on a code block): `vars`, `template`, `expect`, `profile`
 * (`terraform`, `opentofu`, `hcl-2.14`), `playground` (where "Open in
 * playground" leads); for a module, `module` (`data-mode="module"`),
 * `vars-format` (`json` or `tfvars`; otherwise read from `vars`) and
 * `console` (one expression evaluated in the module's context, which
 * `expect` is then compared with; without it the widget shows every named
 * value as `address = value`).
 */
export interface HclPlaygroundElement extends HTMLElement {
  /** Evaluate now (widgets otherwise start when scrolled into view or focused). */
  activate(): void;
}

declare global {
  interface HTMLElementTagNameMap {
    "hcl-playground": HclPlaygroundElement;
  }
}
