//! Raw declarations of `include/message_composer.h`, one item per C declaration.
//!
//! Every function is `unsafe` and follows the C contract of the header: it returns an
//! [`mc_status`], reports facts through out-parameters, records a message for
//! [`mc_last_error`] on failure, and hands out strings that the caller frees with
//! [`mc_string_free`]. Offsets are `i64` Unicode scalar indices. The safe API, the crate
//! `message-composer`, is built on these; use them directly only for what it does not cover.
//!
//! This crate links the library (`links = "message_composer"`); `build.rs` says where it looks.
//!
//! The declarations are in `src/generated.rs`, written by the same generator as the header
//! (`make generated`, Sources/generate-header in the repository) and kept fresh by
//! `make generated-check`: C `int64_t` is `i64`, `const char *` is `*const c_char`, `char **` is
//! `*mut *mut c_char`, `mc_bool` is `bool`, a typedef keeps its name (`mc_status`, ...), and the
//! listener is `Option<unsafe extern "C" fn(*mut c_void, mc_event, *const c_char)>`.

#![allow(non_camel_case_types)]

include!("generated.rs");
