// A stand-in for the Tauri backend, for looking at the view in a plain browser
// (scripts/shoot.mjs injects it). NOT the rules engine: just enough to play.
(() => {
  const PRESETS = [
    { name: "10x10", rows: 10, cols: 10, kinds: 25 },
    { name: "14x6", rows: 6, cols: 14, kinds: 21 },
    { name: "16x9", rows: 9, cols: 16, kinds: 36 },
    { name: "18x8", rows: 8, cols: 18, kinds: 36 },
    { name: "24x12", rows: 12, cols: 24, kinds: 42 },
    { name: "26x14", rows: 14, cols: 26, kinds: 42 },
    { name: "30x16", rows: 16, cols: 30, kinds: 48 },
  ];
  const q = new URLSearchParams(location.search);
  let settings = { language: q.get("lang") || "auto", auto_shuffle: true, muted: null, intro_seen: q.get("intro") !== "1" };
  let rng = 1;
  const rand = () => ((rng = (rng * 1103515245 + 12345) % 2147483648) / 2147483648);
  let g = null;
  let history = [];
  const free = (r, c) => r < 0 || c < 0 || r >= g.rows || c >= g.cols || g.cells[r][c] === null;
  function clear(a, b) {
    const [r1, c1] = a, [r2, c2] = b;
    if (r1 === r2) { for (let c = Math.min(c1, c2) + 1; c < Math.max(c1, c2); c++) if (!free(r1, c)) return false; return true; }
    if (c1 === c2) { for (let r = Math.min(r1, r2) + 1; r < Math.max(r1, r2); r++) if (!free(r, c1)) return false; return true; }
    return false;
  }
  const len = (p) => p.slice(1).reduce((s, x, i) => s + Math.abs(x[0] - p[i][0]) + Math.abs(x[1] - p[i][1]), 0);
  function path(a, b) {
    if ((a[0] === b[0] || a[1] === b[1]) && clear(a, b)) return [a, b];
    for (const k of [[a[0], b[1]], [b[0], a[1]]]) if (free(...k) && clear(a, k) && clear(k, b)) return [a, k, b];
    let best = null;
    for (let r = -1; r <= g.rows; r++) {
      const p = [a, [r, a[1]], [r, b[1]], b];
      if (r !== a[0] && r !== b[0] && free(r, a[1]) && free(r, b[1]) && clear(a, p[1]) && clear(p[1], p[2]) && clear(p[2], b))
        if (!best || len(p) < len(best)) best = p;
    }
    for (let c = -1; c <= g.cols; c++) {
      const p = [a, [a[0], c], [b[0], c], b];
      if (c !== a[1] && c !== b[1] && free(a[0], c) && free(b[0], c) && clear(a, p[1]) && clear(p[1], p[2]) && clear(p[2], b))
        if (!best || len(p) < len(best)) best = p;
    }
    return best;
  }
  function findHint() {
    const tiles = [];
    g.cells.forEach((row, r) => row.forEach((k, c) => k !== null && tiles.push([r, c])));
    for (let i = 0; i < tiles.length; i++)
      for (let j = i + 1; j < tiles.length; j++) {
        const a = tiles[i], b = tiles[j];
        if (g.cells[a[0]][a[1]] !== g.cells[b[0]][b[1]]) continue;
        const p = path(a, b);
        if (p) return { a, b, path: p };
      }
    return null;
  }
  const view = () => ({ mode: "classic", ...JSON.parse(JSON.stringify(g)) });
  function deal(options) {
    rng = Number(BigInt(options.seed) % 2147483647n) || 7;
    const n = options.rows * options.cols;
    const kinds = [];
    for (let i = 0; i < n / 2; i++) kinds.push(i % options.kinds, i % options.kinds);
    for (let i = kinds.length - 1; i > 0; i--) { const j = Math.floor(rand() * (i + 1)); [kinds[i], kinds[j]] = [kinds[j], kinds[i]]; }
    g = {
      options, rows: options.rows, cols: options.cols,
      cells: Array.from({ length: options.rows }, (_, r) => kinds.slice(r * options.cols, (r + 1) * options.cols)),
      selection: null, status: "playing", score: 0, combo: 0,
      counters: { moves: 0, hints: 0, shuffles: 0, undos: 0 }, tiles_left: n, elapsed_ms: 0, can_undo: false, best_score: 1240,
    };
    history = [];
    if (q.get("sparse")) for (let r = 0; r < g.rows; r++) for (let c = 0; c < g.cols; c++) if ((r * 7 + c * 3) % 5 < 2) { g.cells[r][c] = null; g.tiles_left--; }
    return view();
  }
  const status = () => (g.tiles_left === 0 ? "won" : findHint() ? "playing" : "stuck");
  const handlers = {
    start: () => ({
      game: q.get("mode") === "stack"
        ? stack.deal({ level: Number(q.get("level") || 2), seed: q.get("seed") || "7", tray: 7, props: { move_out: 1, shuffle: 1, undo: 1 } })
        : deal({ rows: 10, cols: 10, kinds: 25, seed: q.get("seed") || "20240601", solvable: true, ring: true, auto_shuffle: true }),
      notice: q.get("notice"),
    }),
    presets: () => PRESETS,
    new_game: ({ options }) => (options.mode === "stack" ? stack.deal(options) : (stack.g = null, deal(options))),
    select(args) {
      if (stack.g) return stack.take(args.id);
      const { row, col } = args;
      const k = g.cells[row][col];
      if (k === null) throw { code: "empty_cell", message: "That cell is empty." };
      const s = g.selection;
      if (!s) { g.selection = [row, col]; return { mode: "classic", outcome: { kind: "selected", cell: [row, col] }, game: view() }; }
      if (s[0] === row && s[1] === col) { g.selection = null; return { mode: "classic", outcome: { kind: "deselected", cell: s }, game: view() }; }
      const p = g.cells[s[0]][s[1]] === k ? path(s, [row, col]) : null;
      if (!p) { g.selection = [row, col]; return { mode: "classic", outcome: { kind: "switched", from: s, to: [row, col] }, game: view() }; }
      history.push(JSON.stringify(g));
      g.cells[s[0]][s[1]] = null; g.cells[row][col] = null; g.tiles_left -= 2; g.selection = null;
      g.combo += 1; const points = 10 * g.combo; g.score += points; g.can_undo = true; g.counters.moves++;
      g.status = status();
      if (g.status === "won" && g.score > (g.best_score ?? 0)) g.best_score = g.score;
      return { mode: "classic", outcome: { kind: "matched", path: p, removed: [s, [row, col]], points, combo: g.combo, status: g.status, shuffled: false }, game: view() };
    },
    hint: () => (stack.g ? { mode: "stack", hint: stack.hint(), game: stack.view() } : (g.counters.hints++, { mode: "classic", hint: findHint(), game: view() })),
    move_out: () => stack.moveOut(),
    winning_line: () => ({ moves: stack.g ? stack.line() : null }),
    shuffle() {
      if (stack.g) return stack.shuffle();
      const ks = g.cells.flat().filter((k) => k !== null);
      for (let i = ks.length - 1; i > 0; i--) { const j = Math.floor(rand() * (i + 1)); [ks[i], ks[j]] = [ks[j], ks[i]]; }
      let i = 0; g.cells = g.cells.map((row) => row.map((k) => (k === null ? null : ks[i++])));
      g.selection = null; g.counters.shuffles++; g.status = status(); return view();
    },
    undo() {
      if (stack.g) return stack.undo();
      if (!history.length) throw { code: "nothing_to_undo", message: "Nothing to undo." };
      g = JSON.parse(history.pop()); g.can_undo = history.length > 0; return view();
    },
    game_state: () => (stack.g ? stack.view() : view()),
    set_elapsed: ({ elapsedMs }) => { if (stack.g) stack.g.elapsed_ms = elapsedMs; else g.elapsed_ms = elapsedMs; return null; },
    get_settings: () => settings,
    set_settings: ({ settings: s }) => (settings = s),
  };
  // ---- stack mode: a pyramid and two side piles, random triples (NOT the engine's deals)
  const stack = {
    g: null,
    hist: [],
    deal(o) {
      rng = Number(BigInt(o.seed) % 2147483647n) || 7;
      const level = o.level ?? 1;
      const tiles = [];
      const W = level === 1 ? 4 : 7, H = level === 1 ? 4 : 8, Z = level === 1 ? 3 : 8;
      for (let z = 0; z < Z; z++) {
        const off = (z % 2) * 2, w = W - (z % 2) - Math.floor(z / 3), h = H - (z % 2) - Math.floor(z / 3);
        const sx = 4 + off + Math.floor(z / 3) * 2, sy = off + Math.floor(z / 3) * 2;
        for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) tiles.push({ x: sx + c * 4, y: sy + r * 4, z, kind: 0 });
      }
      if (level > 1) for (let i = 0; i < 10; i++) { tiles.push({ x: 0, y: 4 + i, z: i, kind: 0 }); tiles.push({ x: W * 4 + 4, y: 4 + i, z: i, kind: 0 }); }
      tiles.length -= tiles.length % 3;
      if (window.__mockStackTiles) tiles.splice(0, tiles.length, ...window.__mockStackTiles.map((t) => ({ ...t })));
      const kinds = level === 1 ? 3 : 14;
      const ks = window.__mockStackTiles ? tiles.map((t) => t.kind) : tiles.map((_, i) => Math.floor(i / 3) % kinds);
      for (let i = ks.length - 1; i > 0; i--) { const j = Math.floor(rand() * (i + 1)); [ks[i], ks[j]] = [ks[j], ks[i]]; }
      tiles.forEach((t, i) => (t.kind = ks[i]));
      const width = Math.max(...tiles.map((t) => t.x)) + 4, height = Math.max(...tiles.map((t) => t.y)) + 4;
      this.g = {
        options: { level, tiles: tiles.length, kinds, layers: Z, peak: null, seed: String(o.seed), random_fill: !!o.random_fill, tray: o.tray ?? 7, props: o.props ?? { move_out: 1, shuffle: 1, undo: 1 } },
        tiles: tiles.map((t, id) => ({ id, ...t, place: "board", free: false })), tray: [], held: [], tray_size: o.tray ?? 7, status: "playing", score: 0,
        counters: { takes: 0, hints: 0, move_outs: 0, shuffles: 0, undos: 0 }, props_left: { ...(o.props ?? { move_out: 1, shuffle: 1, undo: 1 }) },
        tiles_left: tiles.length, elapsed_ms: 0, can_undo: false, best_score: null, width, height,
      };
      this.hist = [];
      return this.view();
    },
    free(t) {
      return this.g.tiles.every((a) => a.place !== "board" || !(a.z > t.z && Math.abs(a.x - t.x) < 4 && Math.abs(a.y - t.y) < 4));
    },
    view() {
      for (const t of this.g.tiles) t.free = t.place === "board" ? this.free(t) : t.place === "held";
      this.g.tiles_left = this.g.tiles.filter((t) => t.place !== "gone").length;
      this.g.can_undo = this.hist.length > 0 && this.g.props_left.undo > 0;
      return { mode: "stack", ...JSON.parse(JSON.stringify(this.g)) };
    },
    take(id) {
      const g = this.g, t = g.tiles[id];
      if (!t || !(t.place === "held" || (t.place === "board" && this.free(t)))) throw { code: "tile_covered", message: "That tile is covered." };
      this.hist.push(JSON.stringify(g));
      if (t.place === "held") g.held = g.held.filter((h) => h !== id);
      let at = g.tray.length;
      for (let i = 0; i < g.tray.length; i++) if (g.tiles[g.tray[i]].kind === t.kind) at = i + 1;
      g.tray.splice(at, 0, id); t.place = "tray";
      const same = g.tray.filter((x) => g.tiles[x].kind === t.kind);
      let cleared = [], points = 0;
      if (same.length === 3) { cleared = same; g.tray = g.tray.filter((x) => !same.includes(x)); same.forEach((x) => (g.tiles[x].place = "gone")); points = 30; g.score += 30; }
      g.counters.takes++;
      if (g.tray.length >= g.tray_size) g.status = "lost";
      else if (g.tiles.every((x) => x.place === "gone")) g.status = "won";
      return { mode: "stack", outcome: { id, slot: at, cleared, points, status: g.status }, game: this.view() };
    },
    moveOut() {
      const g = this.g;
      if (g.props_left.move_out < 1) throw { code: "no_prop_left", message: "No move-out left." };
      g.held = g.tray.splice(0, 3); g.held.forEach((x) => (g.tiles[x].place = "held"));
      g.props_left.move_out--; g.counters.move_outs++; this.hist = []; return this.view();
    },
    shuffle() {
      const g = this.g, on = g.tiles.filter((t) => t.place === "board"), ks = on.map((t) => t.kind);
      for (let i = ks.length - 1; i > 0; i--) { const j = Math.floor(rand() * (i + 1)); [ks[i], ks[j]] = [ks[j], ks[i]]; }
      on.forEach((t, i) => (t.kind = ks[i])); g.props_left.shuffle--; g.counters.shuffles++; return this.view();
    },
    undo() {
      const props = this.g.props_left, counters = this.g.counters;
      this.g = JSON.parse(this.hist.pop()); this.g.props_left = { ...props, undo: props.undo - 1 }; this.g.counters = { ...counters, undos: counters.undos + 1 };
      this.g.status = "playing"; return this.view();
    },
    hint() { const v = this.view(); const t = v.tiles.find((x) => x.free); this.g.counters.hints++; return { id: t ? t.id : null, lost: !t }; },
    line() { const v = this.view(); return v.tiles.filter((x) => x.free).map((x) => x.id).slice(0, 6); },
  };

  window.__TAURI_INTERNALS__ = {
    invoke: (cmd, args) =>
      new Promise((resolve, reject) => {
        try { resolve(handlers[cmd](args || {})); } catch (e) { reject(e); }
      }),
    transformCallback: () => 0,
    unregisterCallback: () => {},
  };
})();
