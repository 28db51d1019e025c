// gm-kit widget bundle of ship_designer.js: built by frontend/build.mjs (esbuild 0.28.2); do not edit.
// sources: dom.js ship_designer.js state.js
// sources-sha256: d08fa17f4f8808489d301a7b3849acb98295fd2d343444c90f6e5579a6fa4430
// ../kit/widgets/static/dom.js
function h(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== void 0 && text !== null) e.textContent = String(text);
  return e;
}
function onCommit(input, fn) {
  let sent = input.value;
  const commit = () => {
    if (input.value !== sent) {
      sent = input.value;
      fn(input.value);
    }
  };
  input.addEventListener("change", commit);
  input.addEventListener("keydown", (ev) => {
    ev.stopPropagation();
    if (ev.key === "Enter") {
      ev.preventDefault();
      commit();
    }
  });
}
var title = (s) => s.toLowerCase().replace(/(^|[\s-])\w/g, (m) => m.toUpperCase());

// ../kit/widgets/static/state.js
var inMarimo = (el) => {
  const root = el.getRootNode && el.getRootNode();
  return !!(root && root.host && root.host.tagName === "MARIMO-ANYWIDGET");
};
function followInMarimo(model, el, names) {
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
  return () => {
    for (const [name, fn] of handlers) model.off(`change:${name}`, fn);
  };
}

