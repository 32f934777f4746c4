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
  let settings = { language: q.get("lang") || "auto", auto_shuffle: true };
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
    start: () => ({ game: deal({ rows: 10, cols: 10, kinds: 25, seed: q.get("seed") || "20240601", solvable: true, ring: true, auto_shuffle: true }), notice: q.get("notice") }),
    presets: () => PRESETS,
    new_game: ({ options }) => deal(options),
    select({ row, col }) {
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
    hint: () => { g.counters.hints++; return { mode: "classic", hint: findHint(), game: view() }; },
    shuffle() {
      const ks = g.cells.flat().filter((k) => k !== null);
      for (let i = ks.length - 1; i > 0; i--) { const j = Math.floor(rand() * (i + 1)); [ks[i], ks[j]] = [ks[j], ks[i]]; }
      let i = 0; g.cells = g.cells.map((row) => row.map((k) => (k === null ? null : ks[i++])));
      g.selection = null; g.counters.shuffles++; g.status = status(); return view();
    },
    undo() {
      if (!history.length) throw { code: "nothing_to_undo", message: "Nothing to undo." };
      g = JSON.parse(history.pop()); g.can_undo = history.length > 0; return view();
    },
    game_state: () => view(),
    set_elapsed: ({ elapsedMs }) => { g.elapsed_ms = elapsedMs; return null; },
    get_settings: () => settings,
    set_settings: ({ settings: s }) => (settings = s),
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
