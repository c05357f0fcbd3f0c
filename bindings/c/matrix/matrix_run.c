/* matrix_run.c: derives each function's cells from the header, runs them and checks them (see
   matrix.h); the one main() of the matrix binary. */
#include "matrix.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness.h"
#include "support.h"

#ifndef MC_MATRIX_HEADER
#error "build with -DMC_MATRIX_HEADER='\"/path/to/include/message_composer.h\"'"
#endif

const char MATRIX_SENTINEL = 's';
#define STRING_SENTINEL ((char *)&MATRIX_SENTINEL)

#define DEEP 100000
#define MIB64 ((size_t)64 << 20)

/* ---- Values ---- */

static const char *const KIND_LABELS[K_COUNT] = {
    [K_BASELINE] = "valid baseline",
    [K_HANDLE_NULL] = "NULL", [K_HANDLE_FREED] = "freed handle", [K_HANDLE_DOUBLE_FREED] = "double-freed handle",
    [K_HANDLE_UNTAGGED] = "forged: a C object's address", [K_HANDLE_ALL_ONES] = "forged: all bits set",
    [K_HANDLE_TAG_ONLY] = "forged: tag bits only", [K_HANDLE_NO_SLOT] = "forged: a slot that was never allocated",
    [K_HANDLE_OTHER_GENERATION] = "forged: the live slot, another generation",
    [K_HANDLE_NEXT_GENERATION] = "forged: the live slot, the next generation",
    [K_OUT_NULL] = "NULL",
    [K_STR_NULL] = "NULL", [K_UTF8_CONTINUATION] = "invalid UTF-8: a lone continuation byte",
    [K_UTF8_OVERLONG] = "invalid UTF-8: an overlong '/'", [K_UTF8_SURROGATE] = "invalid UTF-8: an encoded surrogate",
    [K_UTF8_TRUNCATED] = "invalid UTF-8: a sequence cut at the end", [K_UTF8_TOO_HIGH] = "invalid UTF-8: past U+10FFFF",
    [K_UTF8_FF] = "invalid UTF-8: byte 0xFF", [K_STR_64MIB] = "a 64 MiB string",
    [K_JSON_DEEP_ARRAYS] = "JSON: arrays nested 100,000 deep", [K_JSON_DEEP_OBJECTS] = "JSON: objects nested 100,000 deep",
    [K_JSON_BROKEN] = "JSON: unterminated object", [K_JSON_HUGE_NUMBER] = "JSON: the number 1e400",
    [K_JSON_SCALAR] = "JSON: a number where a container belongs",
    [K_MD_DEEP_QUOTES] = "markdown: 100,000 nested quotes", [K_MD_DEEP_LISTS] = "markdown: 100,000 nested list items",
    [K_MD_DEEP_EMPHASIS] = "markdown: 100,000 nested emphasis delimiters",
    [K_MD_DEEP_BRACKETS] = "markdown: 100,000 nested link brackets",
    [K_N_EMBEDDED_NUL] = "embedded NUL", [K_N_CUT_CHARACTER] = "a length that cuts a character",
    [K_N_NULL_EMPTY] = "NULL with length 0", [K_N_NULL_NONEMPTY] = "NULL with length 1",
    [K_N_SIZE_MAX] = "length SIZE_MAX", [K_N_64MIB] = "64 MiB",
    [K_I64_MIN] = "INT64_MIN", [K_I64_MINUS_ONE] = "-1", [K_I64_MAX] = "INT64_MAX",
    [K_U64_ZERO] = "0", [K_U64_MAX] = "UINT64_MAX",
    [K_ENUM_MINUS_ONE] = "-1", [K_ENUM_INT32_MIN] = "INT32_MIN", [K_ENUM_INT32_MAX] = "INT32_MAX",
    [K_FLAGS_ALL] = "every bit", [K_FLAGS_BIT31] = "bit 31",
    [K_F64_NAN] = "NaN", [K_F64_INF] = "+infinity", [K_F64_MINUS_INF] = "-infinity", [K_F64_MINUS_ONE] = "-1",
    [K_F64_TWO] = "2",
    [K_LISTENER_NULL] = "NULL", [K_USER_DATA_NULL] = "NULL", [K_USER_DATA_WILD] = "a wild pointer",
    [K_OWNED_NULL] = "NULL",
    [K_CUSTOM] = "custom",
};

const char *matrix_kind_label(cell_kind kind) {
    return kind < K_COUNT && KIND_LABELS[kind] ? KIND_LABELS[kind] : "(unknown kind)";
}

static int heavy_kind(cell_kind kind) { return kind == K_STR_64MIB || kind == K_N_64MIB; }

static char *checked_malloc(size_t n) {
    char *p = malloc(n);
    if (!p) {
        fprintf(stderr, "matrix: out of memory (%zu bytes)\n", n);
        exit(2);
    }
    return p;
}

/* `prefix` repeated n times, `middle`, `suffix` repeated n times. */
static char *repeat3(const char *prefix, size_t n, const char *middle, const char *suffix) {
    size_t lp = strlen(prefix), lm = strlen(middle), ls = strlen(suffix);
    char *s = checked_malloc(n * (lp + ls) + lm + 1), *p = s;
    for (size_t i = 0; i < n; i++, p += lp) memcpy(p, prefix, lp);
    memcpy(p, middle, lm);
    p += lm;
    for (size_t i = 0; i < n; i++, p += ls) memcpy(p, suffix, ls);
    *p = '\0';
    return s;
}

