// A stand-in for the Tauri backend, for looking at the view in a plain browser
// (scripts/shoot.mjs injects it after `window.__MOCK_FIXTURE__`, mock-fixture.json). It
// decides no rule: the classic game replays the fixture `llk` produced (`make
// mock-fixture`; a test fails when it drifts): the presets, one deal, and a winning line
// with each match's path. Tapping the line's next pair (the hint) matches it; any other
// pair only moves the selection. Stack levels 1 and 2 replay a winning line the same way.
(() => {
  const F = window.__MOCK_FIXTURE__;
  if (!F) throw new Error("mock-tauri.js needs window.__MOCK_FIXTURE__ (ui/scripts/mock-fixture.json)");
  const PRESETS = F.presets;
  const q = new URLSearchParams(location.search);
  let settings = { language: q.get("lang") || "auto", auto_shuffle: true, muted: null, intro_seen: q.get("intro") !== "1" };
  let g = null;
  let step = 0; // the fixture's next match
  let history = [];
  const same = (p, q) => p[0] === q[0] && p[1] === q[1];
  const view = () => ({ mode: "classic", ...JSON.parse(JSON.stringify(g)), code: null });
  /** The fixture's next match, as a hint. */
  const nextStep = () => F.classic.steps[step] ?? null;
  function remove(a, b) {
    g.cells[a[0]][a[1]] = null; g.cells[b[0]][b[1]] = null; g.tiles_left -= 2; step++;
  }
  function deal() {
    const o = F.classic.options;
    g = {
      options: { ...o }, rows: o.rows, cols: o.cols,
      cells: JSON.parse(JSON.stringify(F.classic.board)),
      selection: null, status: "playing", score: 0, combo: 0,
      counters: { moves: 0, hints: 0, shuffles: 0, undos: 0 }, tiles_left: o.rows * o.cols, elapsed_ms: 0, can_undo: false, best_score: 1240,
    };
    step = 0;
    history = [];
    // a board part-way through the line
    if (q.get("sparse")) for (const s of F.classic.steps.slice(0, 30)) remove(s.a, s.b);
    return view();
  }
  const handlers = {
    start: () => ({
      game: q.get("mode") === "stack"
        ? stack.deal({ level: Number(q.get("level") || 2), seed: q.get("seed") || "7", tray: 7, props: { move_out: 1, shuffle: 1, undo: 1 } })
        : deal(),
      notice: q.get("notice") ? "The saved game could not be used (expected value at line 1 column 1); it was kept as /home/player/.local/share/io.github.lianliankan/game.json.corrupt" : null,
      notices: q.get("notice") ? [{ code: "file_set_aside", file: "game", kept_as: "game.json.corrupt" }] : [],
    }),
    presets: () => PRESETS,
    new_game: ({ options }) => (options.mode === "stack" ? stack.deal(options) : (stack.g = null, deal())),
    select(args) {
      if (stack.g) return stack.take(args.id);
      const { row, col } = args;
      const k = g.cells[row][col];
      if (k === null) throw { code: "empty_cell", message: "That cell is empty." };
      const s = g.selection;
      if (!s) { g.selection = [row, col]; return { mode: "classic", outcome: { kind: "selected", cell: [row, col] }, game: view() }; }
      if (same(s, [row, col])) { g.selection = null; return { mode: "classic", outcome: { kind: "deselected", cell: s }, game: view() }; }
      const next = nextStep();
      const forward = next && same(s, next.a) && same([row, col], next.b);
      const backward = next && same(s, next.b) && same([row, col], next.a);
      if (!forward && !backward) { g.selection = [row, col]; return { mode: "classic", outcome: { kind: "switched", from: s, to: [row, col] }, game: view() }; }
      const path = forward ? next.path : [...next.path].reverse();
      history.push(JSON.stringify({ g, step }));
      remove(s, [row, col]); g.selection = null;
      g.combo += 1; const points = 10 * g.combo; g.score += points; g.can_undo = true; g.counters.moves++;
      g.status = g.tiles_left === 0 ? "won" : "playing";
      if (g.status === "won" && g.score > (g.best_score ?? 0)) g.best_score = g.score;
      return { mode: "classic", outcome: { kind: "matched", path, removed: [s, [row, col]], points, combo: g.combo, status: g.status, shuffled: false, moves: [] }, game: view() };
    },
    hint: () => (stack.g ? { mode: "stack", hint: stack.hint(), game: stack.view() } : (g.counters.hints++, { mode: "classic", hint: nextStep(), game: view() })),
    move_out: () => stack.moveOut(),
    winning_line: () => ({ moves: stack.g ? stack.line() : null }),
    shuffle() {
      if (stack.g) return stack.shuffle();
      // the fixture's line is for this arrangement: the mock counts the shuffle, moves nothing
      g.selection = null; g.counters.shuffles++; return view();
    },
    undo() {
      if (stack.g) return stack.undo();
      if (!history.length) throw { code: "nothing_to_undo", message: "Nothing to undo." };
      ({ g, step } = JSON.parse(history.pop())); g.can_undo = history.length > 0; return view();
    },
    game_state: () => (stack.g ? stack.view() : view()),
    set_elapsed: ({ elapsedMs }) => { if (stack.g) stack.g.elapsed_ms = elapsedMs; else g.elapsed_ms = elapsedMs; return null; },
    get_settings: () => settings,
    set_settings: ({ settings: s }) => ({ settings: (settings = s), game: null }),
    launch_report: () => false,
  };
  // ---- stack mode: levels 1 and 2 (seed 7) from the fixture; the winning line's next tile
  // is the only one the mock takes (`window.__mockStackNext()` names it; so does a hint).
  const stack = {
    g: null,
    fx: null,
    step: 0,
    deal(o) {
      const level = Number(o.level ?? 1) === 1 ? 1 : 2;
      this.fx = F.stack[String(level)];
      const tiles = this.fx.deal.tiles;
      const props = o.props ?? { move_out: 1, shuffle: 1, undo: 1 };
      this.step = 0;
      this.g = {
        options: { level, tiles: tiles.length, kinds: new Set(tiles.map((t) => t.kind)).size, layers: Math.max(...tiles.map((t) => t.z)) + 1, peak: null, seed: "7", random_fill: false, tray: this.fx.deal.tray, props },
        tray_size: this.fx.deal.tray, held: [], score: 0,
        counters: { takes: 0, hints: 0, move_outs: 0, shuffles: 0, undos: 0 }, props_left: { ...props },
        elapsed_ms: 0, best_score: null,
        width: Math.max(...tiles.map((t) => t.x)) + 4, height: Math.max(...tiles.map((t) => t.y)) + 4,
      };
      return this.view();
    },
    view() {
      const rec = this.fx.after[this.step];
      const taken = new Set(this.fx.line.slice(0, this.step));
      const tiles = this.fx.deal.tiles.map((t, id) => ({
        id, x: t.x, y: t.y, z: t.z, kind: t.kind,
        place: rec.tray.includes(id) ? "tray" : taken.has(id) ? "gone" : "board",
        free: rec.free.includes(id),
      }));
      const left = tiles.filter((t) => t.place !== "gone").length;
      return { mode: "stack", ...JSON.parse(JSON.stringify(this.g)), tiles, tray: rec.tray, status: rec.status, tiles_left: left, can_undo: this.step > 0, score: 10 * (tiles.length - left) };
    },
    next() { return this.fx.line[this.step] ?? null; },
    take(id) {
      if (id !== this.next()) throw { code: "tile_covered", message: "The mock only takes the winning line's next tile." };
      const goneBefore = this.view().tiles.filter((t) => t.place === "gone").map((t) => t.id);
      this.step++; this.g.counters.takes++;
      const v = this.view();
      const cleared = v.tiles.filter((t) => t.place === "gone" && !goneBefore.includes(t.id)).map((t) => t.id);
      const slot = cleared.length ? 0 : v.tray.indexOf(id);
      return { mode: "stack", outcome: { id, slot, cleared, points: 10 * cleared.length, status: v.status }, game: v };
    },
    moveOut() { throw { code: "no_prop_left", message: "The mock replays a winning line: no move-out." }; },
    shuffle() { throw { code: "no_prop_left", message: "The mock replays a winning line: no shuffle." }; },
    undo() {
      if (this.step === 0) throw { code: "nothing_to_undo", message: "Nothing to undo." };
      this.step--; this.g.counters.undos++; return this.view();
    },
    hint() { this.g.counters.hints++; return { id: this.next(), lost: false }; },
    line() { return this.fx.line.slice(this.step, this.step + 6); },
  };
  window.__mockStackNext = () => stack.next();

  window.__TAURI_INTERNALS__ = {
    invoke: (cmd, args) =>
      new Promise((resolve, reject) => {
        try { resolve(handlers[cmd](args || {})); } catch (e) { reject(e); }
      }),
    transformCallback: () => 0,
    unregisterCallback: () => {},
  };
})();
