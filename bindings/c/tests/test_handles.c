/*
 * test_handles.c: every function that takes a draft, called with NULL, freed and forged handles, and
 * with NULL out-parameters / string arguments. Nothing may crash; each refusal has its status and a
 * message naming the function, and no live draft changes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

#define INVALID_HANDLE_MESSAGE "draft handle is invalid (freed, double-freed or never issued)"

enum { OP_CONFIG, OP_CONVERT, OP_DOCUMENT, OP_LENGTH, OP_LOAD, OP_REPLACE, OP_REPLACE_N, OP_SELECTION,
       OP_SET_SELECTION, OP_TEXT, OP_COUNT };

static const char *const OP_NAMES[OP_COUNT] = {
    "mc_draft_config", "mc_draft_convert_offset", "mc_draft_document", "mc_draft_length",
    "mc_draft_load_document", "mc_draft_replace", "mc_draft_replace_n", "mc_draft_selection",
    "mc_draft_set_selection", "mc_draft_text",
};

/* Sentinels: an out-parameter must not receive an allocation when the call is refused. */
static char string_sentinel;
#define STRING_SENTINEL (&string_sentinel)

/* Calls one draft function with otherwise valid arguments. *leaked is set when a refused call
   handed back a string (it is freed here). */
static mc_status call_op(int op, mc_draft *d, int *leaked) {
    char *s = STRING_SENTINEL;
    int64_t a = -7, b = -7;
    mc_status status;
    switch (op) {
    case OP_CONFIG: status = mc_draft_config(d, &s); break;
    case OP_CONVERT: status = mc_draft_convert_offset(d, 0, MC_UNIT_SCALAR, MC_UNIT_UTF8, &a); break;
    case OP_DOCUMENT: status = mc_draft_document(d, &s); break;
    case OP_LENGTH: status = mc_draft_length(d, &a); break;
    case OP_LOAD: status = mc_draft_load_document(d, "{\"text\":\"forged write\"}"); break;
    case OP_REPLACE: status = mc_draft_replace(d, 0, 0, "forged write"); break;
    case OP_REPLACE_N: status = mc_draft_replace_n(d, 0, 0, "forged write", 12); break;
    case OP_SELECTION: status = mc_draft_selection(d, &a, &b); break;
    case OP_SET_SELECTION: status = mc_draft_set_selection(d, 0, 0); break;
    case OP_TEXT: status = mc_draft_text(d, &s); break;
    default: status = MC_OK; break;
    }
    if (s != STRING_SENTINEL && s != NULL) {
        if (status != MC_OK) *leaked = 1;
        mc_string_free(s);
    }
    return status;
}

typedef struct {
    const char *what;
    mc_draft *handle;
    const char *message; /* after "<function>: " */
} bad_handle;