static char *big64;  /* 64 MiB of "a", NUL-terminated */
static char *deep_values[K_COUNT];

static const char *big_string(void) {
    if (!big64) {
        big64 = checked_malloc(MIB64 + 1);
        memset(big64, 'a', MIB64);
        big64[MIB64] = '\0';
    }
    return big64;
}

static const char *deep_value(cell_kind kind) {
    if (deep_values[kind]) return deep_values[kind];
    switch (kind) {
    case K_JSON_DEEP_ARRAYS: deep_values[kind] = repeat3("[", DEEP, "1", "]"); break;
    case K_JSON_DEEP_OBJECTS: deep_values[kind] = repeat3("{\"a\":", DEEP, "1", "}"); break;
    case K_MD_DEEP_QUOTES: deep_values[kind] = repeat3(">", DEEP, " x", ""); break;
    case K_MD_DEEP_LISTS: deep_values[kind] = repeat3("- ", DEEP, "x", ""); break;
    case K_MD_DEEP_EMPHASIS: deep_values[kind] = repeat3("*", DEEP, "x", "*"); break;
    case K_MD_DEEP_BRACKETS: deep_values[kind] = repeat3("[", DEEP, "x", "](https://a.io)"); break;
    default: return NULL;
    }
    return deep_values[kind];
}

static const char *invalid_utf8(cell_kind kind) {
    switch (kind) {
    case K_UTF8_CONTINUATION: return "a\x80z";
    case K_UTF8_OVERLONG: return "\xC0\xAF";
    case K_UTF8_SURROGATE: return "\xED\xA0\x80";
    case K_UTF8_TRUNCATED: return "ab\xE2\x82";
    case K_UTF8_TOO_HIGH: return "\xF4\x90\x80\x80";
    case K_UTF8_FF: return "x\xFF";
    default: return NULL;
    }
}

/* An object whose address is never a handle (handles carry tag 0xB in their low bits). */
static uint64_t untagged_object[2];

static mc_draft *freed_handle(int twice) {
    mc_draft *d = NULL;
    if (mc_draft_new(NULL, &d) != MC_OK) return NULL;
    mc_draft_free(d);
    if (twice) mc_draft_free(d);
    return d;
}

/* The value of a derived cell (handles are built against the live draft). */
static arg_value derived_value(cell_kind kind, mc_draft *live) {
    arg_value v = VNULL;
    uintptr_t bits = (uintptr_t)live;
    switch (kind) {
    case K_HANDLE_NULL: case K_OUT_NULL: case K_STR_NULL: case K_LISTENER_NULL: case K_USER_DATA_NULL:
    case K_OWNED_NULL:
        v.kind = V_PTR;
        v.ptr = NULL;
        if (kind == K_STR_NULL) v.kind = V_STR;
        return v;
    case K_HANDLE_FREED: v.kind = V_PTR; v.ptr = freed_handle(0); return v;
    case K_HANDLE_DOUBLE_FREED: v.kind = V_PTR; v.ptr = freed_handle(1); return v;
    case K_HANDLE_UNTAGGED: v.kind = V_PTR; v.ptr = untagged_object; return v;
    case K_HANDLE_ALL_ONES: v.kind = V_PTR; v.ptr = (void *)UINTPTR_MAX; return v;
    case K_HANDLE_TAG_ONLY: v.kind = V_PTR; v.ptr = (void *)(uintptr_t)0xB; return v;
    case K_HANDLE_NO_SLOT:
        v.kind = V_PTR;
        v.ptr = (void *)(((uintptr_t)1 << 32) | ((uintptr_t)0x0FFFFFFF << 4) | 0xB);
        return v;
    case K_HANDLE_OTHER_GENERATION: v.kind = V_PTR; v.ptr = (void *)(bits ^ ((uintptr_t)1 << 32)); return v;
    case K_HANDLE_NEXT_GENERATION: v.kind = V_PTR; v.ptr = (void *)(bits + ((uintptr_t)1 << 32)); return v;
    case K_USER_DATA_WILD: v.kind = V_PTR; v.ptr = (void *)(uintptr_t)0x10; return v;
    case K_UTF8_CONTINUATION: case K_UTF8_OVERLONG: case K_UTF8_SURROGATE: case K_UTF8_TRUNCATED:
    case K_UTF8_TOO_HIGH: case K_UTF8_FF:
        v.kind = V_BYTES;
        v.str = invalid_utf8(kind);
        v.len = strlen(v.str);
        return v;
    case K_STR_64MIB: case K_N_64MIB: v.kind = V_BYTES; v.str = big_string(); v.len = MIB64; return v;
    case K_JSON_DEEP_ARRAYS: case K_JSON_DEEP_OBJECTS: case K_MD_DEEP_QUOTES: case K_MD_DEEP_LISTS:
    case K_MD_DEEP_EMPHASIS: case K_MD_DEEP_BRACKETS:
        v.kind = V_BYTES;
        v.str = deep_value(kind);
        v.len = strlen(v.str);
        return v;
    case K_JSON_BROKEN: v.kind = V_BYTES; v.str = "{\"a\":"; v.len = 5; return v;
    case K_JSON_HUGE_NUMBER: v.kind = V_BYTES; v.str = "1e400"; v.len = 5; return v;
    case K_JSON_SCALAR: v.kind = V_BYTES; v.str = "7"; v.len = 1; return v;
    case K_N_EMBEDDED_NUL: v.kind = V_BYTES; v.str = "a\0b"; v.len = 3; return v;
    case K_N_CUT_CHARACTER: v.kind = V_BYTES; v.str = "\xC3\xA9"; v.len = 1; return v;
    case K_N_NULL_EMPTY: v.kind = V_BYTES; v.str = NULL; v.len = 0; return v;
    case K_N_NULL_NONEMPTY: v.kind = V_BYTES; v.str = NULL; v.len = 1; return v;
    case K_N_SIZE_MAX: v.kind = V_BYTES; v.str = "x"; v.len = SIZE_MAX; return v;
    case K_I64_MIN: v.kind = V_INT; v.i = INT64_MIN; return v;
    case K_I64_MINUS_ONE: case K_ENUM_MINUS_ONE: v.kind = V_INT; v.i = -1; return v;
    case K_I64_MAX: v.kind = V_INT; v.i = INT64_MAX; return v;
    case K_ENUM_INT32_MIN: v.kind = V_INT; v.i = INT32_MIN; return v;
    case K_ENUM_INT32_MAX: v.kind = V_INT; v.i = INT32_MAX; return v;
    case K_U64_ZERO: v.kind = V_UINT; v.u = 0; return v;
    case K_U64_MAX: v.kind = V_UINT; v.u = UINT64_MAX; return v;
    case K_FLAGS_ALL: v.kind = V_UINT; v.u = UINT32_MAX; return v;
    case K_FLAGS_BIT31: v.kind = V_UINT; v.u = (uint64_t)1 << 31; return v;
    case K_F64_NAN: v.kind = V_DOUBLE; v.f = NAN; return v;
    case K_F64_INF: v.kind = V_DOUBLE; v.f = INFINITY; return v;
    case K_F64_MINUS_INF: v.kind = V_DOUBLE; v.f = -INFINITY; return v;
    case K_F64_MINUS_ONE: v.kind = V_DOUBLE; v.f = -1; return v;
    case K_F64_TWO: v.kind = V_DOUBLE; v.f = 2; return v;
    default: return v;
    }
}

