/*
 * test_history.c: mc_draft_undo / mc_draft_redo / mc_draft_undo_state and batches
 * (mc_draft_begin_batch / mc_draft_commit_batch): typing coalesces into word-sized steps, every
 * format operation is a step, undo restores the selection and the typing attributes, a batch is one
 * step, and calls that change nothing (or are refused) add no step.
 */
#include <stdio.h>
#include <string.h>

#include "support.h"

static void a_new_draft_has_no_history(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_UNDO_STATE(d, 0, 0);
    draft_state before;
    REQUIRE(support_snapshot(__FILE__, __LINE__, d, &before));
    CHECK_OK(mc_draft_undo(d)); /* nothing to undo: nothing happens */
    CHECK_OK(mc_draft_redo(d));
    CHECK_UNCHANGED(d, &before);
    support_snapshot_free(&before);
    mc_draft_free(d);
}

static void typing_coalesces_into_words(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    TYPE(d, "hello world  again");
    CHECK_UNDO_STATE(d, 1, 0);
    /* A word and the spaces after it are one step. */
    CHECK_OK(mc_draft_undo(d));
    CHECK_TEXT(d, "hello world  ");
    CHECK_SELECTION(d, 13, 13);
    CHECK_OK(mc_draft_undo(d));
    CHECK_TEXT(d, "hello ");
    CHECK_OK(mc_draft_undo(d));
    CHECK_TEXT(d, "");
    CHECK_UNDO_STATE(d, 0, 1);
    CHECK_OK(mc_draft_redo(d));
    CHECK_TEXT(d, "hello ");
    CHECK_SELECTION(d, 6, 6);
    CHECK_OK(mc_draft_redo(d));
    CHECK_OK(mc_draft_redo(d));
    CHECK_TEXT(d, "hello world  again");
    CHECK_UNDO_STATE(d, 1, 0);
    CHECK_OK(mc_draft_redo(d)); /* nothing left to redo */
    CHECK_TEXT(d, "hello world  again");

    /* Typing somewhere else starts a new step, even inside a word. */
    REQUIRE_LOAD(d, "{\"text\":\"\"}");
    TYPE(d, "ab");
    CHECK_OK(mc_draft_set_selection(d, 0, 0));
    TYPE(d, "xy");
    CHECK_TEXT(d, "xyab");
    CHECK_OK(mc_draft_undo(d));
    CHECK_TEXT(d, "ab");
    CHECK_SELECTION(d, 0, 0);
    mc_draft_free(d);
}

static void a_typed_string_is_one_step(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_insert(d, "several words at once"));
    CHECK_OK(mc_draft_insert(d, "\nand a line"));
    CHECK_TEXT(d, "several words at once\nand a line");
    CHECK_OK(mc_draft_undo(d));
    CHECK_TEXT(d, "several words at once");
    CHECK_OK(mc_draft_undo(d));
    CHECK_TEXT(d, "");
    CHECK_UNDO_STATE(d, 0, 1);
    mc_draft_free(d);
}

static void backspaces_coalesce(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    TYPE(d, "abc def");
    for (int i = 0; i < 5; i++) CHECK_OK(mc_draft_delete_backward(d));
    CHECK_TEXT(d, "ab");
    CHECK_OK(mc_draft_undo(d)); /* all five backspaces at once */
    CHECK_TEXT(d, "abc def");
    CHECK_SELECTION(d, 7, 7);
    CHECK_OK(mc_draft_undo(d));
    CHECK_TEXT(d, "abc ");
    mc_draft_free(d);
}

