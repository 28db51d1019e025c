// What the GM picks, for notebooks that react to it. marimo runs a cell again when a widget's
// state changes from the page, not when Python changes it in answer to a click; so inside
// marimo each named trait Python changes is handed back as the page's own change, and the
// cells that read it run again. Anywhere else (Jupyter's pages see Python's changes) it does
// nothing. Importing modules call `followInMarimo(model, el, ["chosen", ...])` in render.

/** True when `el` is drawn inside one of marimo's widget elements. */
const inMarimo = (el) => {
  const root = el.getRootNode && el.getRootNode();
  return !!(root && root.host && root.host.tagName === "MARIMO-ANYWIDGET");
};

/** Hand the traits `names` back to marimo after Python changes them; returns the undo. */
export function followInMarimo(model, el, names) {
  let echoing = false;
  const echo = (name) => () => {
    if (echoing || !inMarimo(el)) return;
    echoing = true;
    try {
      model.set(name, model.get(name));
      model.save_changes();
    } finally {
      echoing = false;
    }
  };
  const handlers = names.map((name) => [name, echo(name)]);
  for (const [name, fn] of handlers) model.on(`change:${name}`, fn);
  return () => { for (const [name, fn] of handlers) model.off(`change:${name}`, fn); };
}