/* The cells a parameter must have, by its class. */
static int kinds_for(const param_info *p, cell_kind *out) {
    int n = 0;
    switch (p->cls) {
    case P_HANDLE:
        for (cell_kind k = K_HANDLE_NULL; k <= K_HANDLE_NEXT_GENERATION; k++) out[n++] = k;
        break;
    case P_OUT: out[n++] = K_OUT_NULL; break;
    case P_STRING:
        out[n++] = K_STR_NULL;
        for (cell_kind k = K_UTF8_CONTINUATION; k <= K_STR_64MIB; k++) out[n++] = k;
        if (p->json)
            for (cell_kind k = K_JSON_DEEP_ARRAYS; k <= K_JSON_SCALAR; k++) out[n++] = k;
        if (p->markdown)
            for (cell_kind k = K_MD_DEEP_QUOTES; k <= K_MD_DEEP_BRACKETS; k++) out[n++] = k;
        break;
    case P_BYTES:
        for (cell_kind k = K_UTF8_CONTINUATION; k <= K_UTF8_FF; k++) out[n++] = k;
        for (cell_kind k = K_N_EMBEDDED_NUL; k <= K_N_64MIB; k++) out[n++] = k;
        break;
    case P_OWNED: out[n++] = K_OWNED_NULL; break;
    case P_I64: out[n++] = K_I64_MIN; out[n++] = K_I64_MINUS_ONE; out[n++] = K_I64_MAX; break;
    case P_U64: out[n++] = K_U64_ZERO; out[n++] = K_U64_MAX; break;
    case P_ENUM: out[n++] = K_ENUM_MINUS_ONE; out[n++] = K_ENUM_INT32_MIN; out[n++] = K_ENUM_INT32_MAX; break;
    case P_FLAGS: out[n++] = K_FLAGS_ALL; out[n++] = K_FLAGS_BIT31; break;
    case P_DOUBLE:
        for (cell_kind k = K_F64_NAN; k <= K_F64_TWO; k++) out[n++] = k;
        break;
    case P_LISTENER: out[n++] = K_LISTENER_NULL; break;
    case P_USER_DATA: out[n++] = K_USER_DATA_NULL; out[n++] = K_USER_DATA_WILD; break;
    case P_LENGTH: case P_BOOL: case P_UNKNOWN: break;
    }
    return n;
}

