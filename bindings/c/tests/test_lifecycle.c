/*
 * test_lifecycle.c: mc_draft_new, mc_draft_config and mc_draft_free as C calls them: a NULL config, the
 * status and message of each kind of refused config (and *out_draft set to NULL), invalid UTF-8, a deep
 * nesting without a crash, and handles: NULL, freed, double-freed, forged, stale, thousands live at once.
 * What a config may hold and how a bad one is worded is the engine's
 * (Tests/ComposerCoreTests/DraftConfigTests.swift, JSONTests.swift).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* A non-NULL value that mc_draft_new must overwrite with NULL when it fails. */
static mc_draft *poisoned_handle(void) {
    static int marker;
    return (mc_draft *)(void *)&marker;
}

static void new_with_null_config_is_empty_with_defaults(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_CONFIG(d, DEFAULT_CONFIG_JSON);
    CHECK_TEXT(d, "");
    CHECK_DOC(d, "{\"text\":\"\",\"spans\":[]}");
    CHECK_LENGTH(d, 0);
    CHECK_SELECTION(d, 0, 0);
    mc_draft_free(d);
}

static void new_refuses_null_out(void) {
    CHECK_REFUSED(mc_draft_new(NULL, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_new");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_new: out_draft is NULL");
    /* The out-parameter is checked even when the config is bad too. */
    CHECK_REFUSED(mc_draft_new("{", NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_new");
}

typedef struct {
    const char *config;
    mc_status status;
    const char *message; /* mc_last_error(), or a substring of it */
} config_case;

static void check_config_refusals(const char *file, int line, const config_case *cases, size_t count) {
    for (size_t i = 0; i < count; i++) {
        mc_draft *d = poisoned_handle();
        support_prime_last_error("mc_draft_new");
        mc_status status = mc_draft_new(cases[i].config, &d);
        if (!support_check_refused(file, line, cases[i].config, status, cases[i].status, "mc_draft_new"))
            printf("    (config case %zu)\n", i);
        if (d != NULL) {
            harness_fail(file, line, "config case %zu: *out_draft is not NULL after a refusal", i);
            if (d != poisoned_handle()) mc_draft_free(d);
        }
        if (cases[i].message && !strstr(mc_last_error(), cases[i].message))
            harness_fail(file, line, "config case %zu: mc_last_error() lacks \"%s\"", i, cases[i].message);
    }
}

/* Each kind of refusal reaches C with its status, the function's name and the engine's message. */
static void new_refuses_a_bad_config_with_its_status(void) {
    static const config_case cases[] = {
        {"{", MC_ERR_INVALID_JSON, "mc_draft_new: invalid JSON: expected a string key at byte 1"},
        {"{\"foo\":1}", MC_ERR_INVALID_ARGUMENT, "mc_draft_new: config: unknown key \"foo\""},
        {"{\"trim\":null}", MC_ERR_INVALID_ARGUMENT, "mc_draft_new: config: \"trim\" must be a boolean, not null"},
        {"{\"max_length\":0}", MC_ERR_INVALID_ARGUMENT,
         "mc_draft_new: config: \"max_length\" must be between 1 and 1000000000, not 0"},
        {"[]", MC_ERR_INVALID_ARGUMENT, "mc_draft_new: config must be a JSON object, not array"},
    };
    check_config_refusals(__FILE__, __LINE__, cases, ARRAY_LEN(cases));
}

static void new_refuses_deep_nesting_without_crashing(void) {
    size_t depth = 100000;
    char *config = malloc(depth + 32);
    REQUIRE(config != NULL);
    strcpy(config, "{\"allowed_types\":");
    size_t n = strlen(config);
    memset(config + n, '[', depth);
    config[n + depth] = '\0';
    mc_draft *d = poisoned_handle();
    CHECK_REFUSED(mc_draft_new(config, &d), MC_ERR_LIMIT_EXCEEDED, "mc_draft_new");
    CHECK_LAST_ERROR_CONTAINS("JSON nested deeper than 128 levels (at byte 144)");
    CHECK(d == NULL);
    free(config);
}

static void new_refuses_invalid_utf8(void) {
    static const config_case cases[] = {
        {"{\"allowed_types\":[\"\xC0\xAF\"]}", MC_ERR_INVALID_UTF8, "invalid UTF-8"},         /* overlong '/' */
        {"{\"allowed_types\":[\"\x80\"]}", MC_ERR_INVALID_UTF8, "invalid UTF-8"},             /* lone continuation */
        {"{\"allowed_types\":[\"\xED\xA0\x80\"]}", MC_ERR_INVALID_UTF8, "invalid UTF-8"},     /* surrogate D800 */
        {"{\"allowed_types\":[\"\xE2\x82\"]}", MC_ERR_INVALID_UTF8, "invalid UTF-8"},         /* truncated */
        {"{\"\xFF\":1}", MC_ERR_INVALID_UTF8, "invalid UTF-8"},
        {"\xC1\xBB\xC1\xBD", MC_ERR_INVALID_UTF8, "invalid UTF-8"}, /* overlong "{}" */
    };
    check_config_refusals(__FILE__, __LINE__, cases, ARRAY_LEN(cases));
}

static void free_null_does_nothing(void) {
    support_prime_last_error(NULL);
    char before[256];
    snprintf(before, sizeof before, "%s", mc_last_error());
    mc_draft_free(NULL);
    CHECK_EQ_STR(mc_last_error(), before);
}

static void double_free_is_refused_and_recorded(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    support_prime_last_error(NULL);
    char before[256];
    snprintf(before, sizeof before, "%s", mc_last_error());
    mc_draft_free(d);
    CHECK_EQ_STR(mc_last_error(), before); /* a good free records nothing */

    support_prime_last_error("mc_draft_free");
    mc_draft_free(d);
    CHECK(support_last_error_names("mc_draft_free"));
    CHECK_EQ_STR(mc_last_error(),
                 "mc_draft_free: draft handle is invalid (freed, double-freed or never issued)");

    support_prime_last_error("mc_draft_free");
    mc_draft_free(d); /* a third time: still refused, still no crash */
    CHECK(support_last_error_names("mc_draft_free"));

    int64_t length = -1;
    CHECK_REFUSED(mc_draft_length(d, &length), MC_ERR_INVALID_HANDLE, "mc_draft_length");
}

static void free_refuses_forged_handles(void) {
    REQUIRE_NEW_DRAFT(live, NULL);
    CHECK_OK(mc_draft_replace(live, 0, 0, "still here"));
    int local = 0;
    void *heap = malloc(64);
    REQUIRE(heap != NULL);
    memset(heap, 0xAB, 64);
    mc_draft *forged[] = {
        (mc_draft *)(uintptr_t)0x1234,
        (mc_draft *)(void *)&local,
        (mc_draft *)heap,
        (mc_draft *)(uintptr_t)0xB,                  /* the library's tag, slot 0, generation 0 */
        (mc_draft *)(uintptr_t)0xFFFFFFFFFFFFFFFBull, /* the tag with an absurd slot */
        (mc_draft *)(uintptr_t)1,
        (mc_draft *)((uintptr_t)live ^ ((uintptr_t)1 << 40)), /* the live handle with another generation */
    };
    for (size_t i = 0; i < ARRAY_LEN(forged); i++) {
        support_prime_last_error("mc_draft_free");
        mc_draft_free(forged[i]);
        if (!support_last_error_names("mc_draft_free"))
            harness_fail(__FILE__, __LINE__, "forged handle %zu: mc_draft_free recorded no error", i);
    }
    CHECK_EQ_INT(local, 0);
    CHECK_EQ_INT(((unsigned char *)heap)[0], 0xAB);
    CHECK_EQ_INT(((unsigned char *)heap)[63], 0xAB);
    free(heap);
    CHECK_TEXT(live, "still here");
    mc_draft_free(live);
}

/* A freed handle stays dead even when its slot is reused by a new draft. */
static void stale_handle_never_reaches_a_new_draft(void) {
    REQUIRE_NEW_DRAFT(old, NULL);
    CHECK_OK(mc_draft_replace(old, 0, 0, "old"));
    mc_draft_free(old);
    REQUIRE_NEW_DRAFT(fresh, NULL);
    CHECK(fresh != old);
    CHECK_REFUSED(mc_draft_replace(old, 0, 0, "via stale"), MC_ERR_INVALID_HANDLE, "mc_draft_replace");
    CHECK_REFUSED(mc_draft_load_document(old, "{\"text\":\"via stale\"}"), MC_ERR_INVALID_HANDLE,
                  "mc_draft_load_document");
    CHECK_REFUSED(mc_draft_set_selection(old, 0, 0), MC_ERR_INVALID_HANDLE, "mc_draft_set_selection");
    support_prime_last_error("mc_draft_free");
    mc_draft_free(old);
    CHECK(support_last_error_names("mc_draft_free"));
    CHECK_TEXT(fresh, "");
    CHECK_SELECTION(fresh, 0, 0);
    CHECK_OK(mc_draft_replace(fresh, 0, 0, "fresh"));
    CHECK_TEXT(fresh, "fresh");
    mc_draft_free(fresh);
}

/* More drafts than one chunk of the handle table (1024), each with its own content. */
static void many_drafts_are_independent(void) {
    enum { COUNT = 2500 };
    mc_draft **drafts = calloc(COUNT, sizeof *drafts);
    REQUIRE(drafts != NULL);
    int created = 0;
    for (int i = 0; i < COUNT; i++) {
        if (mc_draft_new(NULL, &drafts[i]) != MC_OK) {
            harness_fail(__FILE__, __LINE__, "mc_draft_new failed at draft %d", i);
            break;
        }
        created++;
        char text[32];
        snprintf(text, sizeof text, "draft %d", i);
        if (mc_draft_replace(drafts[i], 0, 0, text) != MC_OK) {
            harness_fail(__FILE__, __LINE__, "replace failed at draft %d", i);
            break;
        }
    }
    int distinct = 1;
    for (int i = 1; i < created; i++)
        if (drafts[i] == drafts[i - 1] || drafts[i] == NULL) distinct = 0;
    CHECK(distinct);
    int mismatches = 0;
    for (int i = 0; i < created; i++) {
        char expected[32];
        snprintf(expected, sizeof expected, "draft %d", i);
        char *text = support_text(drafts[i]);
        if (!text || strcmp(text, expected) != 0) mismatches++;
        mc_string_free(text);
    }
    CHECK_EQ_INT(mismatches, 0);
    for (int i = 0; i < created; i++) mc_draft_free(drafts[i]);
    int still_valid = 0;
    for (int i = 0; i < created; i++) {
        int64_t length;
        if (mc_draft_length(drafts[i], &length) != MC_ERR_INVALID_HANDLE) still_valid++;
    }
    CHECK_EQ_INT(still_valid, 0);
    free(drafts);
}

static void drafts_do_not_share_state(void) {
    REQUIRE_NEW_DRAFT(a, "{\"rich_text\":false}");
    REQUIRE_NEW_DRAFT(b, NULL);
    CHECK_OK(mc_draft_replace(a, 0, 0, "alpha"));
    CHECK_OK(mc_draft_set_selection(a, 1, 3));
    CHECK_OK(mc_draft_load_document(b, "{\"text\":\"beta\",\"spans\":[{\"start\":0,\"end\":4,\"format\":\"bold\"}]}"));
    CHECK_TEXT(a, "alpha");
    CHECK_SELECTION(a, 1, 3);
    CHECK_DOC(a, "{\"text\":\"alpha\",\"spans\":[]}");
    CHECK_DOC(b, "{\"text\":\"beta\",\"spans\":[{\"start\":0,\"end\":4,\"format\":\"bold\"}]}");
    CHECK_SELECTION(b, 4, 4);
    CHECK_CONFIG(b, DEFAULT_CONFIG_JSON);
    mc_draft_free(a);
    CHECK_TEXT(b, "beta");
    mc_draft_free(b);
}

static void config_refuses_null_out(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_REFUSED_UNCHANGED(d, mc_draft_config(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_config");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_config: out_json is NULL");
    mc_draft_free(d);
}

static const harness_test TESTS[] = {
    HARNESS_TEST(new_with_null_config_is_empty_with_defaults),
    HARNESS_TEST(new_refuses_null_out),
    HARNESS_TEST(new_refuses_a_bad_config_with_its_status),
    HARNESS_TEST(new_refuses_deep_nesting_without_crashing),
    HARNESS_TEST(new_refuses_invalid_utf8),
    HARNESS_TEST(free_null_does_nothing),
    HARNESS_TEST(double_free_is_refused_and_recorded),
    HARNESS_TEST(free_refuses_forged_handles),
    HARNESS_TEST(stale_handle_never_reaches_a_new_draft),
    HARNESS_TEST(many_drafts_are_independent),
    HARNESS_TEST(drafts_do_not_share_state),
    HARNESS_TEST(config_refuses_null_out),
};

void register_lifecycle_tests(void) { HARNESS_REGISTER("lifecycle", TESTS); }
