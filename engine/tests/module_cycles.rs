//! The engine's modules depend on each other one way only: no import cycles.
//!
//! This test reads every `engine/src/**.rs`, builds the module dependency graph from the
//! paths in the code and fails naming a cycle if there is one. Conventions:
//! - A file is a module; `mod.rs` (and `lib.rs` / `main.rs`) is its folder's module.
//!   The library is the crate `crate`, the `llk` CLI (`src/bin/llk/`) the crate `llk`.
//! - Edges come from `crate::…`, `super::…`, `self::…` paths anywhere in the code, and
//!   from `use child::…` (a path relative to the current module). A path points at the
//!   deepest module it names (`crate::stack::board::Board` → `crate::stack::board`).
//! - A folder's module using its own children (its `pub use` re-exports, its glue) is
//!   not an edge: the folder contains them. A child using its folder's items is.
//! - Comments and string contents are ignored; `super` inside an inline `mod … { }`
//!   (a file's `mod tests`) first leaves that inline module.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Module path (`crate::stack::board`) → modules it depends on.
type Graph = BTreeMap<String, BTreeSet<String>>;

#[test]
fn engine_modules_have_no_import_cycles() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = build_graph(&src);
    assert!(
        graph.len() > 20,
        "too few modules found: {:?}",
        graph.keys()
    );
    // Name every cycle: report one, drop its last edge, look again.
    let mut cycles = Vec::new();
    let mut rest = graph.clone();
    while let Some(cycle) = find_cycle(&rest) {
        let (from, to) = (&cycle[cycle.len() - 2], &cycle[cycle.len() - 1]);
        rest.get_mut(from).map(|deps| deps.remove(to));
        cycles.push(cycle.join(" -> "));
    }
    assert!(
        cycles.is_empty(),
        "import cycles between engine modules:\n{}",
        cycles.join("\n")
    );
}

