/*
 * test_offsets.c: mc_convert_offset and mc_draft_convert_offset as C calls them: int64 offsets in and out
 * (INT64_MIN and INT64_MAX included), the MC_UNIT_* codes, the UTF-8 string read from C, a draft's current
 * text, and refusals with their status and message. Which offsets convert to what, and which are refused,
 * is the engine's (Tests/ComposerCoreTests/OffsetConversionTests.swift checks every offset of texts of
 * every width, for a string and for a draft's text).
 */
#include <stdio.h>
#include <string.h>

#include "support.h"

#define EMOJI_GRIN "\xF0\x9F\x98\x80"
#define FAMILY "\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7"
#define FLAG_FR "\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7"

typedef struct {
    int64_t offset;
    mc_unit from, to;
    mc_status status;
    int64_t expected;
} literal_case;

/* "a😀bé": scalars a=0 😀=1 b=2 é=3 end=4; UTF-16 0 1 3 4 5; UTF-8 0 1 5 6 8. */
static void convert_emoji_string_literals(void) {
    const char *s = "a" EMOJI_GRIN "b\xC3\xA9";
    static const literal_case cases[] = {
        {0, MC_UNIT_SCALAR, MC_UNIT_UTF16, MC_OK, 0},
        {1, MC_UNIT_SCALAR, MC_UNIT_UTF16, MC_OK, 1},
        {2, MC_UNIT_SCALAR, MC_UNIT_UTF16, MC_OK, 3},
        {3, MC_UNIT_SCALAR, MC_UNIT_UTF16, MC_OK, 4},
        {4, MC_UNIT_SCALAR, MC_UNIT_UTF16, MC_OK, 5},
        {2, MC_UNIT_SCALAR, MC_UNIT_UTF8, MC_OK, 5},
        {4, MC_UNIT_SCALAR, MC_UNIT_UTF8, MC_OK, 8},
        {3, MC_UNIT_UTF16, MC_UNIT_SCALAR, MC_OK, 2},
        {5, MC_UNIT_UTF16, MC_UNIT_UTF8, MC_OK, 8},
        {5, MC_UNIT_UTF8, MC_UNIT_UTF16, MC_OK, 3},
        {6, MC_UNIT_UTF8, MC_UNIT_SCALAR, MC_OK, 3},
        {2, MC_UNIT_SCALAR, MC_UNIT_SCALAR, MC_OK, 2},
        {2, MC_UNIT_UTF16, MC_UNIT_SCALAR, MC_ERR_OUT_OF_RANGE, 0}, /* between the two surrogates */
        {2, MC_UNIT_UTF16, MC_UNIT_UTF8, MC_ERR_OUT_OF_RANGE, 0},
        {2, MC_UNIT_UTF8, MC_UNIT_SCALAR, MC_ERR_OUT_OF_RANGE, 0}, /* inside the emoji's 4 bytes */
        {3, MC_UNIT_UTF8, MC_UNIT_UTF16, MC_ERR_OUT_OF_RANGE, 0},
        {4, MC_UNIT_UTF8, MC_UNIT_SCALAR, MC_ERR_OUT_OF_RANGE, 0},
        {7, MC_UNIT_UTF8, MC_UNIT_SCALAR, MC_ERR_OUT_OF_RANGE, 0}, /* inside é */
        {5, MC_UNIT_SCALAR, MC_UNIT_UTF8, MC_ERR_OUT_OF_RANGE, 0},
        {6, MC_UNIT_UTF16, MC_UNIT_SCALAR, MC_ERR_OUT_OF_RANGE, 0},
        {9, MC_UNIT_UTF8, MC_UNIT_SCALAR, MC_ERR_OUT_OF_RANGE, 0},
        {-1, MC_UNIT_SCALAR, MC_UNIT_UTF8, MC_ERR_OUT_OF_RANGE, 0},
        {INT64_MAX, MC_UNIT_SCALAR, MC_UNIT_UTF8, MC_ERR_OUT_OF_RANGE, 0},
        {INT64_MIN, MC_UNIT_UTF16, MC_UNIT_UTF8, MC_ERR_OUT_OF_RANGE, 0},
        {INT64_MAX, MC_UNIT_SCALAR, MC_UNIT_SCALAR, MC_ERR_OUT_OF_RANGE, 0},
    };
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_replace(d, 0, 0, s));
    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        const literal_case *c = &cases[i];
        int64_t out = -77, draft_out = -77;
        mc_status status = mc_convert_offset(s, c->offset, c->from, c->to, &out);
        mc_status draft_status = mc_draft_convert_offset(d, c->offset, c->from, c->to, &draft_out);
        CHECK_STATUS(status, c->status);
        CHECK_STATUS(draft_status, c->status);
        if (c->status == MC_OK) {
            CHECK_EQ_INT(out, c->expected);
            CHECK_EQ_INT(draft_out, c->expected);
        }
        if (harness_test_failed()) {
            printf("    (literal case %zu)\n", i);
            break;
        }
    }
    CHECK_REFUSED(mc_convert_offset(s, 2, MC_UNIT_UTF16, MC_UNIT_SCALAR, &(int64_t){0}), MC_ERR_OUT_OF_RANGE,
                  "mc_convert_offset");
    CHECK_EQ_STR(mc_last_error(), "mc_convert_offset: UTF-16 offset 2 falls inside a character");
    CHECK_REFUSED(mc_draft_convert_offset(d, 3, MC_UNIT_UTF8, MC_UNIT_SCALAR, &(int64_t){0}), MC_ERR_OUT_OF_RANGE,
                  "mc_draft_convert_offset");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_convert_offset: UTF-8 offset 3 falls inside a character");
    CHECK_REFUSED(mc_convert_offset(s, INT64_MIN, MC_UNIT_SCALAR, MC_UNIT_UTF8, &(int64_t){0}), MC_ERR_OUT_OF_RANGE,
                  "mc_convert_offset");
    CHECK_EQ_STR(mc_last_error(), "mc_convert_offset: offset -9223372036854775808 is negative");
    CHECK_REFUSED(mc_convert_offset(s, INT64_MAX, MC_UNIT_UTF8, MC_UNIT_UTF16, &(int64_t){0}), MC_ERR_OUT_OF_RANGE,
                  "mc_convert_offset");
    CHECK_EQ_STR(mc_last_error(), "mc_convert_offset: UTF-8 offset 9223372036854775807 is past the end of the text (8)");
    mc_draft_free(d);
}