static void every_function_refuses_bad_handles(void) {
    REQUIRE_NEW_DRAFT(witness, NULL);
    REQUIRE_LOAD(witness, "{\"text\":\"witness \\ud83d\\ude00\",\"spans\":[{\"start\":0,\"end\":7,\"format\":\"bold\"}]}");
    CHECK_OK(mc_draft_set_selection(witness, 2, 5));
    draft_state before;
    REQUIRE(support_snapshot(__FILE__, __LINE__, witness, &before));

    REQUIRE_NEW_DRAFT(freed, NULL);
    mc_draft_free(freed);
    int local = 42;
    void *heap = malloc(128);
    REQUIRE(heap != NULL);
    memset(heap, 0, 128);

    const bad_handle handles[] = {
        {"NULL", NULL, "draft is NULL"},
        {"freed", freed, INVALID_HANDLE_MESSAGE},
        {"0x1234", (mc_draft *)(uintptr_t)0x1234, INVALID_HANDLE_MESSAGE},
        {"&local", (mc_draft *)(void *)&local, INVALID_HANDLE_MESSAGE},
        {"malloc'd", (mc_draft *)heap, INVALID_HANDLE_MESSAGE},
        {"tagged, generation 0", (mc_draft *)(uintptr_t)0xB, INVALID_HANDLE_MESSAGE},
        {"tagged, absurd slot", (mc_draft *)(uintptr_t)0xFFFFFFFFFFFFFFFBull, INVALID_HANDLE_MESSAGE},
        {"all ones", (mc_draft *)(uintptr_t)UINTPTR_MAX, INVALID_HANDLE_MESSAGE},
        {"witness + 1", (mc_draft *)((uintptr_t)witness + 1), INVALID_HANDLE_MESSAGE},
        {"witness, next slot", (mc_draft *)((uintptr_t)witness ^ 0x10), INVALID_HANDLE_MESSAGE},
        {"witness, other generation", (mc_draft *)((uintptr_t)witness ^ ((uintptr_t)1 << 40)), INVALID_HANDLE_MESSAGE},
    };

    for (size_t h = 0; h < ARRAY_LEN(handles); h++) {
        for (int op = 0; op < OP_COUNT; op++) {
            support_prime_last_error(OP_NAMES[op]);
            int leaked = 0;
            mc_status status = call_op(op, handles[h].handle, &leaked);
            char expected[256];
            snprintf(expected, sizeof expected, "%s: %s", OP_NAMES[op], handles[h].message);
            if (status != MC_ERR_INVALID_HANDLE || strcmp(mc_last_error(), expected) != 0)
                harness_fail(__FILE__, __LINE__, "%s on the %s handle returned %s with message \"%s\"; expected "
                             "MC_ERR_INVALID_HANDLE with \"%s\"", OP_NAMES[op], handles[h].what,
                             harness_status_name(status), mc_last_error(), expected);
            if (leaked)
                harness_fail(__FILE__, __LINE__, "%s on the %s handle handed back a string", OP_NAMES[op],
                             handles[h].what);
        }
        if (handles[h].handle != NULL) {
            support_prime_last_error("mc_draft_free");
            mc_draft_free(handles[h].handle);
            char expected[256];
            snprintf(expected, sizeof expected, "mc_draft_free: %s", handles[h].message);
            if (strcmp(mc_last_error(), expected) != 0)
                harness_fail(__FILE__, __LINE__, "mc_draft_free on the %s handle: message \"%s\"", handles[h].what,
                             mc_last_error());
        }
    }
    /* Nothing was written through the forged pointers, and the live draft is untouched. */
    CHECK_EQ_INT(local, 42);
    int heap_clean = 1;
    for (int i = 0; i < 128; i++)
        if (((unsigned char *)heap)[i] != 0) heap_clean = 0;
    CHECK(heap_clean);
    free(heap);
    CHECK_UNCHANGED(witness, &before);
    support_snapshot_free(&before);
    mc_draft_free(witness);
}

static void out_parameters_must_not_be_null(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, "{\"text\":\"abc\\ndef\",\"spans\":[{\"start\":0,\"end\":3,\"format\":\"quote\"}]}");
    CHECK_OK(mc_draft_set_selection(d, 5, 1));
    int64_t a = -7, f = -7;

    CHECK_REFUSED_UNCHANGED(d, mc_draft_config(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_config");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_config: out_json is NULL");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_document(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_document");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_document: out_document_json is NULL");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_text(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_text");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_text: out_text is NULL");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_length(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_length");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_length: out_length is NULL");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_selection(d, NULL, &f), MC_ERR_NULL_ARGUMENT, "mc_draft_selection");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_selection: out_anchor is NULL");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_selection(d, &a, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_selection");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_selection: out_focus is NULL");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_selection(d, NULL, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_selection");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_convert_offset(d, 1, MC_UNIT_SCALAR, MC_UNIT_UTF16, NULL),
                            MC_ERR_NULL_ARGUMENT, "mc_draft_convert_offset");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_convert_offset: out_offset is NULL");
    mc_draft_free(d);
}

