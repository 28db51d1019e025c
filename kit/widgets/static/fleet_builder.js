// Fleet builder panel: a view of one Successors fleet. The catalog filter lives here (it only
// narrows what is shown); every change to the fleet is an action sent to Python, and the panel
// is re-drawn from the `view` trait. Names go through textContent.

import { h, onCommit, title } from "./dom.js";
import { figureView } from "./figure.js";
import { followInMarimo } from "./state.js";

const fmt = (x) => (Math.round(x * 100) / 100).toString();


function swatch(model, role) {
  const s = h("span", "gmk-swatch");
  s.style.background = (model.get("roles") || {})[role] || "#888";
  return s;
}

function budgetBar(c, v) {
  const box = h("div", "gmk-budget");
  const scale = Math.max(v.budget || 0, v.spent, 1);
  const bar = h("div", "gmk-budget-bar");
  bar.title = v.budget === null ? `${fmt(v.spent)} RU spent` : `${fmt(v.spent)} of ${fmt(v.budget)} RU`;
  let used = 0;
  for (const [role, ru] of v.by_role) {
    const within = v.budget === null ? ru : Math.max(0, Math.min(ru, v.budget - used));
    if (within > 0) {
      const seg = h("div", "gmk-budget-seg");
      seg.style.width = `${(100 * within) / scale}%`;
      seg.style.background = (c.model.get("roles") || {})[role] || "#888";
      seg.title = `${role}: ${fmt(ru)} RU`;
      bar.appendChild(seg);
    }
    used += ru;
  }
  if (v.budget !== null && v.spent > v.budget) {
    const over = h("div", "gmk-budget-over");
    over.style.width = `${(100 * (v.spent - v.budget)) / scale}%`;
    over.title = `${fmt(v.spent - v.budget)} RU over budget`;
    bar.appendChild(over);
    const mark = h("div", "gmk-budget-mark");
    mark.style.left = `${(100 * v.budget) / scale}%`;
    bar.appendChild(mark);
  }
  const row = h("div", "gmk-row");
  const text = v.budget === null ? `${fmt(v.spent)} RU spent (no budget set)`
    : v.remaining >= 0 ? `${fmt(v.spent)} of ${fmt(v.budget)} RU spent · ${fmt(v.remaining)} left`
    : `${fmt(v.spent)} of ${fmt(v.budget)} RU spent · ${fmt(-v.remaining)} over`;
  const cls = v.budget === null ? "" : v.remaining === 0 ? "gmk-ok" : v.remaining < 0 ? "gmk-bad-text" : "";
  row.append(h("span", "gmk-subtitle", "Budget"), h("span", "gmk-budget-text " + cls, text), h("span", "gmk-spacer"));
  const inp = h("input", "gmk-input gmk-budget-input");
  inp.type = "number"; inp.min = "0"; inp.value = v.budget === null ? "" : String(v.budget);
  inp.placeholder = "RU";
  onCommit(inp, (val) => c.send({ action: "budget", value: val }));
  const lab = h("label", "gmk-field");
  lab.append(h("span", "gmk-field-label", "Budget RU"), inp);
  if (v.budget_roll) row.appendChild(h("span", "gmk-muted", `rolled ${v.budget_roll.join("+")}+25` + (v.seed === null ? "" : `, seed ${v.seed}`)));
  if (v.ships === 0 && !v.can_undo) {
    const seed = h("input", "gmk-input gmk-budget-seed");
    seed.placeholder = "seed"; seed.value = c.ui.seed;
    seed.setAttribute("aria-label", "seed for the budget roll");
    seed.addEventListener("input", () => { c.ui.seed = seed.value; });
    seed.addEventListener("keydown", (ev) => ev.stopPropagation());
    const roll = h("button", "gmk-btn gmk-roll-budget", "Roll 2d6+25");
    roll.title = "roll the starting budget (empty seed: a new one, recorded)";
    roll.addEventListener("click", () => c.send({ action: "roll_budget", seed: c.ui.seed }));
    row.append(seed, roll);
  }
  row.appendChild(lab);
  box.append(row, bar);
  const legend = h("div", "gmk-legend");
  for (const [role, ru] of v.by_role) {
    const it = h("span", "");
    it.append(swatch(c.model, role), h("span", "", `${role} ${fmt(ru)}`));
    legend.appendChild(it);
  }
  if (v.by_role.length) box.appendChild(legend);
  return box;
}

