//! Checks the declarations of this crate (`src/lib.rs`) against `include/message_composer.h`, both read as text: the same
//! functions with the same parameter types (in order) and return types, the same typedefs and
//! opaque types, and the same `MC_*` constants with the same values. C and Rust types are brought
//! to one spelling (Rust's) by the two `*_type` functions below; a C type this test does not know
//! fails with a message saying where to add it.
//!
//! The header read is `../../../include/message_composer.h` relative to this crate, or the file
//! named by `$MESSAGE_COMPOSER_HEADER` (for example an installed copy).

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::{env, fs};

/// A function signature with every type in canonical (Rust) spelling.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Signature {
    params: Vec<String>,
    ret: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Value {
    Int(i128),
    Str(String),
}

/// What one side declares.
#[derive(Debug, Default)]
struct Surface {
    functions: BTreeMap<String, Signature>,
    constants: BTreeMap<String, Value>,
    typedefs: BTreeMap<String, String>,
    opaque: BTreeSet<String>,
    /// Constants of an unsigned type (C `1u`, Rust `u32`).
    unsigned: BTreeSet<String>,
}

// ---------------------------------------------------------------------------------------------
// Shared text helpers.

/// Removes `/* */` and `//` comments, leaving string literals alone.
fn strip_comments(src: &str) -> String {
    let mut out = String::with_capacity(src.len());
    let mut chars = src.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                out.push(c);
                while let Some(s) = chars.next() {
                    out.push(s);
                    if s == '\\' {
                        out.extend(chars.next());
                    } else if s == '"' {
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for s in chars.by_ref() {
                    if last == '*' && s == '/' {
                        break;
                    }
                    last = s;
                }
                out.push(' ');
            }
            '/' if chars.peek() == Some(&'/') => {
                for s in chars.by_ref() {
                    if s == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// Splits at commas outside `()`, `[]` and `<>` (a `->` is not a bracket).
fn split_top_level(s: &str) -> Vec<String> {
    let (mut parts, mut current, mut depth) = (Vec::new(), String::new(), 0i32);
    let mut prev = ' ';
    for c in s.chars() {
        match c {
            '(' | '[' | '<' => depth += 1,
            ')' | ']' => depth -= 1,
            '>' if prev != '-' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(current.trim().to_string());
                current.clear();
                prev = c;
                continue;
            }
            _ => {}
        }
        current.push(c);
        prev = c;
    }
    if !current.trim().is_empty() {
        parts.push(current.trim().to_string());
    }
    parts
}

/// The text between the `(` at `open` and its matching `)`, and the index after the `)`.
fn parenthesized(s: &str, open: usize) -> (&str, usize) {
    let mut depth = 0;
    for (i, c) in s[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return (&s[open + 1..open + i], open + i + 1);
                }
            }
            _ => {}
        }
    }
    panic!("unbalanced parentheses in {s:?}")
}

fn is_ident(s: &str) -> bool {
    !s.is_empty()
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !s.starts_with(|c: char| c.is_ascii_digit())
}

/// A function pointer, canonically: `fn(A, B) -> R` (always nullable on both sides).
fn fn_pointer(params: &[String], ret: &str) -> String {
    format!("Option<fn({}) -> {ret}>", params.join(", "))
}

// ---------------------------------------------------------------------------------------------
// The C side.

/// The Rust spelling of a C base type; `typedefs` are the header's own type names.
fn c_base(base: &str, is_pointee: bool, typedefs: &BTreeSet<String>) -> String {
    let mapped = match base {
        "void" if is_pointee => "c_void",
        "void" => "()",
        "char" => "c_char",
        "bool" | "_Bool" => "bool",
        "int8_t" => "i8",
        "int16_t" => "i16",
        "int32_t" => "i32",
        "int64_t" => "i64",
        "uint8_t" => "u8",
        "uint16_t" => "u16",
        "uint32_t" => "u32",
        "uint64_t" => "u64",
        "size_t" => "usize",
        "double" => "f64",
        "float" => "f32",
        _ if typedefs.contains(base) => base,
        _ => panic!(
            "header.rs does not know the C type `{base}`: add its Rust spelling to c_base() \
             (or fix the header if it is not a C type)"
        ),
    };
    mapped.to_string()
}

