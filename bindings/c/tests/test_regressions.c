/*
 * test_regressions.c: engine bugs this suite found, each kept as a test now that it is fixed:
 * format functions check a NULL draft first, normalizing keeps blank lines, image syntax stays
 * literal, and replacing mentions counts only the mentions that remain. (Parsing in linear time is
 * measured by `make bench`, not by a timed test.)
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/*
 * "NULL handle is checked before anything else by every draft function": apply, remove and toggle
 * format still read the format, flags and value first, so a NULL draft with a bad format reports
 * "unknown format" (MC_ERR_INVALID_ARGUMENT) instead of MC_ERR_INVALID_HANDLE.
 */
static void format_functions_check_a_null_draft_first(void) {
    CHECK_REFUSED(mc_draft_apply_format(NULL, -5, 99, 42, "\xFF", 0x80u), MC_ERR_INVALID_HANDLE, "mc_draft_apply_format");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_apply_format: draft is NULL");
    CHECK_REFUSED(mc_draft_remove_format(NULL, 3, 1, -1, 0x4u), MC_ERR_INVALID_HANDLE, "mc_draft_remove_format");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_remove_format: draft is NULL");
    CHECK_REFUSED(mc_draft_toggle_format(NULL, 0, 1, MC_FORMAT_COLOR, "red", MC_FLAG_EXTEND), MC_ERR_INVALID_HANDLE,
                  "mc_draft_toggle_format");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_toggle_format: draft is NULL");
}

/*
 * mc_draft_normalize_markdown (which the send path runs: mc_draft_send of "first\n\nsecond" sends
 * "first\\\nsecond") drops the user's empty lines between paragraphs, even in plain text with no markdown
 * at all: "a\n\nb" becomes "a\nb". Only hand-typed markdown should become formatting; lines must stay.
 */
static void normalize_keeps_empty_lines(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_insert(d, "first paragraph\n\nsecond paragraph"));
    CHECK_OK(mc_draft_normalize_markdown(d));
    CHECK_DOC(d, DOC("first paragraph\\n\\nsecond paragraph", ""));
    REQUIRE_LOAD(d, DOC("", ""));
    CHECK_OK(mc_draft_insert(d, "**a**\n\nb"));
    CHECK_OK(mc_draft_normalize_markdown(d));
    CHECK_DOC(d, DOC("a\\n\\nb", SPAN(0, 1, "bold")));
    REQUIRE_LOAD(d, DOC("a\\n\\n**b**\\n\\n\\nc", ""));
    CHECK_OK(mc_draft_normalize_markdown(d));
    CHECK_DOC(d, DOC("a\\n\\nb\\n\\n\\nc", SPAN(3, 4, "bold")));
    REQUIRE_LOAD(d, DOC("> q\\n\\nx", ""));
    CHECK_OK(mc_draft_normalize_markdown(d));
    CHECK_DOC(d, DOC("q\\n\\nx", SPAN(0, 1, "quote")));
    mc_draft_free(d);
}

/*
 * README "The wire format": the supported subset reads as CommonMark reads it, "the rest stays
 * literal". Image syntax is outside the subset, yet "![img](url)" is read as the text "!"
 * followed by a link "img", which no CommonMark renderer shows.
 */
static void image_syntax_stays_literal(void) {
    char *json = NULL;
    CHECK_OK(mc_markdown_parse("![img](https://x.io/a.png)", &json));
    CHECK_EQ_STR(json, DOC("![img](https://x.io/a.png)", ""));
    mc_string_free(json);
}

/*
 * README "What the engine does" (Mentions): "The per-message limit refuses the next mention".
 * Replacing the only mention (selected) by another one does not go past a limit of 1, yet it is
 * refused with MC_ERR_LIMIT_EXCEEDED (the count is taken before the selection is replaced).
 */
static void mention_limit_counts_the_mentions_that_remain(void) {
    REQUIRE_NEW_DRAFT(d, "{\"mention_limit\":1}");
    CHECK_OK(mc_draft_insert_mention(d, "u1", "Ann"));
    CHECK_OK(mc_draft_select_all(d));
    CHECK_OK(mc_draft_insert_mention(d, "u2", "Bob"));
    CHECK_DOC(d, DOC("@Bob ", MENTION(0, 4, "u2", "Bob")));
    mc_draft_free(d);
}

/*
 * "A draft never holds \r": typed or replaced text turns CR LF and a lone CR into LF, and document JSON
 * with a CR is refused. mc_draft_insert_link once took "a\rb" as it was; now its CR is a line break like the
 * others, so link text holding one is refused and the draft's snapshot always restores.
 */
static void insert_link_refuses_a_carriage_return(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_REFUSED_MESSAGE(d, mc_draft_insert_link(d, "a\rb", "https://x.io"), MC_ERR_INVALID_ARGUMENT,
                          "mc_draft_insert_link", "mc_draft_insert_link: link text must be non-empty and on one line");
    char *text = support_text(d);
    CHECK(text != NULL && strchr(text, '\r') == NULL);
    mc_string_free(text);
    /* Whatever it holds, the draft's snapshot restores. */
    char *snapshot = support_draft_snapshot(d);
    REQUIRE_NEW_DRAFT(e, NULL);
    CHECK_OK(mc_draft_restore(e, snapshot));
    mc_string_free(snapshot);
    mc_draft_free(e);
    mc_draft_free(d);
}