static void every_format_operation_is_a_step(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("hello world", ""));
    CHECK_OK(mc_draft_set_selection(d, 0, 5));
    CHECK_OK(mc_draft_apply_format(d, 0, 5, MC_FORMAT_BOLD, NULL, MC_FLAG_PROTECT));
    CHECK_OK(mc_draft_toggle_format(d, 0, 5, MC_FORMAT_ITALIC, NULL, MC_FLAG_PROTECT));
    CHECK_OK(mc_draft_apply_format(d, 6, 11, MC_FORMAT_LINK, "example.com", 0));
    CHECK_OK(mc_draft_apply_format(d, 0, 0, MC_FORMAT_QUOTE, NULL, 0));
    CHECK_OK(mc_draft_remove_format(d, 0, 5, MC_FORMAT_BOLD, MC_FLAG_PROTECT));
    CHECK_OK(mc_draft_set_selection(d, 8, 8));
    CHECK_DOC(d, DOC("hello world", SPAN(0, 5, "italic") "," SPAN(0, 11, "quote") "," LINK(6, 11, "https://example.com")));
    static const char *const steps[] = {
        DOC("hello world", SPAN(0, 5, "bold") "," SPAN(0, 5, "italic") "," SPAN(0, 11, "quote") ","
            LINK(6, 11, "https://example.com")),
        DOC("hello world", SPAN(0, 5, "bold") "," SPAN(0, 5, "italic") "," LINK(6, 11, "https://example.com")),
        DOC("hello world", SPAN(0, 5, "bold") "," SPAN(0, 5, "italic")),
        DOC("hello world", SPAN(0, 5, "bold")),
        DOC("hello world", ""),
    };
    for (size_t i = 0; i < ARRAY_LEN(steps); i++) {
        CHECK_OK(mc_draft_undo(d));
        CHECK_DOC(d, steps[i]);
        CHECK_SELECTION(d, 0, 5); /* the selection each step was made with */
    }
    CHECK_UNDO_STATE(d, 1, 1); /* the load is a step too */
    CHECK_OK(mc_draft_undo(d));
    CHECK_DOC(d, DOC("", ""));
    CHECK_UNDO_STATE(d, 0, 1);
    mc_draft_free(d);
}

static void link_and_mention_operations_are_steps(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_insert(d, "see docs "));
    CHECK_OK(mc_draft_set_selection(d, 4, 8));
    CHECK_OK(mc_draft_set_link(d, "https://a.io"));
    CHECK_OK(mc_draft_set_selection(d, 9, 9));
    CHECK_OK(mc_draft_insert_mention(d, "u1", "Bob"));
    CHECK_OK(mc_draft_insert_link(d, "here", "https://b.io"));
    CHECK_OK(mc_draft_set_selection(d, 5, 5));
    CHECK_OK(mc_draft_remove_link(d));
    CHECK_DOC(d, DOC("see docs @Bob here", MENTION(9, 13, "u1", "Bob") "," LINK(14, 18, "https://b.io")));
    CHECK_OK(mc_draft_undo(d));
    CHECK_DOC(d, DOC("see docs @Bob here", LINK(4, 8, "https://a.io") "," MENTION(9, 13, "u1", "Bob") ","
                     LINK(14, 18, "https://b.io")));
    CHECK_SELECTION(d, 5, 5);
    CHECK_OK(mc_draft_undo(d));
    CHECK_DOC(d, DOC("see docs @Bob ", LINK(4, 8, "https://a.io") "," MENTION(9, 13, "u1", "Bob")));
    CHECK_SELECTION(d, 14, 14);
    CHECK_OK(mc_draft_undo(d));
    CHECK_DOC(d, DOC("see docs ", LINK(4, 8, "https://a.io")));
    CHECK_SELECTION(d, 9, 9);
    CHECK_OK(mc_draft_undo(d));
    CHECK_DOC(d, DOC("see docs ", ""));
    CHECK_SELECTION(d, 4, 8);
    mc_draft_free(d);
}

/* Undo brings back the typing attributes chosen at a caret, and redo their effect. */
static void undo_restores_typing_attributes(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    TYPE(d, "ab ");
    CHECK_OK(mc_draft_toggle_format(d, 3, 3, MC_FORMAT_BOLD, NULL, MC_FLAG_PROTECT));
    CHECK_OK(mc_draft_toggle_format(d, 3, 3, MC_FORMAT_ITALIC, NULL, MC_FLAG_PROTECT));
    TYPE(d, "cd"); /* a new word: a new step, made with the pending formats */
    CHECK_DOC(d, DOC("ab cd", SPAN(3, 5, "bold") "," SPAN(3, 5, "italic")));
    CHECK_OK(mc_draft_undo(d));
    CHECK_DOC(d, DOC("ab ", ""));
    CHECK_SELECTION(d, 3, 3);
    CHECK_ACTIVE(d, "{\"formats\":[\"bold\",\"italic\"],\"link\":null,\"color\":null}");
    TYPE(d, "X");
    CHECK_DOC(d, DOC("ab X", SPAN(3, 4, "bold") "," SPAN(3, 4, "italic")));
    CHECK_UNDO_STATE(d, 1, 0); /* typing after an undo drops the redo */
    mc_draft_free(d);
}

