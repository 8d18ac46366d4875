/** Turns every `<pre><code class="language-hcl">` under `root` into a live widget. */
export function enhance(root?: ParentNode): void;

/** `<hcl-playground>`: a live, editable HCL example. */
export interface HclPlaygroundElement extends HTMLElement {
  /** Evaluate now (widgets otherwise start when scrolled into view or focused). */
  activate(): void;
}

declare global {
  interface HTMLElementTagNameMap {
    "hcl-playground": HclPlaygroundElement;
  }
}