/* The fuzzer's crash: an entity decoding to a line break ("a&#10;b") left the parsed document with one
 * line entry for two lines, and serializing it trapped, killing the host. */
static void entity_line_breaks_do_not_crash(void) {
    static const char *const inputs[] = {"a&#10;b", "a&#xa;", "**a&NewLine;b**", "a&#13;b"};
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
        char *html = NULL;
        CHECK_OK(mc_markdown_to_html(inputs[i], NULL, &html));
        mc_string_free(html);
        REQUIRE_NEW_DRAFT(d, NULL);
        CHECK_OK(mc_draft_load_markdown(d, inputs[i], NULL));
        char *markdown = NULL;
        CHECK_OK(mc_draft_serialize(d, &markdown));
        mc_string_free(markdown);
        mc_draft_free(d);
    }
}

/* The document JSON loads back into a fresh draft (a mention's text must stay "@" + name). */
static void check_document_loads(mc_draft *d) {
    char *json = support_document(d);
    REQUIRE_NEW_DRAFT(fresh, NULL);
    CHECK_OK(mc_draft_load_document(fresh, json));
    CHECK_DOC(fresh, json);
    mc_draft_free(fresh);
    free(json);
}

/* API fuzzer, Tests/fuzz-findings/api/mention-combining-backspace: a combining mark after a mention
   joins its last letter; backspace over that cluster takes the mention whole. */
static void backspace_over_a_mark_after_a_mention_deletes_the_mention_whole(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_insert_mention(d, "u1", "Bob"));
    CHECK_OK(mc_draft_delete_backward(d));
    CHECK_OK(mc_draft_insert(d, "\xcc\x81")); /* U+0301 */
    CHECK_OK(mc_draft_delete_backward(d));
    CHECK_TEXT(d, "");
    check_document_loads(d);
    mc_draft_free(d);
}

/* API fuzzer, batch-closed-by-restore: a restore inside a batch leaves the batch open. */
static void a_restore_inside_a_batch_keeps_the_batch_open(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_insert(d, "abc"));
    char *snapshot = NULL;
    CHECK_OK(mc_draft_snapshot(d, &snapshot));
    CHECK_OK(mc_draft_begin_batch(d));
    CHECK_OK(mc_draft_restore(d, snapshot));
    CHECK_OK(mc_draft_commit_batch(d));
    mc_string_free(snapshot);
    mc_draft_free(d);
}

/* API fuzzer, caret-inside-mention-after-restore: a snapshot's caret inside a mention moves to its edge. */
static void a_restored_caret_is_never_inside_a_mention(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_load_document(d, "{\"text\":\"@Bob \",\"spans\":[{\"start\":0,\"end\":4,"
                                       "\"format\":\"mention\",\"uid\":\"u1\",\"name\":\"Bob\"}]}"));
    CHECK_OK(mc_draft_restore(d, "{\"version\":1,\"document\":{\"text\":\"@Bob \",\"spans\":[{\"start\":0,"
                                 "\"end\":4,\"format\":\"mention\",\"uid\":\"u1\",\"name\":\"Bob\"}]},\"selection\":[2,2]}"));
    int64_t anchor = -1, focus = -1;
    CHECK_OK(mc_draft_selection(d, &anchor, &focus));
    CHECK(focus == 0 || focus == 4);
    CHECK_OK(mc_draft_insert(d, "a"));
    check_document_loads(d);
    mc_draft_free(d);
}

/* Mirror soak (bindings): clearing an already empty text keeps the values redo still needs. */
static void redo_after_clearing_an_empty_text_keeps_the_mention(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_insert_mention(d, "u2", "Bob"));
    CHECK_OK(mc_draft_undo(d));
    CHECK_OK(mc_draft_clear(d));
    CHECK_OK(mc_draft_redo(d));
    CHECK_DOC(d, "{\"text\":\"@Bob \",\"spans\":[{\"start\":0,\"end\":4,\"format\":\"mention\",\"uid\":\"u2\",\"name\":\"Bob\"}]}");
    mc_draft_free(d);
}

static const harness_test TESTS[] = {
    HARNESS_TEST(backspace_over_a_mark_after_a_mention_deletes_the_mention_whole),
    HARNESS_TEST(a_restore_inside_a_batch_keeps_the_batch_open),
    HARNESS_TEST(a_restored_caret_is_never_inside_a_mention),
    HARNESS_TEST(redo_after_clearing_an_empty_text_keeps_the_mention),
    HARNESS_TEST(entity_line_breaks_do_not_crash),
    HARNESS_TEST(insert_link_refuses_a_carriage_return),
    HARNESS_TEST(format_functions_check_a_null_draft_first),
    HARNESS_TEST(normalize_keeps_empty_lines),
    HARNESS_TEST(image_syntax_stays_literal),
    HARNESS_TEST(mention_limit_counts_the_mentions_that_remain),
};

void register_regressions_tests(void) { HARNESS_REGISTER("regressions", TESTS); }
