import Pinboard
import PinboardIO

/// A comparison report as one self-contained HTML page: inline style and script, no
/// network, images beside it (`ReportImageWriter`).
///
/// At the top the verdict, the two sides, the counts and the options; then every failing
/// entry with its figures, its expected, actual and diff images side by side, and a slider
/// that wipes from expected to actual; then the passing entries, folded. Images load lazily
/// with their sizes given and sections off screen are not laid out (`content-visibility`),
/// so a page of 10,000 tiles fetches and draws only what scrolls into view; the one script
/// listens on the document for the sliders, so nothing runs per tile at load. Every name is escaped (`Markup`): a file called
/// `<img src=x onerror=alert(1)>.png` is shown as that text.
///
/// A failing report offers the command that accepts B's files as goldens: for folders, the
/// reader ticks failing entries (or "all failing") and the page writes `pinboard diff A B
/// --update --only NAME …` for just those, every word quoted for the POSIX shell, with a
/// button that copies it; `#select=NAME,NAME` in the address (each name URI-encoded) ticks
/// those on load. Sheets are updated whole, so theirs is the one command.
enum HTMLReport {
    static func page(_ report: ComparisonReport) -> String {
        let failures = report.failures
        let passes = report.entries.filter { $0.verdict == .pass }
        let verdict = report.passed ? "No differences" : "\(failures.count) failing of \(report.entries.count)"
        var page = Markup.pageHead(title: "pinboard diff: \(verdict)", style: style) + """
            <body>
            <header>
            <h1 class="verdict \(report.passed ? "pass" : "fail")">\(Markup.escaped(verdict))</h1>
            <p class="sides"><span class="side">A</span> <span class="name">\(Markup.escaped(report.nameA))</span> \
            <span class="side">B</span> <span class="name">\(Markup.escaped(report.nameB))</span></p>
            <ul class="counts">

            """
        for count in report.counts {
            let failing = count.fails && count.value > 0
            page += "<li class=\"\(failing ? "fail" : "pass")\"><b>\(count.value)</b> \(Markup.escaped(count.label))</li>\n"
        }
        page += "</ul>\n<dl class=\"options\">\n"
        for option in report.options {
            page += "<dt>\(Markup.escaped(option.label))</dt><dd>\(Markup.escaped(option.value))</dd>\n"
        }
        page += "</dl>\n" + approval(report) + "</header>\n<main>\n"
        for (number, entry) in failures.enumerated() {
            page += section(entry, number: number + 1, perName: report.mode == .folders)
        }
        if !passes.isEmpty {
            page += "<details class=\"passes\">\n<summary>\(passes.count) passing</summary>\n<ul>\n"
            for entry in passes {
                let summary = entry.summary.isEmpty ? "" : " <span class=\"summary\">\(Markup.escaped(entry.summary))</span>"
                page += "<li><span class=\"kind\">\(entry.kind.rawValue)</span> <span class=\"name\">\(Markup.escaped(entry.name))</span>\(summary)"
                    + settings(entry) + "</li>\n"
            }
            page += "</ul>\n</details>\n"
        }
        return page + "</main>\n<script>\(script)</script>\n</body>\n</html>\n"
    }

    /// One failing entry: its name, figures and views.
    private static func section(_ entry: ReportEntry, number: Int, perName: Bool) -> String {
        var html = """
            <section class="entry fail" id="entry-\(number)">
            <h2>\(approveBox(entry, perName: perName))<span class="kind">\(entry.kind.rawValue)</span> <span class="name">\(Markup.escaped(entry.name))</span></h2>

            """
        if !entry.numbers.isEmpty {
            html += "<dl class=\"numbers\">"
            for field in entry.numbers {
                html += "<dt>\(Markup.escaped(field.label))</dt><dd>\(Markup.escaped(field.value))</dd>"
            }
            html += "</dl>\n"
        }
        html += settings(entry)
        let shown = [("expected (A)", entry.expected), ("actual (B)", entry.actual), ("diff", entry.diff)]
            .compactMap { caption, image in image.map { (caption, $0) } }
        guard !shown.isEmpty else { return html + "</section>\n" }
        let scale = displayScale(shown.map(\.1))
        html += "<div class=\"views\">\n<div class=\"side-by-side\">\n"
        for (caption, image) in shown {
            html += "<figure>\(img(image, scale: scale, alt: caption))<figcaption>\(caption)</figcaption></figure>\n"
        }
        html += "</div>\n"
        if let expected = entry.expected, let actual = entry.actual, expected.width == actual.width, expected.height == actual.height {
            html += """
                <figure class="slider" style="--position: 50%">
                <div class="stack">\(img(actual, scale: scale, alt: "actual (B)"))\
                \(img(expected, scale: scale, alt: "expected (A)", className: "over"))</div>
                <input type="range" min="0" max="100" value="50" aria-label="expected to actual">
                <figcaption>expected (A) ◀ slide ▶ actual (B)</figcaption>
                </figure>

                """
        }
        return html + "</div>\n</section>\n"
    }

