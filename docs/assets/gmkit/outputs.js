// Draws the notebook pages' plotly figures with the site's own plotly.js (loaded just before
// this file), from the JSON each figure's placeholder carries. Widgets that hold a plotly
// FigureWidget draw through window.gmkitDrawFigure too, once it exists.
(function () {
  "use strict";

  function draw(el, fig) {
    const layout = Object.assign({}, fig.layout || {});
    delete layout.width; // the page decides the width; the figure follows it
    layout.autosize = true;
    return window.Plotly.newPlot(el, fig.data || [], layout, {
      responsive: true,
      displaylogo: false,
    });
  }

  function drawAll() {
    document.querySelectorAll("div.gmkit-figure > script.gmkit-figure-data").forEach((script) => {
      const el = script.parentElement;
      const fig = JSON.parse(script.textContent);
      script.remove();
      draw(el, fig);
    });
    window.gmkitDrawFigure = draw;
    window.dispatchEvent(new Event("gmkit-figures-ready"));
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", drawAll);
  } else {
    drawAll();
  }
})();
