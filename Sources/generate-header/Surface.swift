// The C surface as the generator sees it: functions read from the compiler's header, the types the
// header declares itself, and how each C type is spelt in Python (ctypes) and Rust.
import ComposerCAPI

struct Param {
    /// The C type in the header's spelling: "const char *", "mc_draft **", "int64_t".
    let type: String
    let name: String
}

/// One exported function.
struct Function {
    let name: String
    let returnType: String
    let params: [Param]
    /// The Swift doc comment, line by line; code spans are marked with backticks.
    let doc: [String]

    /// Returns mc_status: a negative result is an error whose message is in mc_last_error().
    var returnsStatus: Bool { returnType == "mc_status" }
}

/// An opaque struct type, used through pointers only.
struct OpaqueType {
    let name: String
    let doc: String
}

/// A function-pointer type.
struct Callback {
    let name: String
    let returnType: String
    let params: [Param]
    let doc: String
}

/// The opaque types of the header. The library's handles are these.
let opaqueTypes = [
    OpaqueType(name: "mc_draft", doc: "An opaque draft handle, created by mc_draft_new and freed by mc_draft_free."),
]

/// The callback types of the header. A function parameter that is a function pointer must have
/// exactly the shape of one of these (CompilerHeader.swift checks it).
let callbacks = [
    Callback(name: "mc_listener", returnType: "void",
             params: [Param(type: "void *", name: "user_data"), Param(type: "mc_event", name: "kind"),
                      Param(type: "const char *", name: "payload_json")],
             doc: "A listener (mc_draft_set_listener): user_data as registered, the event kind (MC_EVENT_*) and the event's JSON payload, valid only during the call. It runs on the thread that made the call, after the draft's lock is released."),
]

/// How one C type is spelt in the two bindings.
struct Spelling {
    /// A ctypes expression, or a name _generated.py defines (mc_draft_p, out_string...).
    let python: String
    /// A Rust type as written in an `extern "C"` block.
    let rust: String
}

/// Every C type the surface may use. A type missing here stops the generator, naming the function
/// that uses it: add its spellings (and, for Python, any alias it needs in EmitPython.swift).
let builtinSpellings: [String: Spelling] = [
    "void": Spelling(python: "None", rust: "()"),
    "void *": Spelling(python: "c_void_p", rust: "*mut c_void"),
    "mc_bool": Spelling(python: "c_bool", rust: "bool"),
    "mc_bool *": Spelling(python: "out_bool", rust: "*mut bool"),
    "int32_t": Spelling(python: "c_int32", rust: "i32"),
    "uint32_t": Spelling(python: "c_uint32", rust: "u32"),
    "int64_t": Spelling(python: "c_int64", rust: "i64"),
    "int64_t *": Spelling(python: "out_int64", rust: "*mut i64"),
    "uint64_t": Spelling(python: "c_uint64", rust: "u64"),
    "size_t": Spelling(python: "c_size_t", rust: "usize"),
    "double": Spelling(python: "c_double", rust: "f64"),
    // A string in, or a library-owned string out (mc_version, mc_last_error, mc_status_name).
    "const char *": Spelling(python: "c_char_p", rust: "*const c_char"),
    // A caller-owned string given back to mc_string_free: never c_char_p, which would copy it.
    "char *": Spelling(python: "c_void_p", rust: "*mut c_char"),
    // Out-parameter for a caller-owned string.
    "char **": Spelling(python: "out_string", rust: "*mut *mut c_char"),
    "mc_draft *": Spelling(python: "mc_draft_p", rust: "*mut mc_draft"),
    "mc_draft **": Spelling(python: "mc_draft_pp", rust: "*mut *mut mc_draft"),
]

/// The whole surface: the builtin spellings plus the typedefs of the constant groups (each an
/// int32_t with its own name) and the callbacks (named in both bindings as in C).
struct Surface {
    let functions: [Function]
    let groups: [CConstantGroup]

    var spellings: [String: Spelling] {
        var all = builtinSpellings
        for group in groups {
            if let name = group.typedef { all[name] = Spelling(python: name, rust: name) }
        }
        for callback in callbacks { all[callback.name] = Spelling(python: callback.name, rust: callback.name) }
        return all
    }

    /// The C type a typedef'd name stands for (typedefs of the groups are int32_t).
    func resolved(_ type: String) -> String {
        groups.contains { $0.typedef == type } ? "int32_t" : type
    }
}
