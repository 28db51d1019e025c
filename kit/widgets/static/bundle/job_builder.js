// gm-kit widget bundle of job_builder.js: built by frontend/build.mjs (esbuild 0.28.2); do not edit.
// sources: dom.js job_builder.js state.js
// sources-sha256: 404cd345f3893146f4aa385e0483316d7a74cd59ca4301dcbfaccb39a9ffeee6
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
function labelled(text, control, cls = "gmk-field", textCls = "gmk-field-label") {
  const l = h("label", cls);
  l.append(h("span", textCls, text), control);
  return l;
}
function pct(p, digits = null) {
  if (p === null || p === void 0) return "";
  if (digits !== null) return `${(100 * p).toFixed(digits)}%`;
  if (p > 0 && p < 5e-3) return "<1%";
  if (p < 1 && p > 0.995) return ">99%";
  return Math.round(p * 100) + "%";
}

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

// ../kit/widgets/static/job_builder.js
var NUMBERS = [["difficulty", "Difficulty"], ["clock", "Clock"]];
var BOXES = [["seed", "Seed"], ["max_heat", "Max Heat (0: no limit)"], ["max_threat", "Max Threat (0: no limit)"]];
var CREW = [["name", "name", "9em"], ["gig", "gig type", "8em"], ["contributions", "gear, skills, contacts", "18em"]];
function box(c, key, placeholder, width, msg) {
  const i = h("input", "gmk-input gmk-jb-" + key);
  i.placeholder = placeholder;
  if (width) i.style.width = width;
  onCommit(i, (value) => c.model.send(msg(value)));
  return i;
}
function jobFields(c) {
  const set = (key) => (value) => ({ action: "set", field: key, value });
  const top = h("div", "gmk-row");
  const type = h("select", "gmk-input gmk-jb-type");
  for (const t of c.model.get("job_types") || []) {
    const o = h("option", "", t);
    o.value = t;
    type.appendChild(o);
  }
  type.addEventListener("change", () => c.model.send(set("type")(type.value)));
  c.inputs.type = type;
  c.inputs.title = box(c, "title", "e.g. The Meridian vault", "16em", set("title"));
  top.append(labelled("Type", type), labelled("Title", c.inputs.title));
  for (const [key, label] of NUMBERS) {
    const s = h("select", "gmk-input gmk-jb-" + key);
    for (let n = 3; n <= 7; n++) {
      const o = h("option", "", n);
      o.value = String(n);
      s.appendChild(o);
    }
    s.addEventListener("change", () => c.model.send(set(key)(s.value)));
    c.inputs[key] = s;
    top.appendChild(labelled(label, s));
  }
  const more = h("div", "gmk-row");
  c.inputs.gig = box(c, "gig", "gig that must stay (optional)", "15em", set("gig"));
  more.appendChild(labelled("Needs gig", c.inputs.gig));
  for (const [key, label] of BOXES) {
    c.inputs[key] = box(c, key, "0", "5em", set(key));
    more.appendChild(labelled(label, c.inputs[key]));
  }
  return [top, more];
}
function crewRows(c, crew) {
  const sec = h("div", "gmk-jb-crew");
  sec.appendChild(h("div", "gmk-subtitle", "Crew workup (the first operative leads; contributions comma-separated)"));
  c.crew = crew.map((_, row) => {
    const line = h("div", "gmk-row gmk-jb-op");
    const inputs = {};
    for (const [key, placeholder, width] of CREW) {
      inputs[key] = box(c, key, placeholder, width, (value) => ({ action: "crew", row, [key]: value }));
      inputs[key].setAttribute("aria-label", `operative ${row + 1} ${key}`);
      line.appendChild(inputs[key]);
    }
    const rm = h("button", "gmk-btn gmk-jb-remove", "Remove");
    rm.type = "button";
    rm.setAttribute("aria-label", `remove operative ${row + 1}`);
    rm.addEventListener("click", () => c.model.send({ action: "remove", row }));
    line.appendChild(rm);
    sec.appendChild(line);
    return inputs;
  });
  const add = h("button", "gmk-btn gmk-jb-add", "Add operative");
  add.type = "button";
  add.addEventListener("click", () => c.model.send({ action: "add" }));
  sec.appendChild(add);
  return sec;
}
function oddsBox(o) {
  const box2 = h("div", "gmk-odds");
  if (o.success === void 0) return box2;
  box2.appendChild(h("b", "gmk-jb-chance", `Chance of success: ${pct(o.success, 1)}`));
  box2.appendChild(h(
    "span",
    "gmk-muted",
    ` · expected Threat ${o.expected_threat.toFixed(2)}, Heat ${o.expected_heat.toFixed(2)} · fails on the Clock ${pct(o.clock, 1)}, the crew ${pct(o.crew, 1)}`
  ));
  const bars = h("div", "gmk-jb-bars");
  bars.setAttribute("role", "img");
  bars.setAttribute("aria-label", "chance of success by clock tick: " + o.by_turn.map((p) => pct(p, 1)).join(", "));
  o.by_turn.forEach((p, k) => {
    const bar = h("div", "gmk-jb-bar");
    bar.style.height = `${Math.max(2, Math.round(p * 60))}px`;
    bar.title = `by tick ${k + 1}: ${pct(p, 1)}`;
    bars.appendChild(bar);
  });
  bars.appendChild(h("span", "gmk-muted", "P(success) by clock tick"));
  box2.appendChild(bars);
  return box2;
}
function builtLine(data) {
  if (!data || data.difficulty === void 0) return h("span", "gmk-muted", "No job built yet.");
  const name = data.title || (typeof data.job_type === "string" ? data.job_type : data.job_type.name);
  return h(
    "span",
    "gmk-built",
    `Built: ${name}, Difficulty ${data.difficulty}, Clock ${data.clock}, ${data.crew.length} operatives (in Python: builder.built; builder.open_table() plays it)`
  );
}
function fill(c) {
  const form = c.model.get("form") || {};
  const active = c.root.getRootNode().activeElement;
  const put = (el, value) => {
    if (el !== active && el.value !== value) el.value = value ?? "";
  };
  for (const [key, el] of Object.entries(c.inputs)) put(el, form[key]);
  (form.crew || []).forEach((row, i) => {
    for (const [key] of CREW) put(c.crew[i][key], row[key]);
  });
}
var job_builder_default = {
  render({ model, el }) {
    const unfollow = followInMarimo(model, el, ["job_data"]);
    const root = h("div", "gmk-root gmk-job-builder");
    el.appendChild(root);
    const c = { model, root, inputs: {}, crew: [], rows: -1 };
    const form = h("div", "gmk-jb-form");
    const err = h("div", "gmk-error gmk-builder-error");
    err.setAttribute("role", "alert");
    const odds = h("div", "gmk-jb-odds");
    const build = h("button", "gmk-btn gmk-primary gmk-jb-build", "Build job");
    build.type = "button";
    build.addEventListener("click", () => model.send({ action: "build" }));
    const built = h("div", "gmk-row gmk-jb-built");
    root.append(
      h("div", "gmk-title", "Job builder"),
      form,
      h("div", "gmk-muted gmk-jb-note", model.get("note")),
      err,
      odds,
      built
    );
    const draw = () => {
      const crew = (model.get("form") || {}).crew || [];
      if (crew.length !== c.rows) {
        c.rows = crew.length;
        c.inputs = {};
        form.replaceChildren(...jobFields(c), crewRows(c, crew));
      }
      fill(c);
      err.textContent = model.get("error");
      odds.replaceChildren(oddsBox(model.get("odds") || {}));
      built.replaceChildren(build, builtLine(model.get("job_data")));
    };
    draw();
    const watched = ["form", "odds", "error", "job_data"];
    for (const k of watched) model.on(`change:${k}`, draw);
    return () => {
      unfollow();
      for (const k of watched) model.off(`change:${k}`, draw);
      root.remove();
    };
  }
};
export {
  job_builder_default as default
};
