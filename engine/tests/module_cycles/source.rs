//! Reading Rust source for the module-cycle test: the paths a file's code names
//! (`crate::…`, `super::…`, `self::…`, `child::…`), each made absolute, with comments and
//! string contents ignored. Text only: no compiler, so conventions (see `module_cycles.rs`)
//! stand in for name resolution.

use std::collections::BTreeSet;

/// One path found in a module's code, made absolute.
pub struct FoundPath {
    /// `["crate", "stack", "board", "Board"]`.
    pub path: Vec<String>,
    /// The name after `as`, if any.
    pub alias: Option<String>,
    /// Whether it is in a `use` declaration at the file's top level (so the module's
    /// children, and with `pub` everyone, can name it through the module).
    pub top_use: bool,
}

impl FoundPath {
    /// The name the path is known by where it is imported (its `as` name or last segment).
    pub fn name(&self) -> Option<String> {
        self.alias.clone().or_else(|| self.path.last().cloned())
    }
}

/// Every path in `module`'s code (whose source is `text`), made absolute.
pub fn paths_in(module: &str, text: &str, known: &BTreeSet<String>) -> Vec<FoundPath> {
    let code = strip_comments_and_strings(text);
    let here: Vec<&str> = module.split("::").collect();
    let crate_root = here[0];
    let mut found = Vec::new();
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
        let before = i.checked_sub(1).map(|j| tokens[j].as_str());
        let then_path = tokens.get(i + 1).map(String::as_str) == Some("::");
        let mid_path = matches!(before, Some("::" | "."));
        let starts_path = matches!(tok, "crate" | "super" | "self") && then_path && !mid_path;
        // `child::…`: a path relative to this module (`use child::X`, `child::f()`).
        let relative = then_path && !mid_path && known.contains(&format!("{module}::{tok}"));
        if starts_path || relative {
            let top_use = depth == 0 && before == Some("use");
            let end = path_end(&tokens, i);
            for (path, alias) in expand(&tokens[i..end]) {
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
                let mut absolute: Vec<String> = base.iter().map(|s| s.to_string()).collect();
                // `use a::{self, b}` names `a` itself (and is known by `a`).
                absolute.extend(rest.iter().filter(|s| *s != "self").cloned());
                found.push(FoundPath {
                    path: absolute,
                    alias,
                    top_use,
                });
            }
            i = end;
            continue;
        }
        i += 1;
    }
    found
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

/// Expands a use tree (`a::{b, c::{d, e as f}}`) into its plain paths (`a::b`, `a::c::d`,
/// `a::c::e`, …), each with the name after its `as`, if any.
fn expand(tokens: &[String]) -> Vec<(Vec<String>, Option<String>)> {
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
                            for (mut tail, alias) in expand(&tokens[from..j]) {
                                let mut path = prefix.clone();
                                path.append(&mut tail);
                                out.push((path, alias));
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
            "as" => return vec![(prefix, tokens.get(i + 1).cloned())],
            name => prefix.push(name.to_string()),
        }
        i += 1;
    }
    vec![(prefix, None)]
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