/// The canonical type of a C declaration with its name removed: `const char *` becomes
/// `*const c_char`, `char **` becomes `*mut *mut c_char`, `void (*)(int32_t)` becomes
/// `Option<fn(i32) -> ()>`.
fn c_type(decl: &str, typedefs: &BTreeSet<String>) -> String {
    let decl = decl.trim();
    // A function pointer: RET (*NAME)(PARAMS).
    if let Some(star) = decl.find("(*") {
        let (_, after_name) = parenthesized(decl, star);
        let open = after_name
            + decl[after_name..]
                .find('(')
                .expect("function pointer parameters");
        let (params, _) = parenthesized(decl, open);
        let params = c_params(params, typedefs);
        return fn_pointer(&params, &c_type(&decl[..star], typedefs));
    }
    let spaced = decl.replace('*', " * ");
    let mut tokens: Vec<&str> = spaced
        .split_whitespace()
        .filter(|t| *t != "struct")
        .collect();
    // Drop the parameter name: a last identifier after a complete type.
    let idents = tokens
        .iter()
        .filter(|t| is_ident(t) && **t != "const")
        .count();
    if idents >= 2 && tokens.last().is_some_and(|t| is_ident(t) && *t != "const") {
        tokens.pop();
    }
    let (mut base, mut base_const, mut stars) = (None, false, Vec::<bool>::new());
    for token in tokens {
        match token {
            "const" if stars.is_empty() => base_const = true,
            "const" => *stars.last_mut().unwrap() = true,
            "*" => stars.push(false),
            t => {
                assert!(
                    base.is_none(),
                    "cannot read the C type {decl:?} (two names: {base:?} and {t:?})"
                );
                base = Some(t);
            }
        }
    }
    let base = base.unwrap_or_else(|| panic!("no type in C declaration {decl:?}"));
    let mut ty = c_base(base, !stars.is_empty(), typedefs);
    let mut pointee_const = base_const;
    for star_const in stars {
        ty = format!("*{} {ty}", if pointee_const { "const" } else { "mut" });
        pointee_const = star_const;
    }
    ty
}

fn c_params(params: &str, typedefs: &BTreeSet<String>) -> Vec<String> {
    let params = params.trim();
    if params == "void" || params.is_empty() {
        return Vec::new();
    }
    split_top_level(params)
        .iter()
        .map(|p| c_type(p, typedefs))
        .collect()
}

/// A `#define` value: `0`, `(-1)`, `1u`, `"0.1.0"`.
fn c_value(name: &str, text: &str) -> (Value, bool) {
    let mut t = text.trim();
    while t.starts_with('(') && t.ends_with(')') {
        t = t[1..t.len() - 1].trim();
    }
    if let Some(s) = t.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
        return (Value::Str(s.to_string()), false);
    }
    let unsigned = t.ends_with(['u', 'U']);
    let digits = t.trim_end_matches(['u', 'U', 'l', 'L']);
    let value = digits
        .parse()
        .unwrap_or_else(|_| panic!("cannot read the value of #define {name} {text}"));
    (Value::Int(value), unsigned)
}

