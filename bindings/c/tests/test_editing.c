/*
 * test_editing.c: the keyboard functions at the C boundary: mc_draft_insert_n takes exactly its length
 * in bytes, invalid UTF-8 / NUL / NULL are refused leaving the draft unchanged, each MC_CARET_* unit and
 * MC_FLAG_EXTEND reach the engine, unknown units and flags are refused. What the keys do (typing
 * attributes, shortcuts, Enter in blocks, grapheme and mention deletion, word moves) is the engine's:
 * Tests/ComposerCoreTests (TypingTests, TextEditingTests, BlockFormatTests, MentionTests).
 */
#include <stdio.h>
#include <string.h>

#include "samples.h"
#include "support.h"

/* ---- insert ---- */

static void insert_n_takes_exactly_length_bytes(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_insert_n(d, "hello", 3));
    CHECK_TEXT(d, "hel");
    const char unterminated[2] = {'x', 'y'};
    CHECK_OK(mc_draft_insert_n(d, unterminated, sizeof unterminated));
    CHECK_TEXT(d, "helxy");
    CHECK_OK(mc_draft_insert_n(d, NULL, 0)); /* NULL with length 0 types nothing */
    CHECK_OK(mc_draft_insert_n(d, "ignored", 0));
    CHECK_TEXT(d, "helxy");
    CHECK_OK(mc_draft_insert_n(d, S_GRIN S_GRIN, 4)); /* one whole emoji */
    CHECK_TEXT(d, "helxy" S_GRIN);
    CHECK_SELECTION(d, 6, 6);
    CHECK_OK(mc_draft_insert_n(d, "a\nb", 3));
    CHECK_TEXT(d, "helxy" S_GRIN "a\nb");
    mc_draft_free(d);
}

static const char *const INVALID_UTF8[] = {
    "\xC0\xAF", "\xC0\x80", "\xE0\x80\xAF", "\xF0\x80\x80\xAF", "\x80", "a\x80z", "\xED\xA0\x80", "\xED\xBF\xBF",
    "\xC3", "\xE2\x82", "\xF0\x9F\x98", "ok\xF0\x9F", "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xFE", "\xFF",
};

static void insert_refuses_bad_input(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("keep me", SPAN(0, 4, "italic")));
    CHECK_OK(mc_draft_set_selection(d, 5, 2));
    for (size_t i = 0; i < ARRAY_LEN(INVALID_UTF8); i++) {
        CHECK_REFUSED_MESSAGE(d, mc_draft_insert(d, INVALID_UTF8[i]), MC_ERR_INVALID_UTF8, "mc_draft_insert",
                              "mc_draft_insert: invalid UTF-8 in string argument");
        CHECK_REFUSED_UNCHANGED(d, mc_draft_insert_n(d, INVALID_UTF8[i], strlen(INVALID_UTF8[i])), MC_ERR_INVALID_UTF8,
                                "mc_draft_insert_n");
        if (harness_test_failed()) {
            printf("    (invalid UTF-8 case %zu)\n", i);
            break;
        }
    }
    /* U+0000 never enters a draft; a length that cuts a sequence is invalid UTF-8. */
    CHECK_REFUSED_MESSAGE(d, mc_draft_insert_n(d, "a\0b", 3), MC_ERR_INVALID_UTF8, "mc_draft_insert_n",
                          "mc_draft_insert_n: utf8 holds U+0000 at byte 1 (a draft cannot hold it)");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_insert_n(d, "\0", 1), MC_ERR_INVALID_UTF8, "mc_draft_insert_n");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_insert_n(d, S_GRIN, 3), MC_ERR_INVALID_UTF8, "mc_draft_insert_n");
    CHECK_REFUSED_MESSAGE(d, mc_draft_insert(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_insert",
                          "mc_draft_insert: utf8 is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_insert_n(d, NULL, 2), MC_ERR_NULL_ARGUMENT, "mc_draft_insert_n",
                          "mc_draft_insert_n: utf8 is NULL");
    CHECK_BAD_HANDLES("mc_draft_insert", mc_draft_insert(bad_handle_, "x"));
    CHECK_BAD_HANDLES("mc_draft_insert_n", mc_draft_insert_n(bad_handle_, "x", 1));
    mc_draft_free(d);
}

/* ---- the keys reach the engine ---- */

static void keys_reach_the_engine(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_insert(d, "ab"));
    CHECK_OK(mc_draft_enter(d));
    CHECK_OK(mc_draft_insert(d, "c"));
    CHECK_TEXT(d, "ab\nc");
    CHECK_OK(mc_draft_delete_backward(d));
    CHECK_TEXT(d, "ab\n");
    CHECK_OK(mc_draft_set_selection(d, 0, 0));
    CHECK_OK(mc_draft_delete_forward(d));
    CHECK_TEXT(d, "b\n");
    CHECK_SELECTION(d, 0, 0);
    CHECK_OK(mc_draft_select_all(d));
    CHECK_SELECTION(d, 0, 2);
    mc_draft_free(d);
}

