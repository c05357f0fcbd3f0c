//! Finds libmessage_composer and tells rustc how to link it. The first place that has it wins:
//!
//! 1. `$MESSAGE_COMPOSER_LIB_DIR`, a directory (a relative path is taken from this crate's
//!    directory). When set it is the only place looked at, so a wrong override fails instead of
//!    silently linking another copy.
//! 2. `pkg-config message_composer` (the program named by `$PKG_CONFIG`, else `pkg-config`; it
//!    honours `PKG_CONFIG_PATH`, `PKG_CONFIG_LIBDIR` and `PKG_CONFIG_SYSROOT_DIR`): an installed
//!    copy (`make install`).
//! 3. The repository's build output, `../../../build/lib` from this crate (`make` at the root).
//!
//! The directory must hold `libmessage_composer.so` (to link) and the SONAME this crate's
//! declarations describe (to run). It is published to crates that depend on this one directly as
//! `DEP_MESSAGE_COMPOSER_LIB_DIR`, and how it was found as `DEP_MESSAGE_COMPOSER_FOUND_BY`. This
//! script adds no rpath to other crates' programs: README ("Finding the library at run time").

use std::env;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{self, Command};

const LIB_DIR_VAR: &str = "MESSAGE_COMPOSER_LIB_DIR";
const LINK_NAME: &str = "libmessage_composer.so";
/// The SONAME of the ABI declared in src/generated.rs (`MC_ABI_VERSION`; tests/abi.rs checks it).
const SONAME: &str = "libmessage_composer.so.1";
const PKG: &str = "message_composer";

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    for var in [
        LIB_DIR_VAR,
        "PKG_CONFIG",
        "PKG_CONFIG_PATH",
        "PKG_CONFIG_LIBDIR",
        "PKG_CONFIG_SYSROOT_DIR",
    ] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    let manifest_dir =
        PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));

    let mut tried = Vec::new();
    if let Some(dir) = env::var_os(LIB_DIR_VAR).filter(|dir| !dir.is_empty()) {
        let dir = manifest_dir.join(dir);
        match check_dir(&dir) {
            Ok(()) => return link(&dir, LIB_DIR_VAR),
            Err(why) => tried.push(format!("${LIB_DIR_VAR}: {}: {why}", dir.display())),
        }
        fail(&tried, &format!("fix or unset {LIB_DIR_VAR}"));
    }

    match pkg_config_dir() {
        Ok(dir) => match check_dir(&dir) {
            Ok(()) => return link(&dir, "pkg-config"),
            Err(why) => tried.push(format!("pkg-config: {}: {why}", dir.display())),
        },
        Err(why) => tried.push(format!("pkg-config: {why}")),
    }

    let repository = manifest_dir.join("../../../build/lib");
    match check_dir(&repository) {
        Ok(()) => return link(&repository, "the repository build"),
        Err(why) => tried.push(format!(
            "the repository build: {}: {why}",
            repository.display()
        )),
    }
    fail(
        &tried,
        &format!(
            "install the library (`make install`, with its pkg-config file), build it \
             (`make` at the repository root), or set {LIB_DIR_VAR} to the directory that holds \
             {LINK_NAME}"
        ),
    );
}

/// The library directory that `pkg-config --libs message_composer` names.
fn pkg_config_dir() -> Result<PathBuf, String> {
    let program = env::var_os("PKG_CONFIG").unwrap_or_else(|| OsString::from("pkg-config"));
    let output = Command::new(&program)
        .args(["--libs", PKG])
        // Keep -L even for a system directory, so the directory is always known.
        .env("PKG_CONFIG_ALLOW_SYSTEM_LIBS", "1")
        .output()
        .map_err(|error| format!("cannot run {}: {error}", program.to_string_lossy()))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let first = stderr.lines().find(|line| !line.trim().is_empty());
        return Err(first
            .unwrap_or("failed without a message")
            .trim()
            .to_string());
    }
    let flags = String::from_utf8_lossy(&output.stdout).into_owned();
    let words: Vec<&str> = flags.split_whitespace().collect();
    if !words.contains(&"-lmessage_composer") {
        return Err(format!(
            "`{}` does not link -lmessage_composer",
            flags.trim()
        ));
    }
    // The first -L that holds the library; a package's own directory comes first.
    let dirs: Vec<PathBuf> = words
        .iter()
        .filter_map(|word| word.strip_prefix("-L"))
        .map(PathBuf::from)
        .collect();
    dirs.iter()
        .find(|dir| dir.join(LINK_NAME).exists())
        .or(dirs.first())
        .cloned()
        .ok_or_else(|| format!("`{}` names no library directory (-L)", flags.trim()))
}

fn check_dir(dir: &Path) -> Result<(), String> {
    for file in [LINK_NAME, SONAME] {
        if !dir.join(file).exists() {
            return Err(format!("no {file}"));
        }
    }
    Ok(())
}

fn link(dir: &Path, found_by: &str) {
    // An absolute path, so that a dependent's rpath does not depend on where it runs from.
    let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    println!("cargo:rustc-link-search=native={}", dir.display());
    println!("cargo:rustc-link-lib=dylib=message_composer");
    println!("cargo:lib_dir={}", dir.display());
    println!("cargo:found_by={found_by}");
}

fn fail(tried: &[String], hint: &str) -> ! {
    eprintln!("error: libmessage_composer not found; tried:");
    for line in tried {
        eprintln!("  {line}");
    }
    eprintln!("({hint})");
    process::exit(1);
}
