/*
 * matrix.h: the bad-input matrix (issue 14 item 4), its own test binary (bindings/c/matrix).
 *
 * The matrix is generated from the header: matrix_header.c reads include/message_composer.h at run
 * time (every prototype, its parameters, and the statuses its doc comment lists after "Errors:"),
 * and matrix_run.c derives from each parameter's type the cells it must have:
 *
 *   mc_draft *            NULL, freed, double-freed and six forged handles
 *   T ** (out-parameter)  NULL
 *   const char *          NULL, six kinds of invalid UTF-8, 64 MiB; a *_json parameter also JSON
 *                         nested 100,000 deep (arrays, objects), broken JSON, a number out of range
 *                         and a scalar; a markdown parameter also 100,000 nested quotes, list
 *                         items, emphasis and brackets
 *   const char *, size_t  (the _n variants) embedded NUL, a length that cuts a character, NULL with
 *                         length 0 and 1, SIZE_MAX, 64 MiB, and the invalid UTF-8 above
 *   int64_t               INT64_MIN, -1, INT64_MAX        uint64_t   0, UINT64_MAX
 *   enums (mc_format ...) -1, INT32_MIN, INT32_MAX         flags      every bit, bit 31 alone
 *   double                NaN, +inf, -inf, -1, 2          listener / user_data  NULL, a wild pointer
 *
 * plus the valid baseline call. matrix_rows.c holds, per function, an invoker (the call, with a valid
 * default for every argument and the cell's value in place of one), the setup its baseline needs,
 * the expected status of every cell whose status is not the API-wide rule (matrix_run.c,
 * default_expectation), and custom rows (numbers out of range inside JSON, the longest draft, the
 * statuses only a draft's state can cause).
 *
 * The run FAILS when a header function has no rows, when a derived cell has no expected status,
 * when an invoker does not read exactly the header's parameters, when a cell expects a status its
 * function's doc comment does not list, or when a listed status is produced by no cell. Each cell asserts its status; a refused call must
 * name its function in mc_last_error(), hand back no string or draft, and leave the draft exactly as
 * it was (text, document JSON, selection, formats, mentions, markdown, undo state, UI state and
 * snapshot, byte for byte), with one MC_EVENT_ERROR event for the draft's listener (none when the
 * handle was bad). An accepted call must leave a draft whose document JSON and snapshot load back to
 * themselves in a fresh draft.
 *
 * MC_MATRIX_HEADER (environment) reads another header instead of the compiled-in path;
 * MC_MATRIX_SKIP_HEAVY=1 skips the cells that move megabytes (64 MiB strings, drafts at the length
 * limit), for valgrind.
 */
#ifndef MC_MATRIX_H
#define MC_MATRIX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "message_composer.h"

/* ---- The header, as read at run time ---- */

typedef enum {
    P_HANDLE,       /* mc_draft *draft */
    P_OUT,          /* any T ** or T * out-parameter (mc_draft **, char **, int64_t *, bool *) */
    P_STRING,       /* const char * */
    P_BYTES,        /* const char * followed by size_t length */
    P_LENGTH,       /* that size_t length (its cells are P_BYTES's) */
    P_OWNED,        /* char * handed back by the library (mc_string_free) */
    P_I64,
    P_U64,
    P_ENUM,         /* mc_format, mc_unit, mc_caret_unit, mc_upload_event */
    P_FLAGS,        /* uint32_t flags */
    P_DOUBLE,
    P_BOOL,
    P_LISTENER,
    P_USER_DATA,
    P_UNKNOWN
} param_class;

typedef struct {
    char type[48];
    char name[48];
    param_class cls;
    int json;      /* a *_json string */
    int markdown;  /* a markdown string */
} param_info;

#define MATRIX_MAX_PARAMS 8

typedef struct {
    char name[64];
    char ret[32];          /* the return type as written */
    int returns_status;    /* mc_status */
    int nparams;
    param_info params[MATRIX_MAX_PARAMS];
    unsigned documented;   /* bit (-status) for each status after "Errors:" (MC_OK always) */
    int has_errors_line;
} function_info;

/* Reads the header; returns the number of functions (0 and a message on stderr when unreadable). */
int matrix_read_header(const char *path, function_info **out);
/* The status named MC_OK / MC_ERR_*, or 1 when the name is not a status. */
mc_status matrix_status_named(const char *name);
#define STATUS_BIT(s) (1u << (unsigned)(-(s)))