static void convert_refuses_unknown_units(void) {
    static const mc_unit bad[] = {3, -1, 42, INT32_MAX, INT32_MIN};
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_replace(d, 0, 0, "abc"));
    for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
        int64_t out = -77;
        CHECK_REFUSED(mc_convert_offset("abc", 1, bad[i], MC_UNIT_UTF8, &out), MC_ERR_INVALID_ARGUMENT,
                      "mc_convert_offset");
        CHECK_LAST_ERROR_CONTAINS("unknown unit");
        CHECK_REFUSED(mc_convert_offset("abc", 1, MC_UNIT_SCALAR, bad[i], &out), MC_ERR_INVALID_ARGUMENT,
                      "mc_convert_offset");
        CHECK_REFUSED_UNCHANGED(d, mc_draft_convert_offset(d, 1, bad[i], MC_UNIT_UTF16, &out), MC_ERR_INVALID_ARGUMENT,
                                "mc_draft_convert_offset");
        CHECK_REFUSED_UNCHANGED(d, mc_draft_convert_offset(d, 1, MC_UNIT_UTF16, bad[i], &out), MC_ERR_INVALID_ARGUMENT,
                                "mc_draft_convert_offset");
        CHECK_EQ_INT(out, -77);
    }
    int64_t out;
    CHECK_REFUSED(mc_convert_offset("abc", 1, 3, MC_UNIT_UTF8, &out), MC_ERR_INVALID_ARGUMENT, "mc_convert_offset");
    CHECK_EQ_STR(mc_last_error(), "mc_convert_offset: unknown unit 3");
    /* An unknown unit is reported even when the offset is bad too. */
    CHECK_REFUSED(mc_convert_offset("abc", -5, MC_UNIT_SCALAR, -1, &out), MC_ERR_INVALID_ARGUMENT, "mc_convert_offset");
    CHECK_EQ_STR(mc_last_error(), "mc_convert_offset: unknown unit -1");
    mc_draft_free(d);
}

static void convert_refuses_null_arguments(void) {
    int64_t out = -77;
    CHECK_REFUSED(mc_convert_offset(NULL, 0, MC_UNIT_SCALAR, MC_UNIT_UTF8, &out), MC_ERR_NULL_ARGUMENT,
                  "mc_convert_offset");
    CHECK_EQ_STR(mc_last_error(), "mc_convert_offset: utf8 is NULL");
    CHECK_REFUSED(mc_convert_offset("abc", 0, MC_UNIT_SCALAR, MC_UNIT_UTF8, NULL), MC_ERR_NULL_ARGUMENT,
                  "mc_convert_offset");
    CHECK_EQ_STR(mc_last_error(), "mc_convert_offset: out_offset is NULL");
    CHECK_REFUSED(mc_convert_offset(NULL, -1, 9, 9, NULL), MC_ERR_NULL_ARGUMENT, "mc_convert_offset");
    CHECK_EQ_INT(out, -77);
}