    /// The panel that shows the update command, when something fails: the words before the
    /// names in `data-` attributes, which the script quotes and joins.
    private static func approval(_ report: ComparisonReport) -> String {
        guard !report.passed else { return "" }
        let perName = report.mode == .folders
        let all = perName ? "<label><input type=\"checkbox\" id=\"approve-all\"> all failing</label>\n" : ""
        let words = perName ? "Tick failing entries to accept B's files as A's goldens:" : "Accept B as A's golden, whole:"
        return """
            <section class="approve-panel">
            <p>\(words)</p>
            \(all)<pre><code id="approve-command" data-a="\(Markup.escaped(report.nameA))" data-b="\(Markup.escaped(report.nameB))" \
            data-per-name="\(perName)"></code></pre>
            <button type="button" id="approve-copy">Copy</button>
            </section>

            """
    }

    /// The box that ticks a failing entry of a folder comparison whose golden an update can
    /// change: rewritten or added from B, or (with `--prune`) removed.
    private static func approveBox(_ entry: ReportEntry, perName: Bool) -> String {
        guard perName else { return "" }
        let prune: Bool
        switch entry.kind {
        case .changed, .resized, .onlyInB: prune = false
        case .onlyInA: prune = true
        case .rescaled, .region, .unchanged: return ""
        }
        return "<label class=\"approve\"><input type=\"checkbox\" class=\"approve\" data-name=\"\(Markup.escaped(entry.name))\""
            + (prune ? " data-prune=\"true\"" : "") + " aria-label=\"approve\"></label> "
    }

    /// The settings of a rule that judged the entry, in a line: "judged by rule login/*:
    /// threshold 0, max-diff-pixels 40"; nothing when the report's options did.
    private static func settings(_ entry: ReportEntry) -> String {
        guard let rule = entry.settings.first else { return "" }
        let fields = entry.settings.dropFirst().map { "\($0.label) \($0.value)" }.joined(separator: ", ")
        return " <p class=\"settings\">judged by rule <code>\(Markup.escaped(rule.value))</code>: \(Markup.escaped(fields))</p>"
    }

    /// Small tiles are drawn larger, in whole pixels, so a changed pixel can be seen.
    private static func displayScale(_ images: [ReportImage]) -> Int {
        let largest = images.map { max($0.width, $0.height) }.max() ?? 1
        return max(1, min(8, 240 / max(largest, 1)))
    }

    private static func img(_ image: ReportImage, scale: Int, alt: String, className: String? = nil) -> String {
        let classAttribute = className.map { " class=\"\($0)\"" } ?? ""
        return "<img\(classAttribute) src=\"\(Markup.escaped(image.path))\" width=\"\(image.width * scale)\" "
            + "height=\"\(image.height * scale)\" loading=\"lazy\" decoding=\"async\" alt=\"\(alt)\">"
    }

