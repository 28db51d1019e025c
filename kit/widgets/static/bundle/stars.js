// gm-kit widget bundle of stars.js: built by frontend/build.mjs (esbuild 0.28.2); do not edit.
// sources: dom.js figure.js stars.js state.js
// sources-sha256: 374effc7fc51cca216d2513055f1b932e876601d998c1b2b332e3a5c0c4a1ce5
// ../kit/widgets/static/dom.js
function h(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== void 0 && text !== null) e.textContent = String(text);
  return e;
}
function labelled(text, control, cls = "gmk-field", textCls = "gmk-field-label") {
  const l = h("label", cls);
  l.append(h("span", textCls, text), control);
  return l;
}

// ../kit/widgets/static/figure.js
var KEY = "__gmkPlotly";
var WAIT_MS = 2e4;
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
    const onPage = () => {
      if (globalThis.Plotly) done(resolve, globalThis.Plotly);
    };
    const onMsg = (msg, buffers) => {
      if (!msg || msg.plotly !== "script" || !buffers || !buffers.length) return;
      const url = URL.createObjectURL(new Blob([buffers[0]], { type: "text/javascript" }));
      import(url).then(() => done(resolve, globalThis.Plotly)).catch((err) => done(reject, err)).finally(() => URL.revokeObjectURL(url));
    };
    const timer = setTimeout(() => {
      globalThis[KEY] = void 0;
      done(reject, new Error("no plotly.js: the figure needs a running Python kernel"));
    }, WAIT_MS);
    model.on("msg:custom", onMsg);
    globalThis.addEventListener("gmkit-figures-ready", onPage);
    model.send({ action: "plotly" });
  });
}
function figureView(model, name, onClick, cls = "gmk-figure") {
  const el = document.createElement("div");
  el.className = cls + " plotly-graph-div";
  const note = document.createElement("div");
  note.className = "gmk-muted gmk-figure-note";
  note.textContent = "Drawing the figure…";
  el.appendChild(note);
  let lib = null;
  let gone = false;
  const draw = () => {
    if (!lib || gone) return;
    const fig = model.get(name) || {};
    const layout = { ...fig.layout || {}, autosize: true };
    delete layout.width;
    lib.react(el, fig.data || [], layout, { responsive: true, displaylogo: false });
  };
  plotly(model).then((p) => {
    if (gone) return;
    lib = p;
    note.remove();
    draw();
    if (onClick) el.on("plotly_click", (ev) => ev && ev.points && ev.points.length && onClick(ev.points[0]));
  }).catch((err) => {
    note.textContent = `The figure cannot be drawn here: ${err.message}.`;
  });
  model.on(`change:${name}`, draw);
  const dispose = () => {
    gone = true;
    model.off(`change:${name}`, draw);
    if (lib) lib.purge(el);
  };
  return { el, dispose };
}
var pointData = (point) => Array.isArray(point.customdata) ? point.customdata[0] : point.customdata;

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

// ../kit/widgets/static/stars.js
function button(label, cls, onClick) {
  const b = h("button", "gmk-btn " + (cls || ""), label);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}