// ../kit/widgets/static/ship_designer.js
function stat(value, label, cls) {
  const s = h("div", "gmk-stat " + (cls || ""));
  s.append(h("div", "gmk-stat-value", value), h("div", "gmk-stat-label", label));
  return s;
}
function control(send, f, value) {
  let input;
  if (f.kind === "bool") {
    const box = h("input", "");
    box.type = "checkbox";
    box.checked = !!value;
    box.addEventListener("change", () => send({ action: "set", field: f.field, value: box.checked }));
    input = box;
  } else if (f.kind === "choice") {
    const sel = h("select", "gmk-input");
    for (const c of f.choices) {
      const o = h("option", "", c);
      o.value = c;
      if (c === value) o.selected = true;
      sel.appendChild(o);
    }
    sel.addEventListener("change", () => send({ action: "set", field: f.field, value: sel.value }));
    input = sel;
  } else {
    const num = h("input", "gmk-input");
    num.type = "number";
    num.min = "0";
    num.step = f.kind === "int10" ? "10" : "1";
    num.value = String(value);
    onCommit(num, (val) => send({ action: "set", field: f.field, value: val }));
    input = num;
  }
  input.classList.add(`gmk-opt-${f.field}`);
  input.title = f.help;
  const lab = h("label", "gmk-field");
  lab.title = f.help;
  lab.append(h("span", "", f.label), input);
  return lab;
}
function header(send, v) {
  const head = h("div", "gmk-row gmk-head");
  head.appendChild(h("span", "gmk-title", "Ship designer"));
  if (v.matches.length) head.appendChild(h("span", "gmk-chip", `same as the catalog ${v.matches.map(title).join(", ")}`));
  head.appendChild(h("span", "gmk-spacer"));
  const start = h("select", "gmk-input gmk-load");
  start.setAttribute("aria-label", "load a catalog ship");
  start.appendChild(h("option", "", "load a catalog ship…")).value = "";
  for (const n of v.catalog) {
    const o = h("option", "", title(n));
    o.value = n;
    start.appendChild(o);
  }
  start.addEventListener("change", () => {
    if (start.value) send({ action: "load", name: start.value });
  });
  head.appendChild(start);
  return head;
}
function stats(v) {
  const box = h("div", "gmk-design-head");
  box.append(
    stat(`${Math.round(v.cost * 1e3) / 1e3} RU`, "cost", "gmk-cost-stat"),
    stat(v.signature, "signature"),
    stat(v.battle, "Battle"),
    stat(v.phase, "attacks in"),
    stat(v.hits_per_damage, "hits per damage roll"),
    stat(v.build_successes, "Handling successes to build")
  );
  return box;
}
function breakdown(v) {
  const bsec = h("div", "gmk-section");
  bsec.appendChild(h("div", "gmk-subtitle", "Cost, step by step"));
  const bt = h("table", "gmk-table gmk-breakdown");
  v.breakdown.forEach(([step, amount], i) => {
    const tr = h("tr", i === v.breakdown.length - 1 ? "gmk-total" : "");
    tr.append(h("td", "", step), h("td", "", amount));
    bt.appendChild(tr);
  });
  bsec.appendChild(bt);
  return bsec;
}
function comparison(model, send, v, fields) {
  const csec = h("div", "gmk-section gmk-compare-section");
  const crow = h("div", "gmk-row");
  crow.appendChild(h("span", "gmk-subtitle", "Compare with the catalog"));
  const sel = h("select", "gmk-input gmk-compare-pick");
  sel.setAttribute("aria-label", "catalog ship to compare with");
  sel.appendChild(h("option", "", "none")).value = "";
  for (const n of v.catalog) {
    const o = h("option", "", title(n));
    o.value = n;
    if (n === model.get("compare")) o.selected = true;
    sel.appendChild(o);
  }
  sel.addEventListener("change", () => {
    model.set("compare", sel.value);
    model.save_changes();
  });
  crow.appendChild(sel);
  csec.appendChild(crow);
  const c = v.compare;
  if (!c) {
    csec.appendChild(h("div", "gmk-muted", "Pick a catalog ship to see how this design compares."));
    return csec;
  }
  const t = h("table", "gmk-table gmk-compare");
  const hr = h("tr");
  hr.append(h("th", "", ""), h("th", "", "this design"), h("th", "", title(c.name)));
  t.appendChild(hr);
  const rows = [
    ["RU cost", Math.round(v.cost * 1e3) / 1e3, `${c.cost}` + (c.design_cost !== c.cost ? ` (rules ${c.design_cost})` : "")],
    ["signature", v.signature, `${c.sig}` + (c.rules_sig !== c.sig ? ` (rules ${c.rules_sig})` : "")],
    ["Battle", v.battle, c.battle]
  ];
  for (const [k, a, b] of rows) {
    const tr = h("tr", String(a) !== String(b).split(" ")[0] ? "gmk-diff" : "");
    tr.append(h("td", "", k), h("td", "", a), h("td", "", b));
    t.appendChild(tr);
  }
  csec.appendChild(t);
  if (c.same) {
    csec.appendChild(h("div", "gmk-ok", "The same design as the catalog ship."));
    return csec;
  }
  const ul = h("div", "gmk-muted");
  const label = (f) => (fields.find((x) => x.field === f) || { label: f }).label;
  const show = (x) => x === true ? "yes" : x === false ? "no" : String(x);
  ul.textContent = "Differs in: " + c.diffs.map((d) => `${label(d.field)} ${show(d.design)} (catalog ${show(d.catalog)})`).join(", ");
  csec.appendChild(ul);
  const use = h("button", "gmk-btn gmk-use-catalog", `Start from ${title(c.name)}`);
  use.addEventListener("click", () => send({ action: "load", name: c.name }));
  csec.appendChild(use);
  return csec;
}
var ship_designer_default = {
  render({ model, el }) {
    const unfollow = followInMarimo(model, el, ["view"]);
    const root = h("div", "gmk-root gmk-successors gmk-ship-designer");
    el.appendChild(root);
    const send = (msg) => model.send(msg);
    function draw() {
      const v = model.get("view");
      const fields = model.get("fields");
      if (!v || !v.options || !fields) return;
      root.replaceChildren(header(send, v), stats(v), h("div", "gmk-muted gmk-describe", v.describe));
      const err = h("div", "gmk-error", model.get("error"));
      err.setAttribute("role", "alert");
      root.appendChild(err);
      const cols = h("div", "gmk-cols");
      const left = h("div", "gmk-col");
      const right = h("div", "gmk-col gmk-col-narrow");
      cols.append(left, right);
      root.appendChild(cols);
      const form = h("div", "gmk-section gmk-design-form");
      let group = "";
      for (const f of fields) {
        if (f.group !== group) {
          group = f.group;
          form.appendChild(h("div", "gmk-design-group", group));
        }
        form.appendChild(control(send, f, v.options[f.field]));
      }
      left.appendChild(form);
      right.append(breakdown(v), comparison(model, send, v, fields));
    }
    const watched = ["view", "error", "compare"];
    for (const t of watched) model.on(`change:${t}`, draw);
    draw();
    return () => {
      unfollow();
      for (const t of watched) model.off(`change:${t}`, draw);
      root.remove();
    };
  }
};
export {
  ship_designer_default as default
};
