/// The script and style of the page that shows a Deep Zoom pyramid (`PyramidPage`):
/// pinboard's own small viewer, inline, so the page fetches nothing but its own pyramid
/// tiles and runs from `file://` with the network off.
///
/// It reads the pyramid from the `#view` element's `data-` attributes (the sheet's size,
/// the levels, the pyramid tiles' size, overlap and format, the tiles folder's URL) and the
/// links from the `#links-source` template, which it empties, so the DOM holds only the
/// links in view. It opens fitted to the window, or at the view a fragment names:
/// `#zoom=Z&x=X&y=Y` is Z times the fitted scale, centred on sheet pixel (X, Y) (either
/// may be left out: the sheet's centre). The wheel, a pinch and `+`/`-` zoom, dragging and
/// the arrow keys pan, `0` fits again; each move rewrites the fragment, so a view can be
/// bookmarked. Each frame asks for the pyramid tiles in view at the level whose pixels
/// are no smaller than the screen's, and keeps the level drawn before under them until
/// they have all arrived.
enum PyramidViewer {
    static let style = """
        html, body { margin: 0; height: 100%; overflow: hidden; }
        #view { position: fixed; inset: 0; overflow: hidden; touch-action: none; cursor: grab; outline: none; }
        #view.dragging { cursor: grabbing; }
        #pyramid > img { position: absolute; display: block; max-width: none; pointer-events: none; user-select: none; }
        #links { position: absolute; inset: 0; }

        """

