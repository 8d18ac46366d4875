// The page's one way to make an element: text goes in through
// textContent, never as markup.

/** A new `tag` element with `className` (if any) and `text` (if given). */
export function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}