#[test]
fn the_checker_finds_a_cycle_and_skips_folder_facades() {
    fn edge(graph: &mut Graph, a: &str, b: &str) {
        graph.entry(a.into()).or_default().insert(b.into());
        graph.entry(b.into()).or_default();
    }
    let mut graph = Graph::new();
    edge(&mut graph, "crate::a", "crate::b");
    edge(&mut graph, "crate::b", "crate::c");
    assert_eq!(find_cycle(&graph), None);
    edge(&mut graph, "crate::c", "crate::a");
    let cycle = find_cycle(&graph).expect("a cycle");
    assert_eq!(cycle.first(), cycle.last());
    assert_eq!(cycle.len(), 4);

    let text = "use super::x::{Y, z::W};\nfn f() { crate::p::q(); }\nmod tests { use super::*; }";
    let known: BTreeSet<String> = ["crate::m", "crate::m::f", "crate::m::x", "crate::m::x::z"]
        .into_iter()
        .chain(["crate::p"])
        .map(String::from)
        .collect();
    let deps = dependencies("crate::m::f", text, &known);
    let want: BTreeSet<String> = ["crate::m::x", "crate::m::x::z", "crate::p"]
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(deps, want);
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

fn build_graph(src: &Path) -> Graph {
    let mods = modules(src);
    let known: BTreeSet<String> = mods.iter().map(|(m, _)| m.clone()).collect();
    mods.iter()
        .map(|(module, path)| {
            let text = fs::read_to_string(path).expect("read source file");
            (module.clone(), dependencies(module, &text, &known))
        })
        .collect()
}

/// The modules `module` (whose source is `text`) depends on.
fn dependencies(module: &str, text: &str, known: &BTreeSet<String>) -> BTreeSet<String> {
    let code = strip_comments_and_strings(text);
    let here: Vec<&str> = module.split("::").collect();
    let crate_root = here[0];
    let mut deps = BTreeSet::new();
    let mut inline_mods: Vec<usize> = Vec::new(); // brace depth at which each inline mod opened
    let mut depth = 0usize;
    let tokens = tokenize(&code);
    let mut i = 0;
    while i < tokens.len() {
        let tok = tokens[i].as_str();
        match tok {
            "{" => depth += 1,
            "}" => {
                depth = depth.saturating_sub(1);
                if inline_mods.last() == Some(&depth) {
                    inline_mods.pop();
                }
            }
            "mod" if tokens.get(i + 2).map(String::as_str) == Some("{") => {
                inline_mods.push(depth);
            }
            _ => {}
        }
        let starts_path = matches!(tok, "crate" | "super" | "self")
            && tokens.get(i + 1).map(String::as_str) == Some("::")
            && (i == 0 || tokens[i - 1] != "::");
        let relative_use = i > 0
            && tokens[i - 1] == "use"
            && tokens.get(i + 1).map(String::as_str) == Some("::")
            && known.contains(&format!("{module}::{tok}"));
        if starts_path || relative_use {
            let end = path_end(&tokens, i);
            for path in expand(&tokens[i..end]) {
                let mut supers_left = inline_mods.len();
                let mut base: Vec<&str> = here.clone();
                let mut rest = path.as_slice();
                match rest.first().map(String::as_str) {
                    Some("crate") => {
                        base = vec![crate_root];
                        rest = &rest[1..];
                    }
                    Some("self") => rest = &rest[1..],
                    _ => {}
                }
                while rest.first().map(String::as_str) == Some("super") {
                    if supers_left > 0 {
                        supers_left -= 1;
                    } else {
                        base.pop();
                    }
                    rest = &rest[1..];
                }
                let mut target: Vec<&str> = base;
                let mut deepest = target.join("::");
                for seg in rest {
                    target.push(seg);
                    let candidate = target.join("::");
                    if !known.contains(&candidate) {
                        break;
                    }
                    deepest = candidate;
                }
                let is_own_part = deepest == module || deepest.starts_with(&format!("{module}::"));
                if !is_own_part {
                    deps.insert(deepest);
                }
            }
            i = end;
            continue;
        }
        i += 1;
    }
    deps
}

/// Where the path starting at `tokens[start]` ends (its `::`, names and `{ … }` trees).
fn path_end(tokens: &[String], start: usize) -> usize {
    let mut i = start;
    let mut braces = 0usize;
    while i < tokens.len() {
        let t = tokens[i].as_str();
        let is_name = t.chars().all(|c| c.is_alphanumeric() || c == '_') || t == "*";
        match t {
            "{" => braces += 1,
            "}" if braces > 0 => braces -= 1,
            "::" => {}
            "," | "as" if braces > 0 => {}
            _ if is_name => {}
            _ if braces == 0 => return i,
            _ => {}
        }
        if braces == 0 && t == "}" {
            return i + 1;
        }
        if braces == 0 && is_name && tokens.get(i + 1).map(String::as_str) != Some("::") {
            return i + 1;
        }
        i += 1;
    }
    i
}

/// Expands a use tree (`a::{b, c::{d, e}}`) into its plain paths (`a::b`, `a::c::d`, …).
fn expand(tokens: &[String]) -> Vec<Vec<String>> {
    let mut prefix = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        match tokens[i].as_str() {
            "::" => {}
            "{" => {
                let mut out = Vec::new();
                let (mut depth, mut from) = (0usize, i + 1);
                for j in i..tokens.len() {
                    match tokens[j].as_str() {
                        "{" => depth += 1,
                        "}" | "," if depth == 1 => {
                            for mut tail in expand(&tokens[from..j]) {
                                let mut path = prefix.clone();
                                path.append(&mut tail);
                                out.push(path);
                            }
                            from = j + 1;
                            if tokens[j] == "}" {
                                break;
                            }
                        }
                        "}" => depth -= 1,
                        _ => {}
                    }
                }
                return out;
            }
            "as" => break,
            name => prefix.push(name.to_string()),
        }
        i += 1;
    }
    vec![prefix]
}

/// Words, `::` and single punctuation characters.
fn tokenize(code: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut chars = code.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_alphanumeric() || c == '_' {
            let mut word = c.to_string();
            while let Some(&n) = chars.peek().filter(|n| n.is_alphanumeric() || **n == '_') {
                word.push(n);
                chars.next();
            }
            tokens.push(word);
        } else if c == ':' && chars.peek() == Some(&':') {
            chars.next();
            tokens.push("::".into());
        } else if !c.is_whitespace() {
            tokens.push(c.to_string());
        }
    }
    tokens
}

/// The code with comments removed and string / char literals emptied (so braces and
/// paths inside them do not count).
fn strip_comments_and_strings(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 1;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 1;
                    if depth == 0 {
                        i += 1;
                        break;
                    }
                }
                i += 1;
            }
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            i += 1;
        } else if c == '\'' && (chars.get(i + 2) == Some(&'\'') || next == Some('\\')) {
            // A char literal ('x' or an escape); a lifetime ('a) has no closing quote.
            i += 1;
            while i < chars.len() && chars[i] != '\'' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            out.push_str("' '");
            i += 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// A cycle as `[a, b, …, a]`, if the graph has one (depth-first search, three colours).
fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit<'g>(
        node: &'g str,
        graph: &'g Graph,
        done: &mut BTreeSet<&'g str>,
        path: &mut Vec<&'g str>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| *n == node) {
            let mut cycle: Vec<String> = path[at..].iter().map(|s| s.to_string()).collect();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node);
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, done, path) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node);
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut done, &mut Vec::new()))
}
