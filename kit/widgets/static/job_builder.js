// Job builder: a form for one Regulus job with its exact odds. Python keeps the form as typed
// (the `form` trait); each field sends its text when committed (Enter or leaving it) and the
// page re-fills the fields from what Python holds, leaving alone the one being typed in.
// Build job hands the job back to Python (`job_data`). User text goes in with textContent.

import { h, labelled, onCommit, pct } from "./dom.js";
import { followInMarimo } from "./state.js";

const NUMBERS = [["difficulty", "Difficulty"], ["clock", "Clock"]];
const BOXES = [["seed", "Seed"], ["max_heat", "Max Heat (0: no limit)"], ["max_threat", "Max Threat (0: no limit)"]];
const CREW = [["name", "name", "9em"], ["gig", "gig type", "8em"], ["contributions", "gear, skills, contacts", "18em"]];

/** A text box bound to one field: it sends `msg(value)` when committed. */
function box(c, key, placeholder, width, msg) {
  const i = h("input", "gmk-input gmk-jb-" + key);
  i.placeholder = placeholder;
  if (width) i.style.width = width;
  onCommit(i, (value) => c.model.send(msg(value)));
  return i;
}

/** The job's own fields: type, title, Difficulty and Clock, conditions, seed. */
function jobFields(c) {
  const set = (key) => (value) => ({ action: "set", field: key, value });
  const top = h("div", "gmk-row");
  const type = h("select", "gmk-input gmk-jb-type");
  for (const t of c.model.get("job_types") || []) { const o = h("option", "", t); o.value = t; type.appendChild(o); }
  type.addEventListener("change", () => c.model.send(set("type")(type.value)));
  c.inputs.type = type;
  c.inputs.title = box(c, "title", "e.g. The Meridian vault", "16em", set("title"));
  top.append(labelled("Type", type), labelled("Title", c.inputs.title));
  for (const [key, label] of NUMBERS) {
    const s = h("select", "gmk-input gmk-jb-" + key);
    for (let n = 3; n <= 7; n++) { const o = h("option", "", n); o.value = String(n); s.appendChild(o); }
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

/** One row per operative (the first leads), each with a Remove button, and Add operative. */
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

/** The chance of success, what fails it, and the chance by each tick of the Clock. */
function oddsBox(o) {
  const box = h("div", "gmk-odds");
  if (o.success === undefined) return box;
  box.appendChild(h("b", "gmk-jb-chance", `Chance of success: ${pct(o.success, 1)}`));
  box.appendChild(h("span", "gmk-muted",
    ` · expected Threat ${o.expected_threat.toFixed(2)}, Heat ${o.expected_heat.toFixed(2)}` +
    ` · fails on the Clock ${pct(o.clock, 1)}, the crew ${pct(o.crew, 1)}`));
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
  box.appendChild(bars);
  return box;
}

/** What Build job made: the job Python now holds. */
function builtLine(data) {
  if (!data || data.difficulty === undefined) return h("span", "gmk-muted", "No job built yet.");
  const name = data.title || (typeof data.job_type === "string" ? data.job_type : data.job_type.name);
  return h("span", "gmk-built",
    `Built: ${name}, Difficulty ${data.difficulty}, Clock ${data.clock}, ${data.crew.length} operatives` +
    " (in Python: builder.built; builder.open_table() plays it)");
}

/** Put Python's form into the fields, except the one being typed in. */
function fill(c) {
  const form = c.model.get("form") || {};
  const active = c.root.getRootNode().activeElement;
  const put = (el, value) => { if (el !== active && el.value !== value) el.value = value ?? ""; };
  for (const [key, el] of Object.entries(c.inputs)) put(el, form[key]);
  (form.crew || []).forEach((row, i) => { for (const [key] of CREW) put(c.crew[i][key], row[key]); });
}

export default {
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
    root.append(h("div", "gmk-title", "Job builder"), form, h("div", "gmk-muted gmk-jb-note", model.get("note")),
      err, odds, built);
    const draw = () => {
      const crew = (model.get("form") || {}).crew || [];
      if (crew.length !== c.rows) { // the crew's rows change only with Add and Remove
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
  },
};
