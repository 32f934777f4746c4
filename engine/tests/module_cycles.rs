//! The engine's modules depend on each other one way only: no import cycles.
//!
//! This test reads every `engine/src/**.rs`, builds the module dependency graph from the
//! paths in the code and fails naming a cycle if there is one. Conventions:
//! - A file is a module; `mod.rs` (and `lib.rs` / `main.rs`) is its folder's module.
//!   The library is the crate `crate`, the `llk` CLI (`src/bin/llk/`) the crate `llk`.
//! - Edges come from `crate::…`, `super::…`, `self::…` paths anywhere in the code, and
//!   from paths that start with a child module's name (`use child::…`, `child::f()`).
//!   A path points at the deepest module it names (`crate::stack::board::Board` →
//!   `crate::stack::board`).
//! - `use` declarations are followed: when a folder's module says `pub use child::X` (or
//!   a plain `use child::X`), a path to `folder::X` (`super::X` from a sibling,
//!   `crate::folder::X` from elsewhere) points at `folder::child`, the module that defines
//!   `X`, not at the folder. So two siblings using each other through their folder's
//!   re-exports are a cycle.
//! - Every path is an edge, a folder's module using its own children too (its `use
//!   child::…`, its glue). But a folder's module and its descendants may depend on each
//!   other in circles that pass through the folder's module: it is their face (types they
//!   share, re-exports) and their glue (methods that call into them), one unit split over
//!   files. Any other circle is reported: between siblings, or one that leaves the folder
//!   (even through the folder's module).
//! - Comments and string contents are ignored; `super` inside an inline `mod … { }`
//!   (a file's `mod tests`) first leaves that inline module.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

#[path = "module_cycles/source.rs"]
mod source;
use source::paths_in;

/// Module path (`crate::stack::board`) → modules it depends on.
type Graph = BTreeMap<String, BTreeSet<String>>;

/// Module path → the names its top-level `use` declarations bring in → the absolute path
/// each stands for (`crate::stack` → `Board` → `crate::stack::board::Board`).
type Aliases = BTreeMap<String, BTreeMap<String, Vec<String>>>;

#[test]
fn engine_modules_have_no_import_cycles() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let sources: Vec<(String, String)> = modules(&src)
        .into_iter()
        .map(|(module, path)| {
            let text = fs::read_to_string(&path).expect("read source file");
            (module, text)
        })
        .collect();
    let graph = build_graph(&sources);
    assert!(
        graph.len() > 20,
        "too few modules found: {:?}",
        graph.keys()
    );
    let cycles = cycles(&graph);
    assert!(
        cycles.is_empty(),
        "import cycles between engine modules:\n{}",
        cycles.join("\n")
    );
}

/// A graph from `(from, to)` edges.
fn graph_of(edges: &[(&str, &str)]) -> Graph {
    let mut graph = Graph::new();
    for (a, b) in edges {
        graph
            .entry(a.to_string())
            .or_default()
            .insert(b.to_string());
        graph.entry(b.to_string()).or_default();
    }
    graph
}

/// A set of module paths, for the tests' expectations.
fn set(modules: &[&str]) -> BTreeSet<String> {
    modules.iter().map(|m| m.to_string()).collect()
}

#[test]
fn the_checker_finds_a_cycle_and_reads_paths() {
    let mut edges = vec![("crate::a", "crate::b"), ("crate::b", "crate::c")];
    assert!(cycles(&graph_of(&edges)).is_empty());
    edges.push(("crate::c", "crate::a"));
    assert_eq!(
        cycles(&graph_of(&edges)),
        ["crate::a -> crate::b -> crate::c -> crate::a"]
    );

    let text = "use super::x::{Y, z::W};\nfn f() { crate::p::q(); }\nmod tests { use super::*; }";
    let known = set(&[
        "crate::m",
        "crate::m::f",
        "crate::m::x",
        "crate::m::x::z",
        "crate::p",
    ]);
    let deps = dependencies("crate::m::f", text, &known, &Aliases::new());
    assert_eq!(deps, set(&["crate::m::x", "crate::m::x::z", "crate::p"]));
}

