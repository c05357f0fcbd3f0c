//! Where message-composer-sys found the library: an rpath to it, so the program runs without
//! LD_LIBRARY_PATH, and the directory and how it was found for main.rs to print.

use std::env;

fn main() {
    let dir = env::var("DEP_MESSAGE_COMPOSER_LIB_DIR").expect("message-composer-sys sets lib_dir");
    let found_by = env::var("DEP_MESSAGE_COMPOSER_FOUND_BY").unwrap_or_default();
    println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
    println!("cargo:rustc-env=MESSAGE_COMPOSER_LINKED_DIR={dir}");
    println!("cargo:rustc-env=MESSAGE_COMPOSER_FOUND_BY={found_by}");
}