/* ---- Cells ---- */

typedef enum {
    K_BASELINE,
    /* handles */
    K_HANDLE_NULL, K_HANDLE_FREED, K_HANDLE_DOUBLE_FREED, K_HANDLE_UNTAGGED, K_HANDLE_ALL_ONES,
    K_HANDLE_TAG_ONLY, K_HANDLE_NO_SLOT, K_HANDLE_OTHER_GENERATION, K_HANDLE_NEXT_GENERATION,
    /* out-parameters */
    K_OUT_NULL,
    /* strings */
    K_STR_NULL, K_UTF8_CONTINUATION, K_UTF8_OVERLONG, K_UTF8_SURROGATE, K_UTF8_TRUNCATED, K_UTF8_TOO_HIGH,
    K_UTF8_FF, K_STR_64MIB,
    K_JSON_DEEP_ARRAYS, K_JSON_DEEP_OBJECTS, K_JSON_BROKEN, K_JSON_HUGE_NUMBER, K_JSON_SCALAR,
    K_MD_DEEP_QUOTES, K_MD_DEEP_LISTS, K_MD_DEEP_EMPHASIS, K_MD_DEEP_BRACKETS,
    /* the _n pairs */
    K_N_EMBEDDED_NUL, K_N_CUT_CHARACTER, K_N_NULL_EMPTY, K_N_NULL_NONEMPTY, K_N_SIZE_MAX, K_N_64MIB,
    /* numbers */
    K_I64_MIN, K_I64_MINUS_ONE, K_I64_MAX,
    K_U64_ZERO, K_U64_MAX,
    K_ENUM_MINUS_ONE, K_ENUM_INT32_MIN, K_ENUM_INT32_MAX,
    K_FLAGS_ALL, K_FLAGS_BIT31,
    K_F64_NAN, K_F64_INF, K_F64_MINUS_INF, K_F64_MINUS_ONE, K_F64_TWO,
    /* callbacks */
    K_LISTENER_NULL, K_USER_DATA_NULL, K_USER_DATA_WILD,
    /* mc_string_free */
    K_OWNED_NULL,
    K_CUSTOM,
    K_COUNT
} cell_kind;

const char *matrix_kind_label(cell_kind kind);

/* A value put in place of an argument's default. */
typedef enum { V_NONE, V_PTR, V_STR, V_BYTES, V_INT, V_UINT, V_DOUBLE, V_GEN } value_kind;

/* Values built at run time (large or derived from the cell's draft). */
typedef enum {
    G_TEXT_OVER_LIMIT,        /* MC_MAX_TEXT_LENGTH + 1 scalars of "a" */
    G_DOC_OVER_LIMIT,         /* document JSON with that text */
    G_DOC_DEEP_SPANS,         /* document JSON whose "spans" nest arrays 100,000 deep */
    G_SNAPSHOT_MEMBER,        /* the cell draft's snapshot with top-level member str replaced by str2 */
    G_SNAPSHOT_OVER_LIMIT,    /* the cell draft's snapshot with G_DOC_OVER_LIMIT as its document */
} generated_value;

typedef struct {
    value_kind kind;
    const void *ptr;     /* V_PTR */
    const char *str;     /* V_STR, V_BYTES; G_SNAPSHOT_MEMBER: the member */
    size_t len;          /* V_BYTES */
    int64_t i;           /* V_INT */
    uint64_t u;          /* V_UINT */
    double f;            /* V_DOUBLE */
    generated_value gen; /* V_GEN */
    const char *str2;    /* G_SNAPSHOT_MEMBER: the new value (raw JSON) */
} arg_value;

#define VSTR(s) { V_STR, NULL, (s), 0, 0, 0, 0, 0, NULL }
#define VNULL { V_STR, NULL, NULL, 0, 0, 0, 0, 0, NULL }
#define VBYTES(s, n) { V_BYTES, NULL, (s), (n), 0, 0, 0, 0, NULL }
#define VINT(x) { V_INT, NULL, NULL, 0, (x), 0, 0, 0, NULL }
#define VUINT(x) { V_UINT, NULL, NULL, 0, 0, (x), 0, 0, NULL }
#define VDOUBLE(x) { V_DOUBLE, NULL, NULL, 0, 0, 0, (x), 0, NULL }
#define VGEN(g) { V_GEN, NULL, NULL, 0, 0, 0, 0, (g), NULL }
#define VSNAPSHOT(member, json) { V_GEN, NULL, (member), 0, 0, 0, 0, G_SNAPSHOT_MEMBER, (json) }