static void delete_refuses_bad_handles(void) {
    CHECK_BAD_HANDLES("mc_draft_delete_backward", mc_draft_delete_backward(bad_handle_));
    CHECK_BAD_HANDLES("mc_draft_delete_forward", mc_draft_delete_forward(bad_handle_));
}

/* ---- enter ---- */

static void enter_refuses_bad_handles(void) {
    CHECK_BAD_HANDLES("mc_draft_enter", mc_draft_enter(bad_handle_));
}

/* ---- caret movement ---- */

/* Each unit is its own move, and MC_FLAG_EXTEND keeps the anchor; counts are int64_t end to end. */
static void caret_units_and_extend_reach_the_engine(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("ab cd\\nef", ""));
    CHECK_OK(mc_draft_set_selection(d, 0, 0));
    static const struct {
        mc_caret_unit unit;
        int64_t count;
        uint32_t flags;
        int64_t anchor, focus;
    } moves[] = {
        {MC_CARET_GRAPHEME, 1, 0, 1, 1},
        {MC_CARET_WORD, 1, 0, 2, 2},
        {MC_CARET_LINE, 1, 0, 5, 5},
        {MC_CARET_DOCUMENT, 1, 0, 8, 8},
        {MC_CARET_GRAPHEME, -1, MC_FLAG_EXTEND, 8, 7},
        {MC_CARET_WORD, INT64_MIN, MC_FLAG_EXTEND, 8, 0},
        {MC_CARET_GRAPHEME, INT64_MAX, 0, 8, 8},
    };
    for (size_t i = 0; i < ARRAY_LEN(moves); i++) {
        CHECK_OK(mc_draft_move_caret(d, moves[i].unit, moves[i].count, moves[i].flags));
        CHECK_SELECTION(d, moves[i].anchor, moves[i].focus);
        if (harness_test_failed()) {
            printf("    (move %zu)\n", i);
            break;
        }
    }
    CHECK_TEXT(d, "ab cd\nef"); /* moving never edits */
    mc_draft_free(d);
}

static void move_caret_refuses_unknown_units_and_flags(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("some text", SPAN(0, 4, "bold")));
    CHECK_OK(mc_draft_set_selection(d, 2, 6));
    static const mc_caret_unit bad_units[] = {4, -1, 99, INT32_MAX, INT32_MIN};
    for (size_t i = 0; i < ARRAY_LEN(bad_units); i++)
        CHECK_REFUSED_UNCHANGED(d, mc_draft_move_caret(d, bad_units[i], 1, 0), MC_ERR_INVALID_ARGUMENT,
                                "mc_draft_move_caret");
    CHECK_REFUSED_MESSAGE(d, mc_draft_move_caret(d, 4, 1, 0), MC_ERR_INVALID_ARGUMENT, "mc_draft_move_caret",
                          "mc_draft_move_caret: unknown caret unit 4");
    static const uint32_t bad_flags[] = {MC_FLAG_PROTECT, 4u, 8u, 0x80000000u, 0xFFFFFFFFu,
                                         MC_FLAG_EXTEND | MC_FLAG_PROTECT};
    for (size_t i = 0; i < ARRAY_LEN(bad_flags); i++)
        CHECK_REFUSED_UNCHANGED(d, mc_draft_move_caret(d, MC_CARET_GRAPHEME, 1, bad_flags[i]), MC_ERR_INVALID_ARGUMENT,
                                "mc_draft_move_caret");
    CHECK_REFUSED_MESSAGE(d, mc_draft_move_caret(d, MC_CARET_WORD, -1, MC_FLAG_EXTEND | 4u), MC_ERR_INVALID_ARGUMENT,
                          "mc_draft_move_caret", "mc_draft_move_caret: unknown flag bits 0x4");
    CHECK_REFUSED_MESSAGE(d, mc_draft_move_caret(d, MC_CARET_LINE, 1, MC_FLAG_PROTECT), MC_ERR_INVALID_ARGUMENT,
                          "mc_draft_move_caret", "mc_draft_move_caret: unknown flag bits 0x1");
    CHECK_BAD_HANDLES("mc_draft_move_caret", mc_draft_move_caret(bad_handle_, MC_CARET_GRAPHEME, 1, 0));
    mc_draft_free(d);
}

static const harness_test TESTS[] = {
    HARNESS_TEST(insert_n_takes_exactly_length_bytes),
    HARNESS_TEST(insert_refuses_bad_input),
    HARNESS_TEST(keys_reach_the_engine),
    HARNESS_TEST(delete_refuses_bad_handles),
    HARNESS_TEST(enter_refuses_bad_handles),
    HARNESS_TEST(caret_units_and_extend_reach_the_engine),
    HARNESS_TEST(move_caret_refuses_unknown_units_and_flags),
};

void register_editing_tests(void) { HARNESS_REGISTER("editing", TESTS); }
