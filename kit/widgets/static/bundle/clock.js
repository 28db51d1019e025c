// gm-kit widget bundle of clock.js: built by frontend/build.mjs (esbuild 0.28.2); do not edit.
// sources: clock.js dom.js
// sources-sha256: 1f0bee86c488d01a2c8878cba952640535fbff9a2622c1a3901f39c64868c391
// ../kit/widgets/static/dom.js
function h(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== void 0 && text !== null) e.textContent = String(text);
  return e;
}
function pct(p, digits = null) {
  if (p === null || p === void 0) return "";
  if (digits !== null) return `${(100 * p).toFixed(digits)}%`;
  if (p > 0 && p < 5e-3) return "<1%";
  if (p < 1 && p > 0.995) return ">99%";
  return Math.round(p * 100) + "%";
}

// ../kit/widgets/static/clock.js
function activityRow(a) {
  const row = h("li", "gmk-clock-activity" + (a.running ? " gmk-clock-running" : "") + (a.done ? " gmk-clock-done" : ""));
  const bar = h("progress", "gmk-clock-progress");
  bar.max = 1;
  bar.value = a.progress;
  bar.setAttribute("aria-label", `${a.name}: ${pct(a.progress)}`);
  row.append(
    h("span", "gmk-clock-name", a.name),
    h("span", "gmk-clock-kind", a.kind),
    bar,
    h("span", "gmk-clock-pct", a.done ? "done" : pct(a.progress)),
    h("span", "gmk-clock-when", a.when)
  );
  return row;
}
function lines(items, cls) {
  const list = h("ul", cls);
  for (const e of items) {
    const li = h("li", "gmk-clock-line");
    li.append(h("span", "gmk-clock-date", e.date), h("span", "gmk-clock-who", e.activity), h("span", "", e.text));
    list.appendChild(li);
  }
  return list;
}
var clock_default = {
  render({ model, el }) {
    const root = h("div", "gmk-root gmk-clock");
    el.appendChild(root);
    function button(label, cls, message, enabled = true) {
      const b = h("button", "gmk-btn " + cls, label);
      b.type = "button";
      b.disabled = !enabled;
      b.onclick = () => model.send(message);
      return b;
    }
    function draw() {
      const v = model.get("view");
      const err = model.get("error");
      root.replaceChildren();
      if (!v || v.today === void 0) return;
      const head = h("div", "gmk-row gmk-clock-head");
      head.append(h("span", "gmk-title", v.name), h("span", "gmk-clock-today", v.today ? `Today: ${v.date}` : "Day 0: nothing played yet"));
      root.appendChild(head);
      const bar = h("div", "gmk-row gmk-clock-buttons");
      bar.append(
        button("Advance 1 day", "gmk-primary gmk-clock-advance-1", { action: "advance", days: 1 }),
        button("Advance 7 days", "gmk-clock-advance-7", { action: "advance", days: 7 }),
        button("Until next event", "gmk-clock-next", { action: "next" }),
        button("Undo day", "gmk-clock-undo", { action: "undo" }, v.can_undo)
      );
      root.appendChild(bar);
      const error = h("div", "gmk-error gmk-clock-error", err || "");
      if (err) error.setAttribute("role", "alert");
      root.appendChild(error);
      if (v.reason) {
        const why = h("div", "gmk-banner gmk-info gmk-clock-reason", v.reason);
        why.setAttribute("role", "status");
        root.appendChild(why);
      }
      const acts = h("ul", "gmk-clock-activities");
      for (const a of v.activities) acts.appendChild(activityRow(a));
      if (!v.activities.length) acts.appendChild(h("li", "gmk-muted", "Nothing on the clock yet."));
      root.append(h("h4", "gmk-clock-heading", "Activities"), acts);
      if (v.next) root.append(h("h4", "gmk-clock-heading", "Next planned"), lines([v.next], "gmk-clock-next-list"));
      root.append(h("h4", "gmk-clock-heading", "Latest"), lines(v.recent, "gmk-clock-recent"));
    }
    const watched = ["view", "error"];
    for (const t of watched) model.on(`change:${t}`, draw);
    draw();
    return () => {
      for (const t of watched) model.off(`change:${t}`, draw);
      root.remove();
    };
  }
};
export {
  clock_default as default
};
