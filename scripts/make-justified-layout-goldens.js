#!/usr/bin/env node
/*
Write the boxes Flickr's justified-layout 4.1 gives for seeded random boards, for
Tests/LayoutTests/JustifiedLayoutGoldenTests.swift to hold pinboard's justified rows against.

Why: pinboard's justified rows are meant to be justified-layout's (docs/geometry.md,
"Justified rows"). A Swift port of it (Tests/LayoutTests/JustifiedReference.swift) is a
reading of the code; these goldens are the code itself, run once.

Where justified-layout comes from: not npm (the package has no runtime dependencies, and
only lib/index.js and lib/row.js run). Give the script either a checkout of
github.com/flickr/justified-layout or its bare git directory, which is what a mirror of
it holds (the session tooling's fetch of github:flickr/justified-layout put it at
/work/.mirror/flickr+justified-layout/repo, the default here); from a git directory the
two files are read at the tag v4.1.0 with `git show`. None of justified-layout's code is
committed to pinboard; its LICENSE (MIT) is copied beside the goldens.

    node scripts/make-justified-layout-goldens.js [JUSTIFIED_LAYOUT] [--cases N]

Outputs, in Fixtures/justified-layout-4.1/:
  cases.json  {"justifiedLayout": {"version", "commit"}, "cases": [{"seed", "width",
              "padding", "margin", "rowHeight", "tolerance", "widows", "maxRows" (or null),
              "sources": [[w, h], ...], "containerHeight", "widowCount",
              "boxes": [[top, left, width, height], ...]}]}
  LICENSE     justified-layout's licence

Each case is pinboard's settings turned into justified-layout's: containerWidth = width,
containerPadding = margin + padding, boxSpacing = 2 * padding, targetRowHeight = rowHeight,
targetRowHeightTolerance = tolerance, widowLayoutStyle = widows, maxNumRows = maxRows.
A drawn board whose rows leave less than a pixel per image (pinboard refuses it as
rowTooCrowded; justified-layout gives negative widths) is drawn again from the next seed.
Four boards drawn by hand follow the random ones (seeds -1 to -4): widow rows wider than the
container, which random boards almost never make. Numbers are written to 1/1000 px. Run
once; the outputs are committed.
*/
'use strict';

const childProcess = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const TAG = 'v4.1.0';
const DEFAULT_SOURCE = '/work/.mirror/flickr+justified-layout/repo';
const OUT = path.join(__dirname, '..', 'Fixtures', 'justified-layout-4.1');

/** justified-layout's lib/ and LICENSE, from a checkout or a git directory, and the commit. */
function loadJustifiedLayout(source) {
    const files = ['lib/index.js', 'lib/row.js', 'LICENSE', 'package.json'];
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'justified-layout-'));
    fs.mkdirSync(path.join(work, 'lib'));
    let commit;
    if (fs.existsSync(path.join(source, 'lib', 'index.js'))) {
        for (const file of files) fs.copyFileSync(path.join(source, file), path.join(work, file));
        commit = git(['-C', source, 'rev-parse', 'HEAD']).toString().trim();
    } else {
        for (const file of files) fs.writeFileSync(path.join(work, file), git(['--git-dir', source, 'show', `${TAG}:${file}`]));
        commit = git(['--git-dir', source, 'rev-parse', `${TAG}^{commit}`]).toString().trim();
    }
    const version = JSON.parse(fs.readFileSync(path.join(work, 'package.json'), 'utf8')).version;
    if (version !== '4.1.0') throw new Error(`expected justified-layout 4.1.0, found ${version}`);
    return {layout: require(path.join(work, 'lib', 'index.js')), license: fs.readFileSync(path.join(work, 'LICENSE')), commit, version};
}

function git(args) {
    return childProcess.execFileSync('git', args, {encoding: 'buffer'});
}

/** SplitMix64, as pinboard's tests draw: a seed gives the same case on every machine. */
function splitMix(seed) {
    let state = BigInt.asUintN(64, BigInt(seed));
    const next = () => {
        state = BigInt.asUintN(64, state + 0x9E3779B97F4A7C15n);
        let z = state;
        z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n);
        z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94D049BB133111EBn);
        return z ^ (z >> 31n);
    };
    /** A whole number from lo to hi, both included. */
    const int = (lo, hi) => lo + Number(next() % BigInt(hi - lo + 1));
    return {int, chance: (n, outOf) => int(1, outOf) <= n};
}