    private static let style = """

        :root { color-scheme: light; --fail: #c4002f; --pass: #1a7f37; --line: #d8d4cc; }
        body { margin: 0; font: 15px/1.45 system-ui, sans-serif; color: #1d1d1f; background: #f6f5f2; }
        header { padding: 20px 28px 16px; background: #fff; border-bottom: 1px solid var(--line); }
        h1 { margin: 0 0 6px; font-size: 24px; }
        h1.fail { color: var(--fail); } h1.pass { color: var(--pass); }
        .sides { margin: 0 0 12px; color: #555; }
        .side { display: inline-block; min-width: 1.4em; padding: 0 4px; border-radius: 4px; background: #ece9e2;
          font-weight: 600; text-align: center; color: #333; }
        .counts { display: flex; flex-wrap: wrap; gap: 8px; margin: 0 0 12px; padding: 0; list-style: none; }
        .counts li { padding: 4px 12px; border-radius: 999px; background: #eef6f0; color: var(--pass); }
        .counts li.fail { background: #fde8ec; color: var(--fail); }
        .counts b { font-size: 17px; }
        dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0; }
        dt { color: #666; } dd { margin: 0; font-variant-numeric: tabular-nums; }
        main { padding: 16px 28px 40px; }
        .entry { margin: 0 0 18px; padding: 14px 18px; background: #fff; border: 1px solid var(--line);
          border-left: 4px solid var(--fail); border-radius: 6px; content-visibility: auto; contain-intrinsic-size: auto 480px; }
        h2 { margin: 0 0 8px; font-size: 17px; overflow-wrap: anywhere; }
        .kind { display: inline-block; margin-right: 6px; padding: 1px 8px; border-radius: 4px; font-size: 13px;
          background: #fde8ec; color: var(--fail); vertical-align: 1px; }
        .passes .kind { background: #eef6f0; color: var(--pass); }
        .views { margin-top: 10px; }
        .side-by-side { display: flex; gap: 12px; align-items: flex-start; }
        .side-by-side figure { min-width: 0; max-width: calc((100% - 24px) / 3); }
        .slider { width: fit-content; max-width: 100%; margin-top: 14px; }
        figure { margin: 0; }
        figcaption { font-size: 13px; color: #666; }
        img { display: block; max-width: 100%; height: auto; image-rendering: pixelated;
          background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        .stack { position: relative; width: fit-content; max-width: 100%; }
        .stack .over { position: absolute; left: 0; top: 0; width: 100%;
          clip-path: inset(0 calc(100% - var(--position)) 0 0); }
        .slider input { width: 100%; margin: 6px 0 0; }
        .passes { padding: 10px 18px; background: #fff; border: 1px solid var(--line); border-radius: 6px; }
        .passes summary { cursor: pointer; color: var(--pass); font-weight: 600; }
        .passes ul { margin: 8px 0 0; padding-left: 18px; columns: 3 18em; }
        .passes .summary { color: #666; font-size: 13px; }
        .settings { margin: 4px 0 0; color: #555; font-size: 13px; }
        .approve-panel { margin-top: 12px; }
        .approve-panel p { margin: 0 0 4px; }
        .approve-panel pre { margin: 4px 0; padding: 8px 10px; background: #f1efe9; border-radius: 4px; white-space: pre-wrap;
          overflow-wrap: anywhere; min-height: 1.45em; }
        label.approve { margin-right: 6px; }
        .passes .settings { display: inline; margin-left: 6px; }

        """

    /// One listener for every slider and approve box on the page, attached once; the update
    /// command written from the ticked boxes, each word in single quotes (a quote inside as
    /// `'\''`), so the shell passes every name as it is.
    private static let script = #"""

        document.addEventListener('input', function (event) {
          var slider = event.target.closest('.slider');
          if (slider) slider.style.setProperty('--position', event.target.value + '%');
        });
        (function () {
          var command = document.getElementById('approve-command');
          if (!command) return;
          var boxes = Array.prototype.slice.call(document.querySelectorAll('input.approve'));
          var all = document.getElementById('approve-all');
          function quote(text) { return "'" + text.replace(/'/g, "'\\''") + "'"; }
          function update() {
            var words = ['pinboard', 'diff', quote(command.dataset.a), quote(command.dataset.b), '--update'];
            var ticked = boxes.filter(function (box) { return box.checked; });
            if (all) all.checked = boxes.length > 0 && ticked.length === boxes.length;
            if (command.dataset.perName === 'true') {
              if (ticked.length === 0) { command.textContent = ''; return; }
              if (ticked.some(function (box) { return box.dataset.prune === 'true'; })) words.push('--prune');
              ticked.forEach(function (box) { words.push('--only', quote(box.dataset.name)); });
            }
            command.textContent = words.join(' ');
          }
          document.addEventListener('change', function (event) {
            if (event.target === all) boxes.forEach(function (box) { box.checked = all.checked; });
            if (event.target === all || event.target.classList.contains('approve')) update();
          });
          var selected = /^#select=(.*)$/.exec(location.hash);
          if (selected) {
            var names = selected[1].split(',').map(decodeURIComponent);
            boxes.forEach(function (box) { box.checked = names.indexOf(box.dataset.name) >= 0; });
          }
          update();
          document.getElementById('approve-copy').addEventListener('click', function () {
            if (navigator.clipboard) { navigator.clipboard.writeText(command.textContent); return; }
            var range = document.createRange();
            range.selectNodeContents(command);
            getSelection().removeAllRanges();
            getSelection().addRange(range);
            document.execCommand('copy');
          });
        })();

        """#
}