fn parse_header(src: &str) -> Surface {
    let src = strip_comments(src);
    let mut surface = Surface::default();
    let mut body = String::new();
    let mut skip_depth = 0; // inside `#ifdef __cplusplus`
    for line in src.lines() {
        let trimmed = line.trim();
        if let Some(directive) = trimmed.strip_prefix('#') {
            let directive = directive.trim();
            if skip_depth > 0 {
                if directive.starts_with("if") {
                    skip_depth += 1;
                } else if directive.starts_with("endif") {
                    skip_depth -= 1;
                }
            } else if directive == "ifdef __cplusplus" {
                skip_depth = 1;
            } else if let Some(define) = directive.strip_prefix("define") {
                let define = define.trim();
                let (name, value) = define
                    .split_once(char::is_whitespace)
                    .unwrap_or((define, ""));
                if name.starts_with("MC_") {
                    let (value, unsigned) = c_value(name, value);
                    if unsigned {
                        surface.unsigned.insert(name.to_string());
                    }
                    surface.constants.insert(name.to_string(), value);
                }
            }
        } else if skip_depth == 0 {
            body.push_str(line);
            body.push('\n');
        }
    }

    let statements: Vec<String> = body
        .split(';')
        .map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|s| !s.is_empty())
        .collect();
    // Type names first, since prototypes use them.
    let mut names: BTreeSet<String> = BTreeSet::new();
    for s in &statements {
        if let Some(def) = s.strip_prefix("typedef ") {
            let name = match def.find("(*") {
                Some(star) => parenthesized(def, star)
                    .0
                    .trim_start_matches('*')
                    .trim()
                    .to_string(),
                None => def.rsplit(' ').next().unwrap().to_string(),
            };
            names.insert(name);
        }
    }
    for s in &statements {
        if let Some(def) = s.strip_prefix("typedef ") {
            if let Some(rest) = def.strip_prefix("struct ") {
                let (tag, name) = rest.split_once(' ').expect("typedef struct TAG NAME");
                assert_eq!(
                    tag, name,
                    "typedef struct {tag} {name}: tag and name differ"
                );
                surface.opaque.insert(name.to_string());
            } else if def.contains("(*") {
                let star = def.find("(*").unwrap();
                let name = parenthesized(def, star)
                    .0
                    .trim_start_matches('*')
                    .trim()
                    .to_string();
                surface.typedefs.insert(name, c_type(def, &names));
            } else {
                let (ty, name) = def.rsplit_once(' ').unwrap();
                surface
                    .typedefs
                    .insert(name.to_string(), c_type(ty, &names));
            }
            continue;
        }
        // A prototype: RET NAME(PARAMS), NAME starting with mc_.
        let open = s
            .find('(')
            .unwrap_or_else(|| panic!("header.rs cannot read this header statement: {s:?}"));
        let before = s[..open].trim_end();
        let name_start = before
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        let name = &before[name_start..];
        assert!(
            name.starts_with("mc_"),
            "header.rs cannot read this header statement: {s:?}"
        );
        let (params, after) = parenthesized(s, open);
        assert!(
            s[after..].trim().is_empty(),
            "unexpected text after the prototype {s:?}"
        );
        let signature = Signature {
            params: c_params(params, &names),
            ret: c_type(&before[..name_start], &names),
        };
        assert!(
            surface
                .functions
                .insert(name.to_string(), signature)
                .is_none(),
            "{name} declared twice"
        );
    }
    surface
}

// ---------------------------------------------------------------------------------------------
// The Rust side.

/// The canonical spelling of a Rust type: paths to `c_char`/`c_void` removed, one space after
/// `*const` / `*mut`, function pointers as [`fn_pointer`].
fn rust_type(ty: &str) -> String {
    let mut ty = ty.trim().to_string();
    for path in ["std::ffi::", "core::ffi::", "std::os::raw::", "libc::"] {
        ty = ty.replace(path, "");
    }
    if let Some(inner) = ty.strip_prefix("Option<").and_then(|t| t.strip_suffix('>')) {
        let inner = inner.trim().trim_start_matches("unsafe").trim_start();
        let inner = inner
            .strip_prefix("extern \"C\"")
            .unwrap_or(inner)
            .trim_start();
        let inner = inner
            .strip_prefix("fn")
            .expect("Option<unsafe extern \"C\" fn(...)>")
            .trim_start();
        let (params, after) = parenthesized(inner, 0);
        let ret = after_arrow(&inner[after..]);
        let params: Vec<String> = split_top_level(params)
            .iter()
            .map(|p| rust_type(p.split_once(':').map_or(p.as_str(), |(_, t)| t)))
            .collect();
        return fn_pointer(&params, &ret);
    }
    let compact: String = ty.chars().filter(|c| !c.is_whitespace()).collect();
    compact
        .replace("*const", "*const ")
        .replace("*mut", "*mut ")
}

/// The return type after an optional `->`; `()` when there is none.
fn after_arrow(rest: &str) -> String {
    match rest.trim().strip_prefix("->") {
        Some(ret) => rust_type(ret),
        None => {
            assert!(
                rest.trim().is_empty(),
                "unexpected text after a Rust signature: {rest:?}"
            );
            "()".to_string()
        }
    }
}