static void convert_refuses_invalid_utf8(void) {
    static const char *const bad[] = {
        "\xC0\xAF",         /* overlong */
        "\xE0\x80\xAF",     /* overlong */
        "a\x80",            /* lone continuation */
        "\xED\xA0\x80",     /* surrogate */
        "\xED\xB0\x80",     /* low surrogate */
        "ok\xF0\x9F\x98",   /* truncated */
        "\xF4\x90\x80\x80", /* beyond U+10FFFF */
        "\xFF",
    };
    for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
        int64_t out = -77;
        CHECK_REFUSED(mc_convert_offset(bad[i], 0, MC_UNIT_SCALAR, MC_UNIT_UTF8, &out), MC_ERR_INVALID_UTF8,
                      "mc_convert_offset");
        CHECK_EQ_STR(mc_last_error(), "mc_convert_offset: invalid UTF-8 in string argument");
        CHECK_EQ_INT(out, -77);
    }
}

/* mc_draft_convert_offset follows the draft's current text. */
static void draft_convert_follows_edits(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    int64_t out = -1;
    CHECK_OK(mc_draft_convert_offset(d, 0, MC_UNIT_SCALAR, MC_UNIT_UTF16, &out));
    CHECK_EQ_INT(out, 0);
    CHECK_REFUSED_UNCHANGED(d, mc_draft_convert_offset(d, 1, MC_UNIT_SCALAR, MC_UNIT_UTF16, &out), MC_ERR_OUT_OF_RANGE,
                            "mc_draft_convert_offset");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_convert_offset: scalar offset 1 is past the end of the text (0)");

    CHECK_OK(mc_draft_replace(d, 0, 0, FAMILY));
    CHECK_OK(mc_draft_convert_offset(d, 5, MC_UNIT_SCALAR, MC_UNIT_UTF16, &out));
    CHECK_EQ_INT(out, 8);
    CHECK_OK(mc_draft_convert_offset(d, 3, MC_UNIT_SCALAR, MC_UNIT_UTF8, &out)); /* after man ZWJ woman */
    CHECK_EQ_INT(out, 11);

    CHECK_OK(mc_draft_replace(d, 0, 5, "x"));
    CHECK_REFUSED_UNCHANGED(d, mc_draft_convert_offset(d, 5, MC_UNIT_SCALAR, MC_UNIT_UTF16, &out), MC_ERR_OUT_OF_RANGE,
                            "mc_draft_convert_offset");
    REQUIRE_LOAD(d, "{\"text\":\"\\ud83d\\ude00\\ud83d\\ude00\"}");
    CHECK_OK(mc_draft_convert_offset(d, 4, MC_UNIT_UTF16, MC_UNIT_UTF8, &out));
    CHECK_EQ_INT(out, 8);
    CHECK_REFUSED_UNCHANGED(d, mc_draft_convert_offset(d, 3, MC_UNIT_UTF16, MC_UNIT_UTF8, &out), MC_ERR_OUT_OF_RANGE,
                            "mc_draft_convert_offset");
    mc_draft_free(d);
}

/* Offsets from mc_convert_offset work as mc_draft_replace ranges: a UTF-16 selection from a UI
   becomes a scalar range. */
static void converted_offsets_drive_edits(void) {
    const char *s = "Hi " FLAG_FR " there";
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_replace(d, 0, 0, s));
    int64_t start = -1, end = -1;
    CHECK_OK(mc_convert_offset(s, 3, MC_UNIT_UTF16, MC_UNIT_SCALAR, &start)); /* the flag, UTF-16 [3, 7) */
    CHECK_OK(mc_convert_offset(s, 7, MC_UNIT_UTF16, MC_UNIT_SCALAR, &end));
    CHECK_EQ_INT(start, 3);
    CHECK_EQ_INT(end, 5);
    CHECK_OK(mc_draft_replace(d, start, end, "FR"));
    CHECK_TEXT(d, "Hi FR there");
    mc_draft_free(d);
}

static const harness_test TESTS[] = {
    HARNESS_TEST(convert_emoji_string_literals),
    HARNESS_TEST(convert_refuses_unknown_units),
    HARNESS_TEST(convert_refuses_null_arguments),
    HARNESS_TEST(convert_refuses_invalid_utf8),
    HARNESS_TEST(draft_convert_follows_edits),
    HARNESS_TEST(converted_offsets_drive_edits),
};

void register_offsets_tests(void) { HARNESS_REGISTER("offsets", TESTS); }