function catalogTable(c, v) {
  const sec = h("div", "gmk-section gmk-catalog-section");
  const tools = h("div", "gmk-row gmk-catalog-tools");
  tools.appendChild(h("span", "gmk-subtitle", "Catalog"));
  const filter = h("input", "gmk-input gmk-filter");
  filter.placeholder = "name or ability…"; filter.value = c.ui.filter;
  filter.setAttribute("aria-label", "filter the catalog by name or ability");
  filter.addEventListener("input", () => { c.ui.filter = filter.value; fillRows(); });
  filter.addEventListener("keydown", (ev) => ev.stopPropagation());
  const role = h("select", "gmk-input gmk-role-filter");
  role.setAttribute("aria-label", "role");
  role.appendChild(h("option", "", "all roles")).value = "";
  for (const r of Object.keys(c.model.get("roles") || {})) {
    if (r === "custom") continue;
    const o = h("option", "", r); o.value = r; if (r === c.ui.role) o.selected = true; role.appendChild(o);
  }
  role.addEventListener("change", () => { c.ui.role = role.value; fillRows(); });
  const aff = h("input", "gmk-affordable"); aff.type = "checkbox"; aff.checked = c.ui.affordable;
  aff.addEventListener("change", () => { c.ui.affordable = aff.checked; fillRows(); });
  const affl = h("label", "gmk-field"); affl.append(aff, h("span", "gmk-field-label", "affordable only"));
  const qty = h("input", "gmk-input gmk-qty"); qty.type = "number"; qty.min = "1"; qty.value = c.ui.qty;
  qty.title = "how many to buy per click";
  qty.setAttribute("aria-label", "ships per Buy");
  qty.addEventListener("input", () => { c.ui.qty = qty.value; });
  qty.addEventListener("keydown", (ev) => ev.stopPropagation());
  const ql = h("label", "gmk-field"); ql.append(h("span", "gmk-field-label", "buy ×"), qty);
  const count = h("span", "gmk-muted gmk-catalog-count");
  tools.append(filter, role, affl, ql, h("span", "gmk-spacer"), count);
  sec.appendChild(tools);

  const wrap = h("div", "gmk-catalog-wrap");
  const table = h("table", "gmk-table gmk-catalog");
  const head = h("tr");
  for (const [t, c] of [["Ship", ""], ["Role", ""], ["Battle", "gmk-num"], ["Sig", "gmk-num"], ["Abilities / bonuses", ""], ["RU", "gmk-num"], ["", ""]]) head.appendChild(h("th", c, t));
  const thead = h("thead"); thead.appendChild(head);
  const tbody = h("tbody");
  table.append(thead, tbody);
  wrap.appendChild(table);
  sec.appendChild(wrap);

  function fillRows() {
    const q = c.ui.filter.trim().toLowerCase();
    const rows = (c.model.get("catalog") || []).filter((r) =>
      (!q || r.name.toLowerCase().includes(q) || r.abilities.toLowerCase().includes(q) || r.role.includes(q)) &&
      (!c.ui.role || r.role === c.ui.role) &&
      (!c.ui.affordable || v.remaining === null || r.cost <= v.remaining));
    tbody.replaceChildren();
    for (const r of rows) {
      const tr = h("tr", v.remaining !== null && r.cost > v.remaining ? "gmk-dear" : "");
      tr.dataset.ship = r.name;
      const role = h("td"); const rs = h("span", "gmk-role"); rs.append(swatch(c.model, r.role), h("span", "", r.role)); role.appendChild(rs);
      const sig = h("td", "gmk-num", r.sig);
      if (r.rules_sig !== r.sig) { sig.appendChild(h("span", "gmk-sigdiff", ` (rules ${r.rules_sig})`)); sig.title = "printed signature (the design rules give another)"; }
      const buy = h("button", "gmk-btn gmk-buy", "Buy");
      buy.title = `buy ${c.ui.qty} ${r.name}`;
      buy.addEventListener("click", () => c.send({ action: "buy", name: r.name, count: c.ui.qty || 1 }));
      const td = h("td"); td.appendChild(buy);
      tr.append(h("td", "gmk-ship-name", title(r.name)), role, h("td", "gmk-num", r.battle), sig,
        h("td", "", r.abilities), h("td", "gmk-num gmk-cost", r.cost), td);
      tbody.appendChild(tr);
    }
    count.textContent = `${rows.length} of ${(c.model.get("catalog") || []).length} types`;
  }
  fillRows();
  return sec;
}

