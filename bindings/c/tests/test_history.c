/*
 * test_history.c: mc_draft_undo / mc_draft_redo / mc_draft_undo_state and batches
 * (mc_draft_begin_batch / mc_draft_commit_batch) through the C API: nesting and the refused commit,
 * the undo_depth option, and bad handles and out-parameters. What makes a step (typing coalesces
 * into words, every format operation is a step, undo restores the selection and the typing
 * attributes, calls that change nothing add none) is the engine's: Tests/ComposerCoreTests/UndoTests.swift.
 */
#include <stdio.h>
#include <string.h>

#include "support.h"

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
    HARNESS_TEST(batches_nest),
    HARNESS_TEST(undo_depth_limits_the_history),
    HARNESS_TEST(history_calls_refuse_bad_handles),
};

void register_history_tests(void) { HARNESS_REGISTER("history", TESTS); }