var field = (label, input2) => labelled(label, input2, "gmk-stars-field", "gmk-muted");
function input(value, type, width) {
  const i = h("input", "gmk-input");
  i.type = type || "text";
  i.value = value;
  if (width) i.style.width = width;
  return i;
}
function orbitDetails(row) {
  const box = h("div", "gmk-stars-details");
  if (!row) {
    box.appendChild(h("div", "gmk-muted", "Pick an orbit to see its details."));
    return box;
  }
  box.appendChild(h("div", "gmk-title", `Orbit ${row.number}: ${row.kind}`));
  if (!row.known) {
    box.appendChild(h("div", "gmk-muted", "Not yet scanned: more Sensors successes needed."));
    return box;
  }
  const t = h("table", "gmk-table");
  const add = (k, value) => {
    if (value === void 0 || value === null || value === "") return;
    if (Array.isArray(value) && !value.length) return;
    const tr = h("tr");
    tr.appendChild(h("th", "", k));
    tr.appendChild(h("td", "", Array.isArray(value) ? value.join(", ") : value));
    t.appendChild(tr);
  };
  add("Diameter", row.diameter ? `${row.diameter.toLocaleString()} km` : "");
  add("Belt", row.composition ? `${row.composition}, ${row.density}` : "");
  add("Crust RU", row.family === "gas giant" ? "n/a" : row.crust);
  add("Core RU", row.core);
  add("Surface RU", row.surface || "");
  add("Biosphere", row.biosphere);
  add("Technology", row.technology);
  add("Moons", row.moons);
  add("Installations", row.installations);
  add("Secrets", row.secrets);
  box.appendChild(t);
  return box;
}
function renderSystem({ model, el }) {
  const unfollow = followInMarimo(model, el, ["view", "seed", "selected"]);
  const root = h("div", "gmk-root gmk-stars gmk-star-explorer");
  const main = h("div", "gmk-stars-main");
  const fig = figureView(
    model,
    "figure_data",
    (p) => model.send({ action: "pick", orbit: Number(pointData(p)) }),
    "gmk-figure gmk-stars-figure"
  );
  root.append(main, fig.el);
  el.appendChild(root);
  const draw = () => {
    main.replaceChildren();
    const v = model.get("view") || /** @type {import("./payloads").StarSystemView} */
    {};
    const star = v.star || {};
    const head = h("div", "gmk-row");
    const dot = h("span", `gmk-star-dot gmk-class-${star.class}`);
    head.appendChild(dot);
    head.appendChild(h("span", "gmk-title", `${v.name || "Star system"}: Type ${star.class} ${star.size || ""}`));
    head.appendChild(h("span", "gmk-chip", `brightness ${star.brightness}`));
    if (star.dust_cloud) head.appendChild(h("span", "gmk-chip", "dust cloud"));
    head.appendChild(h("span", "gmk-chip", `${(v.orbits || []).length} orbits`));
    head.appendChild(h("span", "gmk-chip", `${v.rolls} rolls recorded`));
    main.appendChild(head);
    const controls = h("div", "gmk-row");
    const seed = input(String(model.get("seed")), "number", "14em");
    seed.classList.add("gmk-stars-seed");
    controls.appendChild(field("Seed", seed));
    controls.appendChild(button(
      "Re-roll from seed",
      "gmk-stars-reroll",
      () => model.send({ action: "reroll", seed: seed.value })
    ));
    controls.appendChild(button(
      "New system",
      "gmk-primary gmk-stars-generate",
      () => model.send({ action: "generate" })
    ));
    const mode = h("select", "gmk-input gmk-stars-mode");
    mode.setAttribute("aria-label", "whose view");
    for (const [val, text] of [["gm", "GM view"], ["player", "Player view"]]) {
      const o = h("option", "", text);
      o.value = val;
      mode.appendChild(o);
    }
    mode.value = model.get("mode");
    mode.addEventListener("change", () => {
      model.set("mode", mode.value);
      model.save_changes();
    });
    controls.appendChild(mode);
    if (model.get("mode") === "player") {
      const succ = input(String(model.get("successes")), "number", "4em");
      succ.addEventListener("change", () => {
        model.set("successes", Math.max(0, parseInt(succ.value || "0", 10)));
        model.save_changes();
      });
      controls.appendChild(field("Sensors successes", succ));
      const cur = input(String(model.get("current_orbit")), "number", "4em");
      cur.addEventListener("change", () => {
        model.set("current_orbit", Math.max(0, parseInt(cur.value || "0", 10)));
        model.save_changes();
      });
      controls.appendChild(field("In orbit (0 = outside)", cur));
    }
    main.appendChild(controls);
    main.appendChild(h("div", "gmk-error", model.get("error")));
    const body = h("div", "gmk-stars-body");
    const list = h("div", "gmk-stars-orbits");
    const orbits = v.orbits || [];
    if (!orbits.length) list.appendChild(h("div", "gmk-muted", "No planets: this star has no orbits."));
    const sel = model.get("selected");
    for (const row of orbits) {
      const item = h("button", `gmk-stars-orbit gmk-fam-${(row.family || "").replace(" ", "-")}`);
      item.type = "button";
      item.dataset.orbit = String(row.number);
      if (row.number === sel) item.classList.add("gmk-selected");
      item.appendChild(h("span", "gmk-stars-num", row.number));
      item.appendChild(h("span", "gmk-stars-kind", row.kind));
      const extra = [];
      if (row.biosphere && row.biosphere !== "No life") extra.push(row.biosphere);
      if (row.technology) extra.push(row.technology);
      if (row.moons && row.moons.length) extra.push(`${row.moons.length} moon${row.moons.length > 1 ? "s" : ""}`);
      if (row.installations) extra.push("installations");
      item.appendChild(h("span", "gmk-muted gmk-stars-extra", extra.join(" · ")));
      item.addEventListener("click", () => {
        model.set("selected", row.number === sel ? 0 : row.number);
        model.save_changes();
      });
      list.appendChild(item);
    }
    body.appendChild(list);
    body.appendChild(orbitDetails(orbits.find((r) => r.number === sel)));
    main.appendChild(body);
  };
  draw();
  const watched = ["view", "error", "seed", "mode", "selected", "successes", "current_orbit"];
  for (const k of watched) model.on(`change:${k}`, draw);
  return () => {
    for (const k of watched) model.off(`change:${k}`, draw);
    fig.dispose();
    unfollow();
    root.remove();
  };
}
function renderSector({ model, el }) {
  const unfollow = followInMarimo(model, el, ["route_view", "system_view", "selected"]);
  const root = h("div", "gmk-root gmk-stars gmk-sector-explorer");
  const main = h("div", "gmk-stars-main");
  const fig = figureView(
    model,
    "figure_data",
    (p) => model.send({ action: "open", system: Number(pointData(p)) }),
    "gmk-figure gmk-sector-map"
  );
  root.append(main, fig.el);
  el.appendChild(root);
  const listId = "gmk-sector-names-" + Math.random().toString(36).slice(2);
  const draw = () => {
    main.replaceChildren();
    main.appendChild(h("div", "gmk-title", "Route planner"));
    const names = model.get("names") || [];
    const dl = h("datalist");
    dl.id = listId;
    for (const n of names) {
      const o = h("option");
      o.value = n;
      dl.appendChild(o);
    }
    main.appendChild(dl);
    const row = h("div", "gmk-row");
    const origin = input(model.get("origin"));
    origin.setAttribute("list", listId);
    origin.classList.add("gmk-sector-origin");
    origin.style.width = "11em";
    const dest = input(model.get("destination"));
    dest.setAttribute("list", listId);
    dest.classList.add("gmk-sector-destination");
    dest.style.width = "11em";
    const info = input(String(model.get("information")), "number", "4em");
    const sens = input(String(model.get("sensors")), "number", "4em");
    const within = input(String(model.get("within")), "number", "4.5em");
    const mode = h("select", "gmk-input gmk-sector-mode");
    mode.setAttribute("aria-label", "route by");
    for (const [val, text] of [["days", "fewest days"], ["jumps", "fewest jumps"], ["chance", "best odds within"]]) {
      const o = h("option", "", text);
      o.value = val;
      mode.appendChild(o);
    }
    mode.value = model.get("mode");
    row.appendChild(field("From", origin));
    row.appendChild(field("To", dest));
    row.appendChild(field("Information", info));
    row.appendChild(field("Sensors", sens));
    row.appendChild(field("Mode", mode));
    row.appendChild(field("Days", within));
    row.appendChild(button("Plan route", "gmk-primary gmk-sector-plan", () => model.send({
      action: "plan",
      origin: origin.value,
      destination: dest.value,
      information: info.value,
      sensors: sens.value,
      mode: mode.value,
      within: within.value
    })));
    main.appendChild(row);
    main.appendChild(h("div", "gmk-error", model.get("error")));
    const rv = model.get("route_view") || {};
    if (rv.rows) {
      const banner = h(
        "div",
        "gmk-banner gmk-info gmk-sector-summary",
        `${rv.jumps} legs, ${rv.ly} ly, ${rv.expected_days} expected days; ${(100 * rv.chance).toFixed(1)}% to arrive within ${rv.within} days`
      );
      main.appendChild(banner);
      const t = h("table", "gmk-table gmk-sector-route");
      const hr = h("tr");
      for (const c of ["#", "System", "ly", "Jump", "Expected days"]) hr.appendChild(h("th", "", c));
      t.appendChild(hr);
      rv.rows.forEach((r, i) => {
        const tr = h("tr", "gmk-sector-stop");
        tr.dataset.index = String(r.index);
        if (r.index === model.get("selected")) tr.classList.add("gmk-selected");
        tr.appendChild(h("td", "", i));
        const name = h("td");
        const a = h("button", "gmk-linklike", r.name);
        a.type = "button";
        a.addEventListener("click", () => model.send({ action: "open", system: r.index }));
        name.appendChild(a);
        tr.appendChild(name);
        tr.appendChild(h("td", "", r.ly || ""));
        tr.appendChild(h("td", "", r.how));
        tr.appendChild(h("td", "", r.days || ""));
        t.appendChild(tr);
      });
      main.appendChild(t);
    }
    const sv = model.get("system_view") || {};
    if (sv.name) {
      const box = h("div", "gmk-stars-details gmk-sector-system");
      const head = h("div", "gmk-row");
      head.appendChild(h("span", `gmk-star-dot gmk-class-${sv.star.class}`));
      head.appendChild(h("span", "gmk-title", `${sv.name}: Type ${sv.star.class} ${sv.star.size}`));
      head.appendChild(button("Close", "", () => {
        model.set("selected", -1);
        model.save_changes();
      }));
      box.appendChild(head);
      box.appendChild(h("pre", "gmk-stars-summary", sv.summary));
      main.appendChild(box);
    } else {
      main.appendChild(h("div", "gmk-muted", "Click a system on the map or in the route to open it."));
    }
  };
  draw();
  const watched = ["route_view", "system_view", "error", "selected", "origin", "destination", "mode"];
  for (const k of watched) model.on(`change:${k}`, draw);
  return () => {
    for (const k of watched) model.off(`change:${k}`, draw);
    fig.dispose();
    unfollow();
    root.remove();
  };
}
var stars_default = {
  render({ model, el }) {
    return model.get("kind") === "sector" ? renderSector({ model, el }) : renderSystem({ model, el });
  }
};
export {
  stars_default as default
};
