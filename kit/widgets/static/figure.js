// A plotly figure inside a kit widget, drawn from the plotly JSON Python keeps in a trait.
// plotly.js is the page's own when it has one (the documentation site serves it); otherwise
// the first figure on the page asks the kernel for it once (the "plotly" message, answered
// with plotly.min.js as one buffer) and every figure after it reuses that copy.

const KEY = "__gmkPlotly";
const WAIT_MS = 20000;

/** A promise of plotly.js, fetched at most once per page. */
function plotly(model) {
  if (globalThis.Plotly) return Promise.resolve(globalThis.Plotly);
  if (!globalThis[KEY]) globalThis[KEY] = askKernel(model);
  return globalThis[KEY];
}

function askKernel(model) {
  return new Promise((resolve, reject) => {
    const done = (fn, arg) => {
      clearTimeout(timer);
      model.off("msg:custom", onMsg);
      globalThis.removeEventListener("gmkit-figures-ready", onPage);
      fn(arg);
    };
    const onPage = () => { if (globalThis.Plotly) done(resolve, globalThis.Plotly); };
    const onMsg = (msg, buffers) => {
      if (!msg || msg.plotly !== "script" || !buffers || !buffers.length) return;
      const url = URL.createObjectURL(new Blob([buffers[0]], { type: "text/javascript" }));
      import(url)
        .then(() => done(resolve, globalThis.Plotly))
        .catch((err) => done(reject, err))
        .finally(() => URL.revokeObjectURL(url));
    };
    const timer = setTimeout(() => {
      globalThis[KEY] = undefined; // a later figure may ask again
      done(reject, new Error("no plotly.js: the figure needs a running Python kernel"));
    }, WAIT_MS);
    model.on("msg:custom", onMsg);
    globalThis.addEventListener("gmkit-figures-ready", onPage);
    model.send({ action: "plotly" });
  });
}

/** Draw the figure in trait `name` into a new element and follow its changes.
 * `onClick(point)` gets the first clicked point (with its `customdata`).
 * Returns `{ el, dispose }`; `el` goes wherever the widget wants its figure. */
export function figureView(model, name, onClick, cls = "gmk-figure") {
  const el = document.createElement("div");
  el.className = cls + " plotly-graph-div"; // counted as a figure where plotly's figures are
  const note = document.createElement("div");
  note.className = "gmk-muted gmk-figure-note";
  note.textContent = "Drawing the figure…";
  el.appendChild(note);
  let lib = null;
  let gone = false;
  const draw = () => {
    if (!lib || gone) return;
    const fig = model.get(name) || {};
    const layout = { ...(fig.layout || {}), autosize: true };
    delete layout.width;
    lib.react(el, fig.data || [], layout, { responsive: true, displaylogo: false });
  };
  plotly(model).then((p) => {
    if (gone) return;
    lib = p;
    note.remove();
    draw();
    // a drawn plotly div gains .on(); the DOM type does not know it
    if (onClick) /** @type {any} */ (el).on("plotly_click", (ev) => ev && ev.points && ev.points.length && onClick(ev.points[0]));
  }).catch((err) => { note.textContent = `The figure cannot be drawn here: ${err.message}.`; });
  model.on(`change:${name}`, draw);
  const dispose = () => {
    gone = true;
    model.off(`change:${name}`, draw);
    if (lib) lib.purge(el);
  };
  return { el, dispose };
}

/** The plain value of a clicked point's customdata (a number, or the first of a list). */
export const pointData = (point) => (Array.isArray(point.customdata) ? point.customdata[0] : point.customdata);
