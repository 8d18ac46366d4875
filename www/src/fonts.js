// The page's code font, for the editors' themes (a leaf: no DOM at import).
export const CODE_FONT = 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace';