#[test]
fn a_folder_and_its_children_may_use_each_other_through_the_folders_module() {
    // `m` is a folder: its module uses its children `a` and `b` (re-exports, glue), they
    // use its items, and `a::deep` uses `a`'s.
    let inside = [
        ("crate::m", "crate::m::a"),
        ("crate::m::a", "crate::m"),
        ("crate::m", "crate::m::b"),
        ("crate::m::b", "crate::m::a::deep"),
        ("crate::m::a::deep", "crate::m"),
        ("crate::m::a", "crate::m::a::deep"),
        ("crate::m::a::deep", "crate::m::a"),
    ];
    assert!(cycles(&graph_of(&inside)).is_empty());

    // Siblings using each other, without the folder's module: a cycle.
    let mut siblings = inside.to_vec();
    siblings.push(("crate::m::a", "crate::m::b"));
    assert_eq!(
        cycles(&graph_of(&siblings)),
        ["crate::m::a -> crate::m::b -> crate::m::a::deep -> crate::m::a"]
    );

    // Leaving the folder and coming back through the folder's module: a cycle.
    let mut leaving = inside.to_vec();
    leaving.extend([("crate::m::b", "crate::n"), ("crate::n", "crate::m")]);
    assert_eq!(
        cycles(&graph_of(&leaving)),
        ["crate::m -> crate::m::b -> crate::n -> crate::m"]
    );
}

#[test]
fn the_checker_follows_re_exports_and_counts_a_folders_glue() {
    let sources = |a: &str, c: &str| -> Vec<(String, String)> {
        [
            ("crate", "pub mod m; pub mod n;"),
            // The folder re-exports `A` and `B`, and its own code uses `c`.
            (
                "crate::m",
                "mod a; mod b; mod c;\npub use a::A;\npub use self::b::{B as Bee};\n\
                 fn g() { c::h(); }\npub struct Own;",
            ),
            ("crate::m::a", a),
            ("crate::m::b", "use super::A;\npub struct B;"),
            ("crate::m::c", c),
            (
                "crate::n",
                "use crate::m::Bee;\npub fn f() -> crate::m::Own { crate::m::Own }",
            ),
        ]
        .into_iter()
        .map(|(m, t)| (m.to_string(), t.to_string()))
        .collect()
    };
    let graph = build_graph(&sources("pub struct A;", "pub fn h() {}"));
    // `super::A` is `a`'s `A`; `crate::m::Bee` is `b`'s `B`.
    assert_eq!(graph["crate::m::b"], set(&["crate::m::a"]));
    assert_eq!(graph["crate::n"], set(&["crate::m", "crate::m::b"]));
    assert_eq!(
        graph["crate::m"],
        set(&["crate::m::a", "crate::m::b", "crate::m::c"])
    );
    assert!(cycles(&graph).is_empty());

    // `a` using `b` through the folder's re-export while `b` uses `a`: a cycle.
    let through_re_export = build_graph(&sources("use super::Bee;", "pub fn h() {}"));
    assert_eq!(
        cycles(&through_re_export),
        ["crate::m::a -> crate::m::b -> crate::m::a"]
    );

    // `c` using `n` while `n` reaches `c` through the folder's module (`Own`, and the
    // glue `g` calling `c`): a cycle.
    let through_glue = build_graph(&sources("pub struct A;", "pub fn h() { crate::n::f() }"));
    assert_eq!(
        cycles(&through_glue),
        ["crate::m -> crate::m::c -> crate::n -> crate::m"]
    );
}