/// A Rust constant value: `-1`, `0`, `1`, `"0.1.0"`.
fn rust_value(name: &str, ty: &str, text: &str) -> Value {
    let text = text.trim();
    if let Some(s) = text.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
        assert_eq!(ty, "&str", "{name}: a string constant must be &str");
        return Value::Str(s.to_string());
    }
    let digits = text
        .trim_end_matches(char::is_alphabetic)
        .trim_end_matches('_');
    let value = digits
        .replace('_', "")
        .parse()
        .unwrap_or_else(|_| panic!("cannot read the value of const {name} = {text}"));
    Value::Int(value)
}

fn parse_sys(src: &str) -> Surface {
    let src = strip_comments(src);
    // Attributes carry no declarations.
    let src: String = src
        .lines()
        .filter(|l| !l.trim_start().starts_with("#"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut surface = Surface::default();
    for statement in src.split(';') {
        let mut s = statement.split_whitespace().collect::<Vec<_>>().join(" ");
        loop {
            let before = s.clone();
            if let Some(rest) = s.strip_prefix('}') {
                s = rest.trim_start().to_string();
            }
            if s.starts_with("extern \"C\"") || s.starts_with("unsafe extern \"C\"") {
                s = s[s.find('{').expect("extern block") + 1..]
                    .trim_start()
                    .to_string();
            }
            if let Some(rest) = s.strip_prefix("pub enum ") {
                let (name, rest) = rest.split_once('{').expect("pub enum NAME {}");
                let rest = rest
                    .trim_start()
                    .strip_prefix('}')
                    .expect("an opaque type is an empty enum: pub enum NAME {}");
                surface.opaque.insert(name.trim().to_string());
                s = rest.trim_start().to_string();
            }
            if s == before {
                break;
            }
        }
        if s.is_empty() || s.starts_with("use ") {
            continue;
        }
        if let Some(rest) = s.strip_prefix("pub const ") {
            let (name, rest) = rest.split_once(':').expect("pub const NAME: TYPE = VALUE");
            let (ty, value) = rest.split_once('=').expect("pub const NAME: TYPE = VALUE");
            let (name, ty) = (name.trim().to_string(), ty.trim());
            if ty.starts_with('u') {
                surface.unsigned.insert(name.clone());
            }
            surface
                .constants
                .insert(name.clone(), rust_value(&name, ty, value));
        } else if let Some(rest) = s.strip_prefix("pub type ") {
            let (name, ty) = rest.split_once('=').expect("pub type NAME = TYPE");
            surface
                .typedefs
                .insert(name.trim().to_string(), rust_type(ty));
        } else if let Some(rest) = s.strip_prefix("pub fn ") {
            let open = rest.find('(').expect("pub fn NAME(...)");
            let name = rest[..open].trim().to_string();
            let (params, after) = parenthesized(rest, open);
            let params = split_top_level(params)
                .iter()
                .map(|p| {
                    rust_type(
                        p.split_once(':')
                            .unwrap_or_else(|| panic!("{name}: parameter {p:?} has no type"))
                            .1,
                    )
                })
                .collect();
            let signature = Signature {
                params,
                ret: after_arrow(&rest[after..]),
            };
            assert!(
                surface.functions.insert(name.clone(), signature).is_none(),
                "{name} declared twice"
            );
        } else {
            panic!("header.rs cannot read this item of sys/src/lib.rs: {s:?}");
        }
    }
    surface
}

// ---------------------------------------------------------------------------------------------

fn read(path: &PathBuf) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn header_path() -> PathBuf {
    env::var_os("MESSAGE_COMPOSER_HEADER")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../include/message_composer.h")
        })
}

/// Differences between two maps, as readable lines.
fn compare<V: PartialEq + std::fmt::Debug>(
    what: &str,
    c: &BTreeMap<String, V>,
    rust: &BTreeMap<String, V>,
) -> Vec<String> {
    let mut problems = Vec::new();
    for (name, value) in c {
        match rust.get(name) {
            None => problems.push(format!(
                "{what} {name} is in the header but not in sys/src/lib.rs: {value:?}"
            )),
            Some(r) if r != value => problems.push(format!(
                "{what} {name} differs:\n    header: {value:?}\n    sys/src/lib.rs: {r:?}"
            )),
            Some(_) => {}
        }
    }
    for (name, value) in rust {
        if !c.contains_key(name) {
            problems.push(format!(
                "{what} {name} is in sys/src/lib.rs but not in the header: {value:?}"
            ));
        }
    }
    problems
}

