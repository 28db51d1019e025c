// Clock: a campaign's standard days. Today's date, each activity with its progress, the latest
// events, the next planned event; buttons advance 1 day, 7 days or until something happens, and
// take the last day back. Python plays the days; user text uses textContent only.

import { h, pct } from "./dom.js";

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
    h("span", "gmk-clock-when", a.when),
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

export default {
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
      if (!v || v.today === undefined) return;

      const head = h("div", "gmk-row gmk-clock-head");
      head.append(h("span", "gmk-title", v.name), h("span", "gmk-clock-today", v.today ? `Today: ${v.date}` : "Day 0: nothing played yet"));
      root.appendChild(head);

      const bar = h("div", "gmk-row gmk-clock-buttons");
      bar.append(
        button("Advance 1 day", "gmk-primary gmk-clock-advance-1", { action: "advance", days: 1 }),
        button("Advance 7 days", "gmk-clock-advance-7", { action: "advance", days: 7 }),
        button("Until next event", "gmk-clock-next", { action: "next" }),
        button("Undo day", "gmk-clock-undo", { action: "undo" }, v.can_undo),
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
  },
};