/* The API-wide rule for a cell (README "The rules"), or 1 when the function's rows must say. */
static mc_status default_expectation(const param_info *p, cell_kind kind) {
    switch (kind) {
    case K_BASELINE: return MC_OK;
    case K_HANDLE_NULL: case K_HANDLE_FREED: case K_HANDLE_DOUBLE_FREED: case K_HANDLE_UNTAGGED: case K_HANDLE_ALL_ONES:
    case K_HANDLE_TAG_ONLY: case K_HANDLE_NO_SLOT: case K_HANDLE_OTHER_GENERATION: case K_HANDLE_NEXT_GENERATION:
        return MC_ERR_INVALID_HANDLE;
    case K_OUT_NULL: case K_STR_NULL: case K_N_NULL_NONEMPTY: return MC_ERR_NULL_ARGUMENT;
    case K_UTF8_CONTINUATION: case K_UTF8_OVERLONG: case K_UTF8_SURROGATE: case K_UTF8_TRUNCATED:
    case K_UTF8_TOO_HIGH: case K_UTF8_FF: case K_N_EMBEDDED_NUL: case K_N_CUT_CHARACTER:
        return MC_ERR_INVALID_UTF8;
    case K_STR_64MIB: case K_N_64MIB: case K_N_SIZE_MAX: case K_JSON_DEEP_ARRAYS: case K_JSON_DEEP_OBJECTS:
        return MC_ERR_LIMIT_EXCEEDED;
    case K_JSON_BROKEN: case K_JSON_HUGE_NUMBER: return MC_ERR_INVALID_JSON;
    case K_JSON_SCALAR: case K_ENUM_MINUS_ONE: case K_ENUM_INT32_MIN: case K_ENUM_INT32_MAX: case K_FLAGS_ALL:
    case K_FLAGS_BIT31:
        return MC_ERR_INVALID_ARGUMENT;
    case K_MD_DEEP_QUOTES: case K_MD_DEEP_LISTS: case K_MD_DEEP_EMPHASIS: case K_MD_DEEP_BRACKETS:
    case K_N_NULL_EMPTY: case K_LISTENER_NULL: case K_USER_DATA_NULL: case K_USER_DATA_WILD: case K_OWNED_NULL:
        return MC_OK;
    default:
        (void)p;
        return 1;
    }
}

/* ---- Accessors ---- */

static const arg_value *find_override(matrix_call *c, const char *param) {
    if (c->nseen < (int)(sizeof c->seen / sizeof c->seen[0])) c->seen[c->nseen++] = param;
    for (int i = 0; i < c->noverrides; i++)
        if (c->param[i] && strcmp(c->param[i], param) == 0) return &c->value[i];
    return NULL;
}

mc_draft *arg_draft(matrix_call *c, const char *param) {
    const arg_value *v = find_override(c, param);
    return v ? (mc_draft *)(uintptr_t)v->ptr : c->draft;
}

const char *arg_str(matrix_call *c, const char *param, const char *fallback) {
    const arg_value *v = find_override(c, param);
    return v ? v->str : fallback;
}

const char *arg_bytes(matrix_call *c, const char *param, const char *length_param, const char *fallback, size_t *length) {
    (void)find_override(c, length_param);
    const arg_value *v = find_override(c, param);
    if (!v) {
        *length = fallback ? strlen(fallback) : 0;
        return fallback;
    }
    *length = v->kind == V_BYTES ? v->len : (v->str ? strlen(v->str) : 0);
    if (v->kind == V_STR && !v->str) *length = 1;  /* NULL in a string cell: NULL with a length */
    return v->str;
}

int64_t arg_i64(matrix_call *c, const char *param, int64_t fallback) {
    const arg_value *v = find_override(c, param);
    return v ? v->i : fallback;
}

uint64_t arg_u64(matrix_call *c, const char *param, uint64_t fallback) {
    const arg_value *v = find_override(c, param);
    return v ? (v->kind == V_UINT ? v->u : (uint64_t)v->i) : fallback;
}

int32_t arg_i32(matrix_call *c, const char *param, int32_t fallback) {
    const arg_value *v = find_override(c, param);
    return v ? (int32_t)v->i : fallback;
}

uint32_t arg_u32(matrix_call *c, const char *param, uint32_t fallback) {
    const arg_value *v = find_override(c, param);
    return v ? (uint32_t)(v->kind == V_UINT ? v->u : (uint64_t)v->i) : fallback;
}

double arg_double(matrix_call *c, const char *param, double fallback) {
    const arg_value *v = find_override(c, param);
    return v ? v->f : fallback;
}

int arg_bool(matrix_call *c, const char *param, int fallback) {
    const arg_value *v = find_override(c, param);
    return v ? v->i != 0 : fallback;
}

void *arg_ptr(matrix_call *c, const char *param, void *fallback) {
    const arg_value *v = find_override(c, param);
    return v ? (void *)(uintptr_t)v->ptr : fallback;
}

mc_listener arg_listener(matrix_call *c, const char *param, mc_listener fallback) {
    const arg_value *v = find_override(c, param);
    return v ? NULL : fallback;  /* the one listener cell is NULL */
}

static int out_slot(matrix_call *c, const char *param, out_kind kind) {
    if (find_override(c, param) || c->nouts == MATRIX_MAX_OUTS) return -1;
    int i = c->nouts++;
    c->out_kinds[i] = kind;
    c->out_strings[i] = STRING_SENTINEL;
    c->out_drafts[i] = (mc_draft *)(uintptr_t)untagged_object;  /* must become NULL or a handle */
    c->out_scalars[i] = -7;
    return i;
}

char **arg_out_string(matrix_call *c, const char *param) {
    int i = out_slot(c, param, OUT_STRING);
    return i < 0 ? NULL : &c->out_strings[i];
}

mc_draft **arg_out_draft(matrix_call *c, const char *param) {
    int i = out_slot(c, param, OUT_DRAFT);
    return i < 0 ? NULL : &c->out_drafts[i];
}