#[test]
fn sys_matches_header() {
    let header_file = header_path();
    let header = parse_header(&read(&header_file));
    let sys = parse_sys(&read(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs"),
    ));

    // Guard against a parser that silently reads nothing.
    assert!(
        header.functions.len() >= 17,
        "only {} functions read from {}",
        header.functions.len(),
        header_file.display()
    );
    assert!(
        header.constants.len() >= 30,
        "only {} constants read from {}",
        header.constants.len(),
        header_file.display()
    );

    let mut problems = compare("function", &header.functions, &sys.functions);
    problems.extend(compare("constant", &header.constants, &sys.constants));
    problems.extend(compare("typedef", &header.typedefs, &sys.typedefs));
    for name in header.unsigned.difference(&sys.unsigned) {
        problems.push(format!(
            "constant {name} is unsigned in the header but not in sys/src/lib.rs"
        ));
    }
    if header.opaque != sys.opaque {
        problems.push(format!(
            "opaque types differ: header {:?}, sys/src/lib.rs {:?}",
            header.opaque, sys.opaque
        ));
    }
    assert!(
        problems.is_empty(),
        "sys/src/lib.rs and {} disagree:\n  {}",
        header_file.display(),
        problems.join("\n  ")
    );
}

#[test]
fn build_script_requires_the_soname_of_the_declared_abi() {
    // build.rs accepts a library directory only if it holds this SONAME; it must be the one
    // whose MC_ABI_VERSION these declarations mirror.
    let header = parse_header(&read(&header_path()));
    let abi = match header.constants.get("MC_ABI_VERSION") {
        Some(Value::Int(abi)) => *abi,
        other => panic!("MC_ABI_VERSION not read from the header: {other:?}"),
    };
    let build = read(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("build.rs"));
    let expected = format!("const SONAME: &str = \"libmessage_composer.so.{abi}\";");
    assert!(
        build.lines().any(|line| line.trim() == expected),
        "build.rs must declare `{expected}`"
    );
}

#[test]
fn header_is_read_exactly() {
    // Pins what the parser makes of the header, so a parser bug cannot make both sides agree.
    let header = parse_header(&read(&header_path()));
    let sig = |name: &str| {
        header
            .functions
            .get(name)
            .cloned()
            .unwrap_or_else(|| panic!("{name} not read"))
    };
    let s = |v: &[&str], ret: &str| Signature {
        params: v.iter().map(|p| p.to_string()).collect(),
        ret: ret.to_string(),
    };
    assert_eq!(sig("mc_version"), s(&[], "*const c_char"));
    assert_eq!(sig("mc_string_free"), s(&["*mut c_char"], "()"));
    assert_eq!(
        sig("mc_draft_new"),
        s(&["*const c_char", "*mut *mut mc_draft"], "mc_status")
    );
    assert_eq!(
        sig("mc_draft_replace_n"),
        s(
            &["*mut mc_draft", "i64", "i64", "*const c_char", "usize"],
            "mc_status"
        )
    );
    assert_eq!(
        sig("mc_convert_offset"),
        s(
            &["*const c_char", "i64", "mc_unit", "mc_unit", "*mut i64"],
            "mc_status"
        )
    );
    assert_eq!(
        header.typedefs.get("mc_status").map(String::as_str),
        Some("i32")
    );
    assert_eq!(
        header.constants.get("MC_ERR_INVALID_HANDLE"),
        Some(&Value::Int(-3))
    );
    assert_eq!(
        header.constants.get("MC_FLAG_PROTECT"),
        Some(&Value::Int(1))
    );
    assert!(header.unsigned.contains("MC_FLAG_PROTECT") && !header.unsigned.contains("MC_OK"));
    assert_eq!(
        header.constants.get("MC_VERSION_STRING"),
        Some(&Value::Str("0.2.0".into()))
    );
    assert!(header.opaque.contains("mc_draft"));
    // The listener typedef is a function pointer, and prototypes use it by name.
    assert_eq!(
        header.typedefs.get("mc_listener").map(String::as_str),
        Some("Option<fn(*mut c_void, i32, *const c_char) -> ()>")
    );
    assert_eq!(
        sig("mc_draft_set_listener"),
        s(
            &["*mut mc_draft", "mc_listener", "*mut c_void"],
            "mc_status"
        )
    );
    assert_eq!(
        sig("mc_draft_upload_event"),
        s(
            &[
                "*mut mc_draft",
                "u64",
                "mc_upload_event",
                "f64",
                "*const c_char"
            ],
            "mc_status"
        )
    );
    assert_eq!(
        header.constants.get("MC_EVENT_CANCEL_UPLOAD"),
        Some(&Value::Int(11))
    );
    assert_eq!(
        header.constants.get("MC_UPLOAD_REJECT"),
        Some(&Value::Int(5))
    );
}