function fleetSection(c, v) {
  const sec = h("div", "gmk-section gmk-fleet-section");
  const head = h("div", "gmk-row");
  head.append(h("span", "gmk-subtitle", `Fleet · ${v.ships} ships`));
  if (v.owner !== null) {
    const meter = h("span", "gmk-control-meter");
    meter.title = "ships under direct Control (click a ship to put it under Control or release it)";
    meter.appendChild(h("span", "gmk-field-label", `Control ${v.controlled.length} of ${v.control_limit}`));
    for (let i = 0; i < v.control_limit; i++) meter.appendChild(h("span", i < v.controlled.length ? "gmk-control-slot gmk-on" : "gmk-control-slot"));
    head.appendChild(meter);
    const clear = h("button", "gmk-btn gmk-clear-control", "Release all");
    clear.disabled = !v.controlled.length;
    clear.addEventListener("click", () => c.send({ action: "clear_control" }));
    head.appendChild(clear);
  }
  sec.appendChild(head);
  if (!v.groups.length) sec.appendChild(h("div", "gmk-muted", "No ships yet: buy from the catalog above."));
  const groups = h("div", "gmk-groups");
  for (const g of v.groups) {
    const row = h("div", "gmk-group");
    row.dataset.ship = g.name;
    const name = h("div", "");
    const nm = h("div", "gmk-group-name");
    nm.append(swatch(c.model, g.role), h("span", "", `${title(g.name)} ×${g.ships.length}`));
    name.append(nm, h("div", "gmk-muted", `${fmt(g.cost)} RU each · ` + (g.battle === "0" ? "no weapons" : `Battle ${g.battle}`)));
    const tokens = h("div", "gmk-tokens");
    for (const s of g.ships) {
      const cls = "gmk-token" + (s.controlled ? " gmk-controlled" : "") + (s.carried ? " gmk-carried" : "");
      const t = h("button", cls, `#${s.id}`);
      t.dataset.id = String(s.id);
      t.style.borderLeftColor = (c.model.get("roles") || {})[g.role] || "#888";
      t.title = s.carried ? "in racks" : s.controlled ? "under Control: click to release" : "click to put under Control";
      if (s.controlled) t.prepend(h("span", "", "◆"));
      if (!s.carried && v.owner !== null) t.addEventListener("click", () => c.send({ action: "toggle", id: s.id }));
      tokens.appendChild(t);
    }
    const rm = h("button", "gmk-btn gmk-remove", "−1");
    rm.title = `remove one ${g.name}`;
    rm.addEventListener("click", () => c.send({ action: "remove_one", name: g.name }));
    row.append(name, tokens, rm);
    groups.appendChild(row);
  }
  sec.appendChild(groups);
  return sec;
}

/** Carriers' racks (load one ship at a time, empty them) and handing ships to another fleet. */
function racksSection(c, v) {
  if (!v.carriers.length && !v.others.length) return null;
  const sec = h("div", "gmk-section gmk-racks-section");
  sec.appendChild(h("div", "gmk-subtitle", v.others.length ? "Racks and owners" : "Racks"));
  for (const cr of v.carriers) {
    const row = h("div", "gmk-row gmk-carrier");
    row.dataset.carrier = String(cr.id);
    const held = cr.held.length ? cr.held.map((i) => `#${i}`).join(", ") : "empty";
    row.appendChild(h("span", "", `${title(cr.name)} #${cr.id}: racks ${fmt(cr.used)} of ${fmt(cr.racks)} (${held})`));
    const pick = h("select", "gmk-input gmk-load-pick");
    pick.setAttribute("aria-label", `ship to load into ${title(cr.name)} #${cr.id}`);
    for (const s of v.loadable) {
      const o = h("option", "", `${title(s.name)} #${s.id} (${fmt(s.cost)})`); o.value = String(s.id); pick.appendChild(o);
    }
    if (!v.loadable.length) pick.appendChild(h("option", "", "nothing to load"));
    pick.disabled = !v.loadable.length;
    const load = h("button", "gmk-btn gmk-load", "Load");
    load.disabled = !v.loadable.length;
    load.addEventListener("click", () => c.send({ action: "load", carrier: cr.id, id: Number(pick.value) }));
    const empty = h("button", "gmk-btn gmk-unload", "Unload all");
    empty.disabled = !cr.held.length;
    empty.addEventListener("click", () => c.send({ action: "unload", carrier: cr.id }));
    row.append(pick, load, empty);
    sec.appendChild(row);
  }
  if (v.others.length && v.ship_ids.length) {
    const row = h("div", "gmk-row gmk-give");
    const ship = h("select", "gmk-input gmk-give-ship");
    ship.setAttribute("aria-label", "ship to hand over");
    for (const s of v.ship_ids) { const o = h("option", "", `${title(s.name)} #${s.id}`); o.value = String(s.id); ship.appendChild(o); }
    const to = h("select", "gmk-input gmk-give-to");
    to.setAttribute("aria-label", "fleet that takes the ship");
    for (const n of v.others) { const o = h("option", "", n); o.value = n; to.appendChild(o); }
    const give = h("button", "gmk-btn gmk-give-btn", "Hand over");
    give.addEventListener("click", () => c.send({ action: "give", id: Number(ship.value), to: to.value }));
    row.append(h("span", "gmk-muted", "Hand"), ship, h("span", "gmk-muted", "to"), to, give);
    sec.appendChild(row);
  }
  return sec;
}