    static let script = """
        (function () {
          "use strict";
          var view = document.getElementById("view"), pyramid = document.getElementById("pyramid");
          var layer = document.getElementById("links"), source = document.getElementById("links-source");
          var d = view.dataset, W = +d.width, H = +d.height, top = +d.levels - 1;
          var size = +d.tileSize, overlap = +d.overlap, ext = d.format, base = d.tiles;
          var items = Array.prototype.map.call(source.content.children, function (a) {
            var f = a.getAttribute("data-frame").split(" ").map(Number);
            return { a: a, x: f[0], y: f[1], w: f[2], h: f[3] };
          });
          source.remove();
          var drawn = new Map(), s = 1, ox = 0, oy = 0, queued = false;

          function fit() { return Math.min(view.clientWidth / W, view.clientHeight / H); }
          function clampScale(v) { return Math.min(Math.max(v, fit() / 4), Math.max(4, fit())); }

          function centreOn(zoom, x, y) {
            s = clampScale(fit() * zoom);
            ox = view.clientWidth / 2 - x * s;
            oy = view.clientHeight / 2 - y * s;
          }

          function fromFragment() {
            var q = {};
            location.hash.slice(1).split("&").forEach(function (pair) {
              var kv = pair.split("=");
              if (kv.length === 2 && isFinite(+kv[1]) && kv[1] !== "") q[kv[0]] = +kv[1];
            });
            centreOn(q.zoom > 0 ? q.zoom : 1, "x" in q ? q.x : W / 2, "y" in q ? q.y : H / 2);
          }

          function toFragment() {
            var x = (view.clientWidth / 2 - ox) / s, y = (view.clientHeight / 2 - oy) / s;
            try {
              history.replaceState(null, "", "#zoom=" + (s / fit()).toFixed(3) + "&x=" + Math.round(x) + "&y=" + Math.round(y));
            } catch (e) {}
          }

          function span(index, length) {
            var start = index * size - (index > 0 ? overlap : 0);
            return [start, Math.min(length, (index + 1) * size + overlap)];
          }

          function place(img) {
            var g = img.frame;
            img.style.left = (ox + g.x * s) + "px";
            img.style.top = (oy + g.y * s) + "px";
            img.style.width = (g.w * s) + "px";
            img.style.height = (g.h * s) + "px";
          }

          function tile(level, column, row, f, lw, lh) {
            var key = level + "/" + column + "_" + row, img = drawn.get(key);
            if (img) return img;
            var xs = span(column, lw), ys = span(row, lh);
            img = document.createElement("img");
            img.alt = "";
            img.frame = { level: level, x: xs[0] * f, y: ys[0] * f, w: (xs[1] - xs[0]) * f, h: (ys[1] - ys[0]) * f };
            img.onload = img.onerror = schedule;
            img.src = base + key + "." + ext;
            drawn.set(key, img);
            return img;
          }

          function render() {
            queued = false;
            var vw = view.clientWidth, vh = view.clientHeight, ratio = window.devicePixelRatio || 1;
            var level = Math.max(0, Math.min(top, top + Math.ceil(Math.log2(s * ratio) - 1e-9)));
            var f = Math.pow(2, top - level), lw = Math.ceil(W / f), lh = Math.ceil(H / f);
            var x0 = -ox / s / f, y0 = -oy / s / f, x1 = (vw - ox) / s / f, y1 = (vh - oy) / s / f;
            var c0 = Math.max(0, Math.floor(x0 / size)), c1 = Math.min(Math.ceil(lw / size), Math.ceil(x1 / size));
            var r0 = Math.max(0, Math.floor(y0 / size)), r1 = Math.min(Math.ceil(lh / size), Math.ceil(y1 / size));
            var wanted = new Set(), ready = true;
            for (var r = r0; r < r1; r++) {
              for (var c = c0; c < c1; c++) {
                var img = tile(level, c, r, f, lw, lh);
                wanted.add(img);
                ready = ready && img.complete;
                img.style.zIndex = 1;
                if (img.parentNode !== pyramid) pyramid.appendChild(img);
                place(img);
              }
            }
            drawn.forEach(function (img, key) {
              if (wanted.has(img)) return;
              if (ready || img.frame.level === level || !img.complete) {
                img.remove();
                drawn.delete(key);
              } else {
                img.style.zIndex = 0;
                place(img);
              }
            });
            var sx0 = -ox / s, sy0 = -oy / s, sx1 = (vw - ox) / s, sy1 = (vh - oy) / s;
            items.forEach(function (item) {
              var visible = item.x < sx1 && item.x + item.w > sx0 && item.y < sy1 && item.y + item.h > sy0;
              if (!visible) {
                if (item.a.parentNode === layer) item.a.remove();
                return;
              }
              var style = item.a.style;
              style.left = (ox + item.x * s) + "px";
              style.top = (oy + item.y * s) + "px";
              style.width = (item.w * s) + "px";
              style.height = (item.h * s) + "px";
              if (item.a.parentNode !== layer) layer.appendChild(item.a);
            });
          }

          function schedule() {
            if (!queued) {
              queued = true;
              requestAnimationFrame(render);
            }
          }

          function moved() {
            schedule();
            toFragment();
          }

          function zoomAt(cx, cy, factor) {
            var next = clampScale(s * factor);
            ox = cx - (cx - ox) * next / s;
            oy = cy - (cy - oy) * next / s;
            s = next;
            moved();
          }

          view.addEventListener("wheel", function (e) {
            e.preventDefault();
            zoomAt(e.clientX, e.clientY, Math.exp(-e.deltaY * (e.deltaMode ? 0.05 : 0.002)));
          }, { passive: false });

          var pointers = new Map(), dragged = false;
          function spread() {
            var p = Array.from(pointers.values());
            if (p.length < 2) return { x: p[0].x, y: p[0].y, d: 0 };
            return { x: (p[0].x + p[1].x) / 2, y: (p[0].y + p[1].y) / 2, d: Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y) };
          }
          view.addEventListener("pointerdown", function (e) {
            pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, startX: e.clientX, startY: e.clientY });
            if (pointers.size === 1) dragged = false;
          });
          view.addEventListener("pointermove", function (e) {
            var p = pointers.get(e.pointerId);
            if (!p) return;
            var before = spread();
            p.x = e.clientX;
            p.y = e.clientY;
            if (!dragged && Math.hypot(p.x - p.startX, p.y - p.startY) < 4) return;
            if (!dragged) {
              dragged = true;
              view.classList.add("dragging");
              view.setPointerCapture(e.pointerId);
            }
            var after = spread();
            ox += after.x - before.x;
            oy += after.y - before.y;
            if (before.d > 0 && after.d > 0) zoomAt(after.x, after.y, after.d / before.d);
            else moved();
          });
          function release(e) {
            pointers.delete(e.pointerId);
            if (pointers.size === 0) view.classList.remove("dragging");
          }
          view.addEventListener("pointerup", release);
          view.addEventListener("pointercancel", release);
          // A drag that ends over a link does not follow it.
          view.addEventListener("click", function (e) {
            if (dragged) {
              e.preventDefault();
              dragged = false;
            }
          }, true);

          document.addEventListener("keydown", function (e) {
            if (e.ctrlKey || e.metaKey || e.altKey) return;
            var vw = view.clientWidth, vh = view.clientHeight, step = 0.1 * Math.min(vw, vh);
            var pans = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
            if (e.key === "+" || e.key === "=") zoomAt(vw / 2, vh / 2, 1.5);
            else if (e.key === "-" || e.key === "_") zoomAt(vw / 2, vh / 2, 1 / 1.5);
            else if (e.key === "0") {
              centreOn(1, W / 2, H / 2);
              moved();
            } else if (pans[e.key]) {
              ox += pans[e.key][0];
              oy += pans[e.key][1];
              moved();
            } else return;
            e.preventDefault();
          });

          // A new window size keeps the sheet point at the centre and the zoom against the fitted scale.
          fromFragment();
          var shape = { w: view.clientWidth, h: view.clientHeight, fit: fit() };
          window.addEventListener("resize", function () {
            var x = (shape.w / 2 - ox) / s, y = (shape.h / 2 - oy) / s, zoom = s / shape.fit;
            shape = { w: view.clientWidth, h: view.clientHeight, fit: fit() };
            centreOn(zoom, x, y);
            schedule();
          });
          window.addEventListener("hashchange", function () {
            fromFragment();
            schedule();
          });

          // The first frame's pyramid tiles are asked for before the page's load event.
          render();
          view.focus();
        })();

        """
}