/* One call of one function: what the invoker reads its arguments from. */
#define MATRIX_MAX_OVERRIDES 2
#define MATRIX_MAX_OUTS 3

typedef enum { OUT_STRING, OUT_DRAFT, OUT_SCALAR } out_kind;

typedef struct {
    mc_draft *draft;          /* the cell's live draft (the default handle) */
    const char *snapshot;     /* its snapshot after setup */
    int noverrides;
    const char *param[MATRIX_MAX_OVERRIDES];
    arg_value value[MATRIX_MAX_OVERRIDES];
    int nseen;
    const char *seen[MATRIX_MAX_PARAMS + 2];
    int nouts;
    out_kind out_kinds[MATRIX_MAX_OUTS];
    char *out_strings[MATRIX_MAX_OUTS];
    mc_draft *out_drafts[MATRIX_MAX_OUTS];
    int64_t out_scalars[MATRIX_MAX_OUTS];
    int live_freed;           /* the call freed the live draft (mc_draft_free's baseline) */
    char *generated[MATRIX_MAX_OVERRIDES];  /* built values, freed after the call */
} matrix_call;

/* Argument accessors for invokers: the cell's value when it targets `param`, else `fallback`.
   Each records that the invoker read `param` (the run checks the names against the header). */
mc_draft *arg_draft(matrix_call *c, const char *param);
const char *arg_str(matrix_call *c, const char *param, const char *fallback);
/* A (pointer, length) pair: `param` and `length_param`; the fallback length is strlen(fallback). */
const char *arg_bytes(matrix_call *c, const char *param, const char *length_param, const char *fallback, size_t *length);
int64_t arg_i64(matrix_call *c, const char *param, int64_t fallback);
uint64_t arg_u64(matrix_call *c, const char *param, uint64_t fallback);
int32_t arg_i32(matrix_call *c, const char *param, int32_t fallback);
uint32_t arg_u32(matrix_call *c, const char *param, uint32_t fallback);
double arg_double(matrix_call *c, const char *param, double fallback);
int arg_bool(matrix_call *c, const char *param, int fallback);
void *arg_ptr(matrix_call *c, const char *param, void *fallback);
mc_listener arg_listener(matrix_call *c, const char *param, mc_listener fallback);
/* Out-parameters: a slot the run inspects after the call, or NULL for a K_OUT_NULL cell. */
char **arg_out_string(matrix_call *c, const char *param);
mc_draft **arg_out_draft(matrix_call *c, const char *param);
int64_t *arg_out_i64(matrix_call *c, const char *param);
bool *arg_out_bool(matrix_call *c, const char *param);
/* For functions that return no status: whether mc_last_error() now names `function`. */
mc_status matrix_refusal_recorded(const char *function);

/* ---- Rows ---- */

typedef mc_draft *(*setup_fn)(void);

typedef struct {
    const char *param;
    cell_kind kind;
    mc_status expected;
} expect_row;

#define ROW_HEAVY 1u   /* moves megabytes: skipped with MC_MATRIX_SKIP_HEAVY */
#define ROW_BANNER 2u  /* the refusal raises the info banner (mention_limit), the one documented change */

typedef struct {
    const char *label;
    setup_fn setup;          /* NULL: the function's setup */
    const char *param;
    arg_value value;
    const char *param2;      /* NULL: one override */
    arg_value value2;
    mc_status expected;
    unsigned flags;
} custom_row;

typedef struct {
    const char *function;
    mc_status (*call)(matrix_call *c);
    setup_fn setup;                /* the draft the baseline call needs */
    const expect_row *expect;      /* ends with a NULL param and K_COUNT */
    const custom_row *custom;      /* ends with a NULL label */
} function_rows;

extern const function_rows MATRIX_ROWS[];
extern const size_t MATRIX_ROW_COUNT;

/* Setups (matrix_rows.c). */
mc_draft *setup_rich(void);

/* Shared values (matrix_run.c). */
extern const char MATRIX_SENTINEL;

#endif /* MC_MATRIX_H */