static void calls_that_change_nothing_add_no_step(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("plain text", ""));
    CHECK_OK(mc_draft_undo(d)); /* back to an empty history with a known state */
    CHECK_OK(mc_draft_redo(d));
    CHECK_OK(mc_draft_set_selection(d, 0, 0));
    CHECK_UNDO_STATE(d, 1, 0);
    CHECK_OK(mc_draft_undo(d));
    CHECK_UNDO_STATE(d, 0, 1);
    CHECK_OK(mc_draft_redo(d));
    draft_state before;
    REQUIRE(support_snapshot(__FILE__, __LINE__, d, &before));
    CHECK_OK(mc_draft_set_selection(d, 3, 3));
    CHECK_OK(mc_draft_set_selection(d, 0, 0));
    CHECK_OK(mc_draft_move_caret(d, MC_CARET_DOCUMENT, -1, 0));
    CHECK_OK(mc_draft_delete_backward(d));                                     /* start of plain text */
    CHECK_OK(mc_draft_remove_link(d));                                         /* no link */
    CHECK_OK(mc_draft_set_link(d, "https://a.io"));                            /* a caret outside links */
    CHECK_OK(mc_draft_remove_format(d, 0, 10, MC_FORMAT_BOLD, MC_FLAG_PROTECT)); /* nothing is bold */
    CHECK_OK(mc_draft_remove_format(d, 0, 10, MC_FORMAT_QUOTE, 0));             /* nothing is quoted */
    CHECK_OK(mc_draft_normalize_markdown(d));                                  /* no markdown to convert */
    CHECK_OK(mc_draft_begin_batch(d));
    CHECK_OK(mc_draft_commit_batch(d)); /* an empty batch */
    CHECK_UNCHANGED(d, &before);
    support_snapshot_free(&before);
    /* Refused calls add no step either (the snapshot compares the undo state). */
    REQUIRE(support_snapshot(__FILE__, __LINE__, d, &before));
    CHECK_STATUS(mc_draft_apply_format(d, 0, 99, MC_FORMAT_BOLD, NULL, MC_FLAG_PROTECT), MC_ERR_OUT_OF_RANGE);
    CHECK_STATUS(mc_draft_insert(d, "\xFF"), MC_ERR_INVALID_UTF8);
    CHECK_STATUS(mc_draft_set_link(d, "javascript:x"), MC_ERR_UNSAFE_LINK);
    CHECK_STATUS(mc_draft_load_document(d, "{"), MC_ERR_INVALID_JSON);
    CHECK_STATUS(mc_draft_commit_batch(d), MC_ERR_NOT_ALLOWED);
    CHECK_UNCHANGED(d, &before);
    support_snapshot_free(&before);
    mc_draft_free(d);
}

static void batches_are_one_step(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    TYPE(d, "base ");
    CHECK_OK(mc_draft_begin_batch(d));
    TYPE(d, "one two");
    CHECK_OK(mc_draft_apply_format(d, 0, 4, MC_FORMAT_BOLD, NULL, MC_FLAG_PROTECT));
    CHECK_OK(mc_draft_enter(d));
    CHECK_OK(mc_draft_insert_mention(d, "u1", "Al"));
    /* Undo and redo do nothing while a batch is open. */
    draft_state inside;
    REQUIRE(support_snapshot(__FILE__, __LINE__, d, &inside));
    CHECK_OK(mc_draft_undo(d));
    CHECK_OK(mc_draft_redo(d));
    CHECK_UNCHANGED(d, &inside);
    support_snapshot_free(&inside);
    CHECK_OK(mc_draft_commit_batch(d));
    CHECK_DOC(d, DOC("base one two\\n@Al ", SPAN(0, 4, "bold") "," MENTION(13, 16, "u1", "Al")));
    CHECK_OK(mc_draft_undo(d));
    CHECK_DOC(d, DOC("base ", ""));
    CHECK_SELECTION(d, 5, 5);
    CHECK_OK(mc_draft_redo(d));
    CHECK_DOC(d, DOC("base one two\\n@Al ", SPAN(0, 4, "bold") "," MENTION(13, 16, "u1", "Al")));
    CHECK_SELECTION(d, 17, 17);
    mc_draft_free(d);
}

