//! Finds libmessage_composer and tells rustc how to link it.
//!
//! The library directory is `$MESSAGE_COMPOSER_LIB_DIR` when set (a relative path is taken from
//! this crate's directory), else the repository's build output `../../build/lib` (relative to
//! this crate). An rpath to that directory is added to
//! the crate's own tests, examples and binaries so `cargo test` runs without `LD_LIBRARY_PATH`.

use std::env;
use std::path::PathBuf;
use std::process;

const LIB_DIR_VAR: &str = "MESSAGE_COMPOSER_LIB_DIR";
const LIB_FILE: &str = "libmessage_composer.so";

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed={LIB_DIR_VAR}");

    let manifest_dir =
        PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let (dir, origin) = match env::var_os(LIB_DIR_VAR) {
        Some(dir) if !dir.is_empty() => (manifest_dir.join(dir), format!("${LIB_DIR_VAR}")),
        _ => (
            manifest_dir.join("../../build/lib"),
            format!("the repository default ({LIB_DIR_VAR} is not set)"),
        ),
    };

    if !dir.join(LIB_FILE).exists() {
        eprintln!(
            "error: {LIB_FILE} not found in {} (from {origin}).\n\
             Build the library first: run `make` at the repository root, \
             or set {LIB_DIR_VAR} to a directory that holds {LIB_FILE}.",
            dir.display()
        );
        process::exit(1);
    }
    // An absolute path, so the rpath does not depend on where a test binary runs from.
    let dir = dir.canonicalize().unwrap_or(dir);

    println!("cargo:rustc-link-search=native={}", dir.display());
    println!("cargo:rustc-link-lib=dylib=message_composer");
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
    println!("cargo:lib_dir={}", dir.display());
}
