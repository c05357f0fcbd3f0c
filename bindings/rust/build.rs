//! Gives this crate's own tests, examples and benches an rpath to the directory where
//! `message-composer-sys` found the library (`DEP_MESSAGE_COMPOSER_LIB_DIR`), so `cargo test`
//! and `cargo run --example` need no `LD_LIBRARY_PATH`. Linking is the -sys crate's job (its
//! build.rs says where it looks); a program that depends on this crate finds the library at run
//! time as README ("Finding the library at run time") says.

use std::env;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if let Some(dir) = env::var_os("DEP_MESSAGE_COMPOSER_LIB_DIR") {
        // Only this package's linked targets get it (tests, examples, benches), never the rlib
        // a dependent links. A -tests/-examples variant would fail while a kind has no target.
        println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.to_string_lossy());
    }
}