/** One board's settings and sources, drawn from `seed`. */
function draw(seed) {
    const random = splitMix(seed);
    const padding = random.chance(1, 6) ? 0 : random.int(0, 8);
    // A third of the boards have margin = padding, justified-layout's own default shape
    // (containerPadding = boxSpacing), where its centred widows are centred.
    const margin = random.chance(1, 3) ? padding : random.int(0, 12);
    const width = random.int(2 * (padding + margin) + 200, 2400);
    const rowHeight = random.int(40, 420);
    const tolerances = [0, 0.1, 0.25, 0.5, 1];
    const tolerance = random.chance(1, 3) ? tolerances[random.int(0, tolerances.length - 1)] : random.int(0, 100) / 100;
    const widows = ['left', 'center', 'justify'][random.int(0, 2)];
    const maxRows = random.chance(1, 3) ? random.int(1, 6) : null;
    const count = random.chance(1, 10) ? random.int(1, 4) : random.int(1, 60);
    const sources = [];
    for (let i = 0; i < count; i++) {
        const kind = random.int(1, 20);
        if (kind === 1) sources.push([random.int(2000, 40000), random.int(100, 400)]);  // a panorama
        else if (kind === 2) sources.push([random.int(50, 300), random.int(2000, 8000)]);  // a tall strip
        else sources.push([random.int(100, 6000), random.int(100, 6000)]);
    }
    return {seed, width, padding, margin, rowHeight, tolerance, widows, maxRows, sources};
}

function run(layout, board) {
    const config = {
        containerWidth: board.width,
        containerPadding: board.margin + board.padding,
        boxSpacing: 2 * board.padding,
        targetRowHeight: board.rowHeight,
        targetRowHeightTolerance: board.tolerance,
        widowLayoutStyle: board.widows,
    };
    if (board.maxRows !== null) config.maxNumRows = board.maxRows;
    return layout(board.sources.map(([width, height]) => ({width, height})), config);
}

/** Whether every row leaves each of its images a pixel once its spacing is taken. */
function roomy(board, result) {
    const content = board.width - 2 * (board.margin + board.padding);
    const rows = new Map();
    for (const box of result.boxes) rows.set(box.top, (rows.get(box.top) || 0) + 1);
    return [...rows.values()].every((n) => content - (n - 1) * 2 * board.padding >= n)
        && result.boxes.every((box) => box.height > 0 && box.width > 0);
}

const round = (value) => Math.round(value * 1000) / 1000;

/**
 * Boards drawn by hand after the random ones, numbered from seed -1 down: widow rows wider
 * than the container (the row before them was completed short of the target, so they take
 * its tall height), which random boards almost never make.
 */
const CRAFTED = [
    {width: 100, padding: 0, margin: 0, rowHeight: 100, tolerance: 0.25, widows: 'left', maxRows: null,
        sources: [[650, 1000], [740, 1000]]},
    {width: 100, padding: 0, margin: 0, rowHeight: 100, tolerance: 0.25, widows: 'center', maxRows: null,
        sources: [[650, 1000], [740, 1000]]},
    {width: 520, padding: 5, margin: 5, rowHeight: 200, tolerance: 0.2, widows: 'left', maxRows: null,
        sources: [[1900, 1000], [1500, 1000], [400, 1000]]},
    {width: 520, padding: 5, margin: 5, rowHeight: 200, tolerance: 0.2, widows: 'center', maxRows: null,
        sources: [[1900, 1000], [1500, 1000], [400, 1000]]},
];

function main() {
    const args = process.argv.slice(2);
    let count = 240;
    const at = args.indexOf('--cases');
    if (at >= 0) {
        count = Number(args[at + 1]);
        args.splice(at, 2);
    }
    const source = args[0] || DEFAULT_SOURCE;
    const {layout, license, commit, version} = loadJustifiedLayout(source);
    const cases = [];
    for (let seed = 0; cases.length < count; seed++) {
        const board = draw(seed);
        const result = run(layout, board);
        if (!roomy(board, result)) continue;
        cases.push(Object.assign(board, {
            containerHeight: round(result.containerHeight),
            widowCount: result.widowCount,
            boxes: result.boxes.map((box) => [round(box.top), round(box.left), round(box.width), round(box.height)]),
        }));
    }
    CRAFTED.forEach((board, index) => {
        const result = run(layout, board);
        cases.push(Object.assign({seed: -1 - index}, board, {
            containerHeight: round(result.containerHeight),
            widowCount: result.widowCount,
            boxes: result.boxes.map((box) => [round(box.top), round(box.left), round(box.width), round(box.height)]),
        }));
    });
    fs.mkdirSync(OUT, {recursive: true});
    const lines = cases.map((board) => '    ' + JSON.stringify(board));
    const text = '{"generator": "scripts/make-justified-layout-goldens.js", '
        + `"justifiedLayout": {"version": "${version}", "commit": "${commit}"},\n "cases": [\n${lines.join(',\n')}\n ]}\n`;
    fs.writeFileSync(path.join(OUT, 'cases.json'), text);
    fs.writeFileSync(path.join(OUT, 'LICENSE'), license);
    process.stdout.write(`${cases.length} cases from justified-layout ${version} (${commit}) in ${OUT}\n`);
}

main();