int64_t *arg_out_i64(matrix_call *c, const char *param) {
    int i = out_slot(c, param, OUT_SCALAR);
    return i < 0 ? NULL : &c->out_scalars[i];
}

bool *arg_out_bool(matrix_call *c, const char *param) {
    int i = out_slot(c, param, OUT_SCALAR);
    return i < 0 ? NULL : (bool *)&c->out_scalars[i];
}

mc_status matrix_refusal_recorded(const char *function) {
    return support_last_error_names(function) ? MC_ERR_INVALID_HANDLE : MC_OK;
}

/* ---- Running cells ---- */

static function_info *functions;
static int function_count;
static int skip_heavy;

static struct {
    long cells;
    long heavy_skipped;
    long by_status[16];
    int functions_run;
    double seconds;
} totals;

static const function_rows *rows_for(const char *name) {
    for (size_t i = 0; i < MATRIX_ROW_COUNT; i++)
        if (strcmp(MATRIX_ROWS[i].function, name) == 0) return &MATRIX_ROWS[i];
    return NULL;
}

static const param_info *param_named(const function_info *f, const char *name) {
    for (int i = 0; i < f->nparams; i++)
        if (strcmp(f->params[i].name, name) == 0) return &f->params[i];
    return NULL;
}

/* A built value (its text is owned by the call and freed after it). */
static arg_value resolve_value(matrix_call *c, int slot, arg_value v) {
    if (v.kind != V_GEN) return v;
    arg_value out = VNULL;
    out.kind = V_BYTES;
    char *s = NULL;
    size_t limit = MC_MAX_TEXT_LENGTH;
    switch (v.gen) {
    case G_TEXT_OVER_LIMIT:
        s = checked_malloc(limit + 2);
        memset(s, 'a', limit + 1);
        s[limit + 1] = '\0';
        break;
    case G_DOC_OVER_LIMIT:
    case G_SNAPSHOT_OVER_LIMIT:
        s = checked_malloc(limit + 32);
        strcpy(s, "{\"text\":\"");
        memset(s + 9, 'a', limit + 1);
        strcpy(s + 9 + limit + 1, "\",\"spans\":[]}");
        if (v.gen == G_SNAPSHOT_OVER_LIMIT) {
            char *doc = s;
            s = support_json_with_member(c->snapshot, "document", doc);
            free(doc);
        }
        break;
    case G_DOC_DEEP_SPANS: {
        char *deep = repeat3("[", DEEP, "", "]");
        s = checked_malloc(strlen(deep) + 32);
        sprintf(s, "{\"text\":\"ab\",\"spans\":%s}", deep);
        free(deep);
        break;
    }
    case G_SNAPSHOT_MEMBER:
        s = support_json_with_member(c->snapshot, v.str, v.str2);
        if (!s || strcmp(s, c->snapshot) == 0) {
            harness_fail(__FILE__, __LINE__, "the snapshot has no member \"%s\" to replace", v.str);
            free(s);
            s = NULL;
        }
        break;
    }
    c->generated[slot] = s;
    out.str = s;
    out.len = s ? strlen(s) : 0;
    return out;
}

static int count_events(event_log *log) {
    pthread_mutex_lock(&log->lock);
    int n = (int)log->count;
    pthread_mutex_unlock(&log->lock);
    return n;
}