static void batches_nest(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_begin_batch(d));
    CHECK_OK(mc_draft_insert(d, "a"));
    CHECK_OK(mc_draft_begin_batch(d));
    CHECK_OK(mc_draft_insert(d, "b"));
    CHECK_OK(mc_draft_commit_batch(d)); /* the inner one: still inside the outer batch */
    CHECK_OK(mc_draft_undo(d));
    CHECK_TEXT(d, "ab");
    CHECK_OK(mc_draft_insert(d, "c"));
    CHECK_OK(mc_draft_commit_batch(d));
    CHECK_OK(mc_draft_undo(d));
    CHECK_TEXT(d, "");
    CHECK_UNDO_STATE(d, 0, 1);
    /* Committing with no batch open is refused and changes nothing. */
    CHECK_OK(mc_draft_redo(d));
    CHECK_REFUSED_MESSAGE(d, mc_draft_commit_batch(d), MC_ERR_NOT_ALLOWED, "mc_draft_commit_batch",
                          "mc_draft_commit_batch: no batch is open");
    mc_draft_free(d);
}

static void undo_depth_limits_the_history(void) {
    REQUIRE_NEW_DRAFT(d, "{\"undo_depth\":2}");
    CHECK_OK(mc_draft_insert(d, "one"));
    CHECK_OK(mc_draft_insert(d, " two"));
    CHECK_OK(mc_draft_insert(d, " three"));
    CHECK_OK(mc_draft_undo(d));
    CHECK_OK(mc_draft_undo(d));
    CHECK_TEXT(d, "one");
    CHECK_UNDO_STATE(d, 0, 1);
    mc_draft_free(d);

    REQUIRE_NEW_DRAFT(none, "{\"undo_depth\":0}");
    CHECK_OK(mc_draft_insert(none, "text"));
    CHECK_UNDO_STATE(none, 0, 0);
    CHECK_OK(mc_draft_undo(none));
    CHECK_TEXT(none, "text");
    mc_draft_free(none);
}

static void history_calls_refuse_bad_handles(void) {
    bool u = false, r = false;
    CHECK_BAD_HANDLES("mc_draft_undo", mc_draft_undo(bad_handle_));
    CHECK_BAD_HANDLES("mc_draft_redo", mc_draft_redo(bad_handle_));
    CHECK_BAD_HANDLES("mc_draft_undo_state", mc_draft_undo_state(bad_handle_, &u, &r));
    CHECK_BAD_HANDLES("mc_draft_begin_batch", mc_draft_begin_batch(bad_handle_));
    CHECK_BAD_HANDLES("mc_draft_commit_batch", mc_draft_commit_batch(bad_handle_));
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_insert(d, "x"));
    CHECK_REFUSED_MESSAGE(d, mc_draft_undo_state(d, NULL, &r), MC_ERR_NULL_ARGUMENT, "mc_draft_undo_state",
                          "mc_draft_undo_state: out_can_undo is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_undo_state(d, &u, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_undo_state",
                          "mc_draft_undo_state: out_can_redo is NULL");
    mc_draft_free(d);
}

static const harness_test TESTS[] = {
    HARNESS_TEST(a_new_draft_has_no_history),
    HARNESS_TEST(typing_coalesces_into_words),
    HARNESS_TEST(a_typed_string_is_one_step),
    HARNESS_TEST(backspaces_coalesce),
    HARNESS_TEST(every_format_operation_is_a_step),
    HARNESS_TEST(link_and_mention_operations_are_steps),
    HARNESS_TEST(undo_restores_typing_attributes),
    HARNESS_TEST(calls_that_change_nothing_add_no_step),
    HARNESS_TEST(batches_are_one_step),
    HARNESS_TEST(batches_nest),
    HARNESS_TEST(undo_depth_limits_the_history),
    HARNESS_TEST(history_calls_refuse_bad_handles),
};

void register_history_tests(void) { HARNESS_REGISTER("history", TESTS); }