static void string_arguments_must_not_be_null(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, "{\"text\":\"keep me\",\"spans\":[{\"start\":0,\"end\":4,\"format\":\"italic\"}]}");
    CHECK_OK(mc_draft_set_selection(d, 1, 2));
    CHECK_REFUSED_UNCHANGED(d, mc_draft_replace(d, 0, 0, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_replace");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_replace: utf8 is NULL");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_replace_n(d, 0, 0, NULL, 1), MC_ERR_NULL_ARGUMENT, "mc_draft_replace_n");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_replace_n: utf8 is NULL");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_replace_n(d, 0, 7, NULL, 100), MC_ERR_NULL_ARGUMENT, "mc_draft_replace_n");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_load_document(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_load_document");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_load_document: document_json is NULL");
    mc_draft_free(d);
}

/* A bad handle together with a bad argument: refused with one of the two errors, never a crash. The
   library currently checks arguments first in most functions but the handle first in mc_draft_config;
   the test accepts either order. */
static void bad_handle_with_bad_arguments_is_refused(void) {
    int64_t a;
    static const struct {
        const char *function;
        int which;
    } calls[] = {
        {"mc_draft_config", 0},   {"mc_draft_document", 1},      {"mc_draft_text", 2},
        {"mc_draft_length", 3},   {"mc_draft_selection", 4},     {"mc_draft_convert_offset", 5},
        {"mc_draft_replace", 6},  {"mc_draft_replace_n", 7},     {"mc_draft_load_document", 8},
        {"mc_draft_replace", 9},  {"mc_draft_load_document", 10}, {"mc_draft_convert_offset", 11},
    };
    mc_draft *handles[] = {NULL, (mc_draft *)(uintptr_t)0x1234};
    for (size_t h = 0; h < ARRAY_LEN(handles); h++) {
        mc_draft *d = handles[h];
        for (size_t i = 0; i < ARRAY_LEN(calls); i++) {
            support_prime_last_error(calls[i].function);
            mc_status status = MC_OK;
            switch (calls[i].which) {
            case 0: status = mc_draft_config(d, NULL); break;
            case 1: status = mc_draft_document(d, NULL); break;
            case 2: status = mc_draft_text(d, NULL); break;
            case 3: status = mc_draft_length(d, NULL); break;
            case 4: status = mc_draft_selection(d, NULL, NULL); break;
            case 5: status = mc_draft_convert_offset(d, 0, MC_UNIT_SCALAR, MC_UNIT_UTF8, NULL); break;
            case 6: status = mc_draft_replace(d, 0, 0, NULL); break;
            case 7: status = mc_draft_replace_n(d, 0, 0, NULL, 3); break;
            case 8: status = mc_draft_load_document(d, NULL); break;
            case 9: status = mc_draft_replace(d, -1, 0, "\xFF"); break;
            case 10: status = mc_draft_load_document(d, "{not json"); break;
            case 11: status = mc_draft_convert_offset(d, -1, 42, MC_UNIT_UTF8, &a); break;
            }
            int acceptable = status == MC_ERR_INVALID_HANDLE || status == MC_ERR_NULL_ARGUMENT
                || status == MC_ERR_INVALID_UTF8 || status == MC_ERR_INVALID_JSON || status == MC_ERR_INVALID_ARGUMENT;
            if (!acceptable || !support_last_error_names(calls[i].function))
                harness_fail(__FILE__, __LINE__, "%s (case %d, handle %zu) returned %s, message \"%s\"",
                             calls[i].function, calls[i].which, h, harness_status_name(status), mc_last_error());
        }
    }
}

/* Valid handles with garbage in the other arguments never touch the handle table wrongly. */
static void set_selection_takes_any_offsets(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_replace(d, 0, 0, "abc"));
    CHECK_OK(mc_draft_set_selection(d, INT64_MIN, INT64_MAX));
    CHECK_SELECTION(d, 0, 3);
    CHECK_TEXT(d, "abc");
    mc_draft_free(d);
}

static const harness_test TESTS[] = {
    HARNESS_TEST(every_function_refuses_bad_handles),
    HARNESS_TEST(out_parameters_must_not_be_null),
    HARNESS_TEST(string_arguments_must_not_be_null),
    HARNESS_TEST(bad_handle_with_bad_arguments_is_refused),
    HARNESS_TEST(set_selection_takes_any_offsets),
};

void register_handles_tests(void) { HARNESS_REGISTER("handles", TESTS); }