/* Compares two draft states field by field, naming the cell in each failure. */
static void check_same_state(const char *cell, const draft_state *a, const draft_state *b, int except_banner) {
#define SAME_STR(field) \
    if (strcmp(a->field, b->field) != 0) harness_fail(__FILE__, __LINE__, "%s: the refused call changed " #field, cell)
    SAME_STR(text);
    SAME_STR(document);
    SAME_STR(config);
    SAME_STR(active);
    SAME_STR(mentions);
    SAME_STR(markdown);
    SAME_STR(snapshot);
#undef SAME_STR
    if (a->length != b->length || a->anchor != b->anchor || a->focus != b->focus || a->can_undo != b->can_undo
        || a->can_redo != b->can_redo)
        harness_fail(__FILE__, __LINE__, "%s: the refused call changed the length, selection or undo state", cell);
    if (except_banner) {
        char *ua = support_json_with_member(a->ui, "info_banner", "null");
        char *ub = support_json_with_member(b->ui, "info_banner", "null");
        if (!ua || !ub || strcmp(ua, ub) != 0)
            harness_fail(__FILE__, __LINE__, "%s: the refused call changed the UI state beyond the banner", cell);
        free(ua);
        free(ub);
    } else if (strcmp(a->ui, b->ui) != 0) {
        harness_fail(__FILE__, __LINE__, "%s: the refused call changed the UI state", cell);
    }
}

/* An accepted call leaves a draft whose document JSON and snapshot load back into a fresh draft. */
static void check_consistent(const char *cell, mc_draft *d) {
    char *config = NULL, *doc = NULL, *snap = NULL, *doc2 = NULL;
    mc_draft *fresh = NULL;
    if (mc_draft_config(d, &config) != MC_OK || mc_draft_document(d, &doc) != MC_OK || mc_draft_snapshot(d, &snap) != MC_OK) {
        harness_fail(__FILE__, __LINE__, "%s: the accepted call left a draft whose state cannot be read", cell);
    } else if (mc_draft_new(config, &fresh) != MC_OK) {
        harness_fail(__FILE__, __LINE__, "%s: the draft's own configuration does not create a draft", cell);
    } else {
        if (mc_draft_load_document(fresh, doc) != MC_OK)
            harness_fail(__FILE__, __LINE__, "%s: the draft's document JSON does not load back", cell);
        if (mc_draft_restore(fresh, snap) != MC_OK)
            harness_fail(__FILE__, __LINE__, "%s: the draft's snapshot does not restore", cell);
        else if (mc_draft_document(fresh, &doc2) != MC_OK || strcmp(doc, doc2) != 0)
            harness_fail(__FILE__, __LINE__, "%s: the restored snapshot holds another document", cell);
    }
    mc_draft_free(fresh);
    mc_string_free(config);
    mc_string_free(doc);
    mc_string_free(snap);
    mc_string_free(doc2);
}

typedef struct {
    const function_info *f;
    const function_rows *rows;
    unsigned produced;  /* statuses the cells produced as expected */
} function_run;

/* Runs one cell: `param`/`value` (and `param2`/`value2`) in place of the defaults. */
static void run_cell(function_run *run, const char *label, setup_fn setup, const char *param, arg_value value,
                     const char *param2, arg_value value2, cell_kind kind, mc_status expected, unsigned flags) {
    const function_info *f = run->f;
    char cell[256];
    snprintf(cell, sizeof cell, "%s [%s%s%s]", f->name, param ? param : "", param ? ": " : "", label);
    if (skip_heavy && (flags & ROW_HEAVY)) {
        totals.heavy_skipped++;
        return;
    }
    mc_draft *live = (setup ? setup : run->rows->setup)();
    if (!live) {
        harness_fail(__FILE__, __LINE__, "%s: the setup failed", cell);
        return;
    }
    matrix_call c;
    memset(&c, 0, sizeof c);
    c.draft = live;
    char *snapshot = NULL;
    if (mc_draft_snapshot(live, &snapshot) != MC_OK) harness_fail(__FILE__, __LINE__, "%s: no snapshot after setup", cell);
    c.snapshot = snapshot ? snapshot : "";
    if (param) {
        c.param[c.noverrides] = param;
        c.value[c.noverrides] = kind == K_CUSTOM ? resolve_value(&c, c.noverrides, value) : derived_value(kind, live);
        c.noverrides++;
    }
    if (param2) {
        c.param[c.noverrides] = param2;
        c.value[c.noverrides] = resolve_value(&c, c.noverrides, value2);
        c.noverrides++;
    }
    event_log log;
    event_log_init(&log);
    if (mc_draft_set_listener(live, event_log_listener, &log) != MC_OK)
        harness_fail(__FILE__, __LINE__, "%s: cannot set the listener", cell);
    draft_state before;
    int have_before = support_snapshot(__FILE__, __LINE__, live, &before);
    event_log_clear(&log);
    support_prime_last_error(f->name);

    mc_status status = run->rows->call(&c);

    totals.cells++;
    if (status <= 0 && -status < 16) totals.by_status[-status]++;
    if (status != expected)
        harness_fail(__FILE__, __LINE__, "%s: %s, expected %s", cell, mc_status_name(status), mc_status_name(expected));
    else
        run->produced |= STATUS_BIT(status);
    if (f->returns_status && !(f->documented & STATUS_BIT(expected)))
        harness_fail(__FILE__, __LINE__, "%s: the matrix expects %s, which the header does not document for %s", cell,
                     mc_status_name(expected), f->name);
    if (!param && c.noverrides == 0) {
        /* The baseline reads exactly the header's parameters. */
        for (int i = 0; i < f->nparams; i++) {
            int found = 0;
            for (int j = 0; j < c.nseen; j++) found |= strcmp(c.seen[j], f->params[i].name) == 0;
            if (!found)
                harness_fail(__FILE__, __LINE__, "%s: the invoker never reads parameter %s %s", cell, f->params[i].type,
                             f->params[i].name);
        }
        for (int j = 0; j < c.nseen; j++)
            if (!param_named(f, c.seen[j]))
                harness_fail(__FILE__, __LINE__, "%s: the invoker reads \"%s\", which the header does not name", cell, c.seen[j]);
    }
    int bad_handle = 0;
    for (int i = 0; i < c.noverrides; i++) {
        const param_info *p = param_named(f, c.param[i]);
        if (p && p->cls == P_HANDLE) bad_handle = 1;
    }
    int on_live = param_named(f, "draft") && !bad_handle;

    if (status != MC_OK) {
        if (f->returns_status && !support_last_error_names(f->name))
            harness_fail(__FILE__, __LINE__, "%s: mc_last_error() does not read \"%s: <message>\": %s", cell, f->name,
                         mc_last_error());
        /* A refused call leaves its out-parameters as they were (the header's Ownership rules), but
           mc_draft_new's, which it sets to NULL. */
        for (int i = 0; i < c.nouts; i++) {
            if (c.out_kinds[i] == OUT_STRING && c.out_strings[i] != STRING_SENTINEL) {
                harness_fail(__FILE__, __LINE__, "%s: the refused call wrote its string out-parameter", cell);
                mc_string_free(c.out_strings[i]);
            }
            if (c.out_kinds[i] == OUT_SCALAR && c.out_scalars[i] != -7)
                harness_fail(__FILE__, __LINE__, "%s: the refused call wrote its out-parameter", cell);
            if (c.out_kinds[i] == OUT_DRAFT && c.out_drafts[i] != NULL)
                harness_fail(__FILE__, __LINE__, "%s: the refused call did not set *out_draft to NULL", cell);
        }
        int events = count_events(&log);
        if (on_live) {
            /* One error event; a refusal that raises the banner also tells of the banner. */
            int banner = (flags & ROW_BANNER) != 0;
            char *payload = event_log_last(&log, MC_EVENT_ERROR);
            char needle[96];
            snprintf(needle, sizeof needle, "\"function\":\"%s\",\"status\":%d,", f->name, (int)status);
            if (events != 1 + banner || !payload || !strstr(payload, needle)
                || (int)event_log_count(&log, MC_EVENT_BANNER) != banner)
                harness_fail(__FILE__, __LINE__, "%s: the listener heard %d events, not one MC_EVENT_ERROR with %s%s", cell,
                             events, needle, banner ? " and one MC_EVENT_BANNER" : "");
            free(payload);
        } else if (events != 0) {
            harness_fail(__FILE__, __LINE__, "%s: the live draft's listener heard %d events from a call not on it", cell,
                         events);
        }
        draft_state after;
        if (have_before && support_snapshot(__FILE__, __LINE__, live, &after)) {
            check_same_state(cell, &after, &before, (flags & ROW_BANNER) != 0);
            support_snapshot_free(&after);
        }
    } else {
        for (int i = 0; i < c.nouts; i++) {
            if (c.out_kinds[i] == OUT_STRING && c.out_strings[i] != STRING_SENTINEL) mc_string_free(c.out_strings[i]);
            if (c.out_kinds[i] == OUT_DRAFT) {
                if (c.out_drafts[i] == NULL || c.out_drafts[i] == (mc_draft *)(uintptr_t)untagged_object)
                    harness_fail(__FILE__, __LINE__, "%s: the accepted call handed back no draft", cell);
                else
                    mc_draft_free(c.out_drafts[i]);
            }
        }
        if (!c.live_freed) check_consistent(cell, live);
    }
    if (have_before) support_snapshot_free(&before);
    if (c.live_freed) {
        int64_t length = 0;
        if (mc_draft_length(live, &length) != MC_ERR_INVALID_HANDLE)
            harness_fail(__FILE__, __LINE__, "%s: the handle still works after mc_draft_free", cell);
    } else {
        mc_draft_set_listener(live, NULL, NULL);
        mc_draft_free(live);
    }
    event_log_free(&log);
    mc_string_free(snapshot);
    for (int i = 0; i < MATRIX_MAX_OVERRIDES; i++) free(c.generated[i]);
}

/* Every cell of one header function. */
static void run_function(int index) {
    const function_info *f = &functions[index];
    function_run run = {f, rows_for(f->name), 0};
    if (!run.rows) {
        harness_fail(__FILE__, __LINE__, "%s is in the header but has no rows in the matrix (bindings/c/matrix/matrix_rows.c)",
                     f->name);
        return;
    }
    clock_t start = clock();
    totals.functions_run++;
    /* Derived cells: every parameter's kinds, each with its expectation. */
    run_cell(&run, matrix_kind_label(K_BASELINE), NULL, NULL, (arg_value)VNULL, NULL, (arg_value)VNULL, K_BASELINE, MC_OK, 0);
    for (int i = 0; i < f->nparams; i++) {
        const param_info *p = &f->params[i];
        if (p->cls == P_UNKNOWN) {
            harness_fail(__FILE__, __LINE__, "%s: the matrix has no cells for parameter type %s (%s): add them to matrix_run.c",
                         f->name, p->type, p->name);
            continue;
        }
        cell_kind kinds[32];
        int n = kinds_for(p, kinds);
        for (int k = 0; k < n; k++) {
            mc_status expected = default_expectation(p, kinds[k]);
            for (const expect_row *e = run.rows->expect; e && e->param; e++)
                if (strcmp(e->param, p->name) == 0 && e->kind == kinds[k]) expected = e->expected;
            if (expected > 0) {
                harness_fail(__FILE__, __LINE__, "%s [%s: %s]: no expected status (add an EXPECT row)", f->name, p->name,
                             matrix_kind_label(kinds[k]));
                continue;
            }
            run_cell(&run, matrix_kind_label(kinds[k]), NULL, p->name, (arg_value)VNULL, NULL, (arg_value)VNULL, kinds[k],
                     expected, heavy_kind(kinds[k]) ? ROW_HEAVY : 0);
        }
    }
    /* Expectations for cells the header does not give are stale. */
    for (const expect_row *e = run.rows->expect; e && e->param; e++) {
        const param_info *p = param_named(f, e->param);
        cell_kind kinds[32];
        int n = p ? kinds_for(p, kinds) : 0, found = 0;
        for (int k = 0; k < n; k++) found |= kinds[k] == e->kind;
        if (!found)
            harness_fail(__FILE__, __LINE__, "%s: an EXPECT row for [%s: %s], a cell the header does not give", f->name,
                         e->param, matrix_kind_label(e->kind));
    }
    /* Custom rows. */
    for (const custom_row *r = run.rows->custom; r && r->label; r++) {
        if ((r->param && !param_named(f, r->param)) || (r->param2 && !param_named(f, r->param2))) {
            harness_fail(__FILE__, __LINE__, "%s: the row \"%s\" names a parameter the header does not", f->name, r->label);
            continue;
        }
        run_cell(&run, r->label, r->setup, r->param, r->value, r->param2, r->value2, K_CUSTOM, r->expected, r->flags);
    }
    /* Every documented status is produced by some cell. */
    if (f->returns_status && !skip_heavy) {
        if (!f->has_errors_line) harness_fail(__FILE__, __LINE__, "%s: its doc comment has no \"Errors:\" line", f->name);
        for (int s = 0; s >= -15; s--) {
            if ((f->documented & STATUS_BIT(s)) && !(run.produced & STATUS_BIT(s)))
                harness_fail(__FILE__, __LINE__, "%s documents %s, but no cell of the matrix produces it", f->name,
                             mc_status_name(s));
        }
    }
    totals.seconds += (double)(clock() - start) / CLOCKS_PER_SEC;
}

/* ---- Registration: one harness test per header function ---- */

static void header_rows_agree(void) {
    REQUIRE(function_count >= 1);
    for (size_t i = 0; i < MATRIX_ROW_COUNT; i++) {
        int found = 0;
        for (int j = 0; j < function_count; j++) found |= strcmp(functions[j].name, MATRIX_ROWS[i].function) == 0;
        if (!found)
            harness_fail(__FILE__, __LINE__, "rows for %s, which the header does not declare", MATRIX_ROWS[i].function);
        for (size_t j = 0; j < i; j++)
            if (strcmp(MATRIX_ROWS[i].function, MATRIX_ROWS[j].function) == 0)
                harness_fail(__FILE__, __LINE__, "%s has two sets of rows", MATRIX_ROWS[i].function);
    }
    for (int j = 0; j < function_count; j++)
        if (!rows_for(functions[j].name))
            harness_fail(__FILE__, __LINE__, "%s is in the header but has no rows in the matrix", functions[j].name);
}

static void summary(void) {
    printf("matrix: %d of %d header functions, %ld cells run", totals.functions_run, function_count, totals.cells);
    if (totals.heavy_skipped) printf(" (%ld heavy cells skipped)", totals.heavy_skipped);
    printf(", %.1f s CPU; statuses:", totals.seconds);
    for (int s = 0; s < 16; s++)
        if (totals.by_status[s]) printf(" %s %ld", mc_status_name(-s), totals.by_status[s]);
    printf("\n");
}

#define TRAMPOLINE(n) static void function_##n(void) { run_function(n); }
#define T10(n) TRAMPOLINE(n##0) TRAMPOLINE(n##1) TRAMPOLINE(n##2) TRAMPOLINE(n##3) TRAMPOLINE(n##4) \
    TRAMPOLINE(n##5) TRAMPOLINE(n##6) TRAMPOLINE(n##7) TRAMPOLINE(n##8) TRAMPOLINE(n##9)
TRAMPOLINE(0) TRAMPOLINE(1) TRAMPOLINE(2) TRAMPOLINE(3) TRAMPOLINE(4)
TRAMPOLINE(5) TRAMPOLINE(6) TRAMPOLINE(7) TRAMPOLINE(8) TRAMPOLINE(9)
T10(1) T10(2) T10(3) T10(4) T10(5) T10(6) T10(7) T10(8) T10(9)
#define REF(n) function_##n
#define R10(n) REF(n##0), REF(n##1), REF(n##2), REF(n##3), REF(n##4), REF(n##5), REF(n##6), REF(n##7), REF(n##8), REF(n##9)
static const harness_test_fn TRAMPOLINES[] = {
    REF(0), REF(1), REF(2), REF(3), REF(4), REF(5), REF(6), REF(7), REF(8), REF(9),
    R10(1), R10(2), R10(3), R10(4), R10(5), R10(6), R10(7), R10(8), R10(9),
};

int main(int argc, char **argv) {
    const char *path = getenv("MC_MATRIX_HEADER");
    if (!path || !*path) path = MC_MATRIX_HEADER;
    const char *heavy = getenv("MC_MATRIX_SKIP_HEAVY");
    skip_heavy = heavy && *heavy && strcmp(heavy, "0") != 0;
    function_count = matrix_read_header(path, &functions);
    if (function_count == 0) return 2;
    if ((size_t)function_count > sizeof TRAMPOLINES / sizeof TRAMPOLINES[0]) {
        fprintf(stderr, "matrix: the header declares %d functions; add trampolines to matrix_run.c\n", function_count);
        return 2;
    }
    static const harness_test FIRST[] = {HARNESS_TEST(header_rows_agree)};
    harness_register_suite("matrix", FIRST, 1);
    harness_test *tests = calloc((size_t)function_count, sizeof *tests);
    if (!tests) return 2;
    for (int i = 0; i < function_count; i++) {
        tests[i].name = functions[i].name;
        tests[i].fn = TRAMPOLINES[i];
    }
    harness_register_suite("matrix", tests, (size_t)function_count);
    static const harness_test LAST[] = {HARNESS_TEST(summary)};
    harness_register_suite("matrix", LAST, 1);
    int status = harness_main(argc, argv);
    free(tests);
    free(functions);
    free(big64);
    for (int k = 0; k < K_COUNT; k++) free(deep_values[k]);
    return status;
}