function poolSection(c, v) {
  const sec = h("div", "gmk-section gmk-pool-section");
  const head = h("div", "gmk-row");
  head.appendChild(h("span", "gmk-subtitle", "Attack pool"));
  if (v.owner !== null) head.appendChild(h("span", "gmk-muted", `${v.owner}: Battle ${v.owner_battle}, Control ${v.owner_control}`));
  head.appendChild(h("span", "gmk-spacer"));
  const sel = h("select", "gmk-input gmk-phase");
  sel.setAttribute("aria-label", "phase shown in the chart");
  for (const [val, text] of [["", "chart: whole round"], ["first", "chart: First Strike"], ["main", "chart: Main combat"], ["last", "chart: Last combat"]]) {
    const o = h("option", "", text); o.value = val; if (val === c.model.get("phase")) o.selected = true; sel.appendChild(o);
  }
  sel.addEventListener("change", () => { c.model.set("phase", sel.value); c.model.save_changes(); });
  head.appendChild(sel);
  sec.appendChild(head);
  const list = h("div", "gmk-pool");
  if (!v.pools.length) list.appendChild(h("div", "gmk-muted", "Nothing in this fleet can attack."));
  for (const p of v.pools) {
    const r = h("div", "gmk-pool-row");
    r.append(h("b", "", `${p.phase}: `), h("span", "", p.text));
    list.appendChild(r);
  }
  sec.appendChild(list);
  return sec;
}

function draw(c) {
  const model = c.model;
  const v = model.get("view");
  if (!v || !v.groups) return;
  const scroll = c.root.querySelector(".gmk-catalog-wrap");
  const top = scroll ? scroll.scrollTop : 0;
  c.root.replaceChildren();
  const head = h("div", "gmk-row gmk-head");
  head.appendChild(h("span", "gmk-title", "Fleet builder"));
  if (v.owner !== null) head.appendChild(h("span", "gmk-chip gmk-owner", v.owner));
  head.appendChild(h("span", "gmk-spacer"));
  const undo = h("button", "gmk-btn gmk-undo", "↶ Undo");
  undo.disabled = !v.can_undo;
  undo.addEventListener("click", () => c.send({ action: "undo" }));
  head.appendChild(undo);
  c.root.appendChild(head);
  c.root.appendChild(budgetBar(c, v));
  const err = h("div", "gmk-error", c.model.get("error"));
  err.setAttribute("role", "alert");
  c.root.appendChild(err);
  if (v.findings.length) {
    const w = h("div", "gmk-warnings");
    for (const f of v.findings) w.appendChild(h("div", "gmk-warning", f));
    c.root.appendChild(w);
  }
  c.root.appendChild(catalogTable(c, v));
  c.root.appendChild(fleetSection(c, v));
  const racks = racksSection(c, v);
  if (racks) c.root.appendChild(racks);
  c.root.appendChild(poolSection(c, v));
  const nscroll = c.root.querySelector(".gmk-catalog-wrap");
  if (nscroll) nscroll.scrollTop = top;
}

/** The builder's two charts (composition, hits), drawn inside the widget from plotly JSON. */
function chartsSection(model) {
  const box = h("div", "gmk-section gmk-fleet-charts");
  const views = [0, 1].map((i) => figureView(model, `chart_${i}`, null, "gmk-figure gmk-fleet-chart"));
  for (const f of views) box.appendChild(f.el);
  return { el: box, dispose: () => views.forEach((f) => f.dispose()) };
}

/** @type {import("@anywidget/types").AnyWidget<import("./payloads").FleetPanelModel>} */
export default {
  render({ model, el }) {
    const unfollow = followInMarimo(model, el, ["view", "fleet_data"]);
    // the Fleet builder's model adds charts_on to the Fleet panel's (one script draws both)
    const chartsOn = /** @type {any} */ (model).get("charts_on");
    const builder = chartsOn !== undefined;
    const root = h("div", "gmk-root gmk-successors gmk-fleet-panel" + (builder ? " gmk-fleet-builder" : ""));
    const panel = h("div", "gmk-fleet-main");
    root.appendChild(panel);
    const charts = builder && chartsOn ? chartsSection(model) : null;
    if (charts) root.appendChild(charts.el);
    el.appendChild(root);
    const c = { model, root: panel, send: (msg) => model.send(msg), ui: { filter: "", role: "", affordable: false, qty: "1", seed: "" } };
    const redraw = () => draw(c);
    const watched = ["view", "error", "phase"];
    for (const t of watched) model.on(`change:${t}`, redraw);
    redraw();
    return () => {
      unfollow();
      for (const t of watched) model.off(`change:${t}`, redraw);
      if (charts) charts.dispose();
      root.remove();
    };
  },
};