/// Every `.rs` file under `src` with its module path.
fn modules(src: &Path) -> Vec<(String, PathBuf)> {
    let mut files = Vec::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).expect("read src dir") {
            let path = entry.expect("dir entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files
        .into_iter()
        .map(|path| {
            let rel = path.strip_prefix(src).expect("under src");
            let mut parts: Vec<String> = rel
                .iter()
                .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
                .collect();
            if parts.first().map(String::as_str) == Some("bin") {
                parts.remove(0); // `bin/llk/...` is the crate `llk`
            } else {
                parts.insert(0, "crate".into());
            }
            let last = parts.last().map(String::as_str);
            if matches!(last, Some("mod" | "lib" | "main")) {
                parts.pop();
            }
            (parts.join("::"), path)
        })
        .collect()
}

/// The graph of `(module path, source text)` pairs: first what every module's `use`
/// declarations bring in, then each module's dependencies with those followed.
fn build_graph(sources: &[(String, String)]) -> Graph {
    let known: BTreeSet<String> = sources.iter().map(|(m, _)| m.clone()).collect();
    let aliases: Aliases = sources
        .iter()
        .map(|(module, text)| {
            let names = paths_in(module, text, &known)
                .into_iter()
                .filter(|p| p.top_use)
                .filter_map(|p| Some((p.name()?, p.path)))
                .filter(|(name, _)| name != "*" && name != "_")
                .collect();
            (module.clone(), names)
        })
        .collect();
    sources
        .iter()
        .map(|(module, text)| {
            let deps = dependencies(module, text, &known, &aliases);
            (module.clone(), deps)
        })
        .collect()
}

/// The modules `module` (whose source is `text`) depends on, following `aliases`.
fn dependencies(
    module: &str,
    text: &str,
    known: &BTreeSet<String>,
    aliases: &Aliases,
) -> BTreeSet<String> {
    paths_in(module, text, known)
        .into_iter()
        .map(|found| resolve(&found.path, known, aliases))
        .filter(|target| target != module)
        .collect()
}

/// The deepest module `path` names, following `use` declarations: if the segment after
/// that module is a name the module imports, the path goes on from what the name stands for.
fn resolve(path: &[String], known: &BTreeSet<String>, aliases: &Aliases) -> String {
    let mut path: Vec<String> = path.to_vec();
    // Chains of imports are short; the bound only stops a loop (code that cannot compile).
    for _ in 0..16 {
        let Some(first) = path.first() else {
            return String::new();
        };
        let mut deepest = first.clone();
        let mut used = 1;
        for seg in &path[1..] {
            let candidate = format!("{deepest}::{seg}");
            if !known.contains(&candidate) {
                break;
            }
            deepest = candidate;
            used += 1;
        }
        let Some(target) = path
            .get(used)
            .and_then(|name| aliases.get(&deepest)?.get(name))
        else {
            return deepest;
        };
        let mut next = target.clone();
        next.extend_from_slice(&path[used + 1..]);
        path = next;
    }
    path.join("::")
}

/// The import cycles in `graph`, one line each (`a -> b -> a`), leaving out the circles a
/// folder's module and its descendants may form through it (see the top of this file).
///
/// Modules that reach each other form a group (a strongly connected component). A group
/// made of a folder's module and some of its descendants is accepted if, without that
/// module, what is left of the group is accepted; any other group is reported by a cycle
/// through two of its modules where neither is inside the other.
fn cycles(graph: &Graph) -> Vec<String> {
    let all: BTreeSet<&str> = graph.keys().map(String::as_str).collect();
    let mut out = Vec::new();
    report_cycles(graph, &all, &mut out);
    out
}

fn report_cycles<'g>(graph: &'g Graph, among: &BTreeSet<&'g str>, out: &mut Vec<String>) {
    let inside = |outer: &str, inner: &str| inner.starts_with(&format!("{outer}::"));
    let reach: BTreeMap<&'g str, BTreeSet<&'g str>> = among
        .iter()
        .map(|&m| (m, reachable(graph, among, m)))
        .collect();
    let mut grouped = BTreeSet::new();
    for &m in among {
        if grouped.contains(m) {
            continue;
        }
        let group: BTreeSet<&'g str> = reach[m]
            .iter()
            .copied()
            .filter(|n| reach[n].contains(m))
            .collect();
        grouped.extend(group.iter().copied());
        if group.len() < 2 {
            continue; // no module depends on itself (`dependencies` drops self-edges)
        }
        let top = group
            .iter()
            .find(|&&top| group.iter().all(|&n| n == top || inside(top, n)));
        if let Some(&top) = top {
            let rest: BTreeSet<&'g str> = group.iter().copied().filter(|&n| n != top).collect();
            report_cycles(graph, &rest, out);
            continue;
        }
        // No module holds all the others, so two are side by side (a tree's nested paths
        // would have a top): name the cycle through them.
        let pair = group.iter().find_map(|&a| {
            let b = group
                .iter()
                .find(|&&b| a != b && !inside(a, b) && !inside(b, a))?;
            Some((a, *b))
        });
        if let Some((a, b)) = pair {
            let mut cycle = shortest_path(graph, &group, a, b);
            cycle.extend(shortest_path(graph, &group, b, a).into_iter().skip(1));
            out.push(cycle.join(" -> "));
        }
    }
}

/// The modules of `among` reachable from `from` by one edge or more (`from` itself only
/// if it is on a cycle).
fn reachable<'g>(graph: &'g Graph, among: &BTreeSet<&str>, from: &str) -> BTreeSet<&'g str> {
    let mut seen = BTreeSet::new();
    let mut todo: Vec<&str> = vec![from];
    while let Some(m) = todo.pop() {
        for next in graph.get(m).into_iter().flatten() {
            if among.contains(next.as_str()) && seen.insert(next.as_str()) {
                todo.push(next);
            }
        }
    }
    seen
}

/// A shortest path `[from, …, to]` inside `group` (breadth first; `group` is strongly
/// connected, so there is one).
fn shortest_path<'g>(
    graph: &'g Graph,
    group: &BTreeSet<&str>,
    from: &'g str,
    to: &'g str,
) -> Vec<&'g str> {
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(m) = queue.pop_front() {
        if m == to {
            break;
        }
        for next in graph.get(m).into_iter().flatten() {
            let next = next.as_str();
            if group.contains(next) && next != from && !came_from.contains_key(next) {
                came_from.insert(next, m);
                queue.push_back(next);
            }
        }
    }
    let mut path = vec![];
    let mut at = to;
    while let Some(&prev) = came_from.get(at) {
        path.push(at);
        at = prev;
    }
    path.push(from);
    path.reverse();
    path
}