#[test]
fn a_listener_typedef_that_drifts_is_caught() {
    // The real header's typedef against sys/src/lib.rs spellings that differ in one parameter or in the
    // return type: the comparison must see both.
    let names = BTreeSet::new();
    let c = c_type(
        "void (*mc_listener)(void *user_data, int32_t kind, const char *payload_json)",
        &names,
    );
    for (rust, same) in [
        (
            r#"Option<unsafe extern "C" fn(*mut c_void, i32, *const c_char)>"#,
            true,
        ),
        (
            r#"Option<unsafe extern "C" fn(*mut c_void, u32, *const c_char)>"#,
            false,
        ),
        (
            r#"Option<unsafe extern "C" fn(*mut c_void, i32, *mut c_char)>"#,
            false,
        ),
        (r#"Option<unsafe extern "C" fn(*mut c_void, i32)>"#, false),
        (
            r#"Option<unsafe extern "C" fn(*mut c_void, i32, *const c_char) -> i32>"#,
            false,
        ),
    ] {
        assert_eq!(rust_type(rust) == c, same, "{rust}");
    }
    let sys = parse_sys(
        "pub type mc_listener = Option<unsafe extern \"C\" fn(*mut c_void, i32, *const c_char)>;\n",
    );
    assert_eq!(sys.typedefs["mc_listener"], c);
}

#[test]
fn both_spellings_of_a_callback_agree() {
    // The library will take a listener `void (*)(void *user_data, int32_t kind, const char *json)`.
    let names = BTreeSet::from(["mc_status".to_string()]);
    let c = c_type(
        "void (*listener)(void *user_data, int32_t kind, const char *json)",
        &names,
    );
    let rust = rust_type(
        r#"Option<unsafe extern "C" fn(user_data: *mut c_void, kind: i32, json: *const c_char)>"#,
    );
    assert_eq!(c, "Option<fn(*mut c_void, i32, *const c_char) -> ()>");
    assert_eq!(rust, c);
    let c = c_type("mc_status (*cb)(const char **)", &names);
    assert_eq!(
        c,
        rust_type(r#"Option<unsafe extern "C" fn(*mut *const std::ffi::c_char) -> mc_status>"#)
    );
    assert_eq!(
        c_type("const char *const *argv", &names),
        "*const *const c_char"
    );
}

#[test]
fn header_statements_and_items_parse() {
    let header = parse_header(
        "#define MC_A (-2)\n#define MC_B 4u\ntypedef int32_t mc_status;\ntypedef struct mc_x mc_x;\n\
         typedef void (*mc_cb)(void *user_data, int32_t kind);\n\
         /* c */ mc_status mc_f(mc_x **out, mc_cb cb, size_t n); // trailing\nvoid mc_g(void);\n",
    );
    let sys = parse_sys(
        "//! doc\n#![allow(x)]\nuse std::ffi::c_char;\npub enum mc_x {}\npub type mc_status = i32;\n\
         pub type mc_cb = Option<unsafe extern \"C\" fn(*mut c_void, i32)>;\npub const MC_A: mc_status = -2;\n\
         pub const MC_B: u32 = 4;\nextern \"C\" {\n    /// f\n    pub fn mc_f(out: *mut *mut mc_x, cb: mc_cb, n: usize) -> mc_status;\n\
         pub fn mc_g();\n}\n",
    );
    assert_eq!(header.functions, sys.functions);
    assert_eq!(header.constants, sys.constants);
    assert_eq!(header.typedefs, sys.typedefs);
    assert_eq!(header.opaque, sys.opaque);
    assert_eq!(header.unsigned, sys.unsigned);
    assert_eq!(header.functions.len(), 2);
    assert_eq!(
        header.typedefs["mc_cb"],
        "Option<fn(*mut c_void, i32) -> ()>"
    );
}
