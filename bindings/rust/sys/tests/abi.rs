//! The declarations themselves are generated with the header (`make generated-check` keeps
//! src/generated.rs fresh); what is left by hand is build.rs's SONAME, which must be the one of the
//! ABI they describe. (The safe crate's tests check the library's version against them.)

use message_composer_sys as sys;

#[test]
fn build_script_requires_the_soname_of_the_declared_abi() {
    let expected = format!(
        "const SONAME: &str = \"libmessage_composer.so.{}\";",
        sys::MC_ABI_VERSION
    );
    assert!(
        include_str!("../build.rs")
            .lines()
            .any(|line| line.trim() == expected),
        "build.rs must declare `{expected}`"
    );
}
