/*
 * test_editing.c: keyboard editing. mc_draft_insert / mc_draft_insert_n (typing attributes, "\n" as
 * Enter, line-start shortcuts with rich text on and off), mc_draft_delete_backward / _forward (whole
 * grapheme clusters and whole mentions, line joins), mc_draft_enter (list, quote and code-block
 * continuation; an empty item ends the block), mc_draft_move_caret (grapheme, word, line, document;
 * MC_FLAG_EXTEND) and mc_draft_select_all, with every refused input leaving the draft unchanged.
 */
#include <stdio.h>
#include <string.h>

#include "samples.h"
#include "support.h"

/* "hi @Bob x": the mention covers [3, 7). */
#define BOB_DOC DOC("hi @Bob x", MENTION(3, 7, "u1", "Bob"))

/* ---- insert ---- */

static void insert_types_at_the_selection(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_insert(d, "hello"));
    CHECK_TEXT(d, "hello");
    CHECK_SELECTION(d, 5, 5);
    CHECK_OK(mc_draft_set_selection(d, 0, 0));
    CHECK_OK(mc_draft_insert(d, S_GRIN " "));
    CHECK_TEXT(d, S_GRIN " hello");
    CHECK_SELECTION(d, 2, 2);
    CHECK_OK(mc_draft_set_selection(d, 7, 2)); /* a backward selection is replaced too */
    CHECK_OK(mc_draft_insert(d, "HELLO"));
    CHECK_TEXT(d, S_GRIN " HELLO");
    CHECK_SELECTION(d, 7, 7);
    CHECK_OK(mc_draft_insert(d, "")); /* nothing to type: nothing changes */
    CHECK_TEXT(d, S_GRIN " HELLO");
    CHECK_SELECTION(d, 7, 7);
    CHECK_OK(mc_draft_set_selection(d, 2, 7));
    CHECK_OK(mc_draft_insert(d, "")); /* an empty string over a selection keeps it: nothing is typed */
    CHECK_TEXT(d, S_GRIN " HELLO");
    CHECK_SELECTION(d, 2, 7);
    mc_draft_free(d);
}

static void insert_takes_the_typing_attributes(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("bold plain", SPAN(0, 4, "bold")));
    /* Over a selection: the first replaced character's formats. */
    CHECK_OK(mc_draft_set_selection(d, 1, 3));
    CHECK_OK(mc_draft_insert(d, "XYZ"));
    CHECK_DOC(d, DOC("bXYZd plain", SPAN(0, 5, "bold")));
    CHECK_SELECTION(d, 4, 4);
    /* At a caret: the previous character's formats. */
    CHECK_OK(mc_draft_set_selection(d, 5, 5));
    CHECK_OK(mc_draft_insert(d, "!"));
    CHECK_DOC(d, DOC("bXYZd! plain", SPAN(0, 6, "bold")));
    CHECK_OK(mc_draft_set_selection(d, 12, 12));
    CHECK_OK(mc_draft_insert(d, "?"));
    CHECK_DOC(d, DOC("bXYZd! plain?", SPAN(0, 6, "bold")));
    /* At the start of the text there is no previous character: plain. */
    CHECK_OK(mc_draft_set_selection(d, 0, 0));
    CHECK_OK(mc_draft_insert(d, "<"));
    CHECK_DOC(d, DOC("<bXYZd! plain?", SPAN(1, 7, "bold")));
    mc_draft_free(d);
}

static void insert_at_links_and_mentions(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    /* Inside a link the text joins it; at either edge it does not. */
    REQUIRE_LOAD(d, DOC("abc", LINK(0, 3, "https://x.io")));
    CHECK_OK(mc_draft_set_selection(d, 1, 1));
    CHECK_OK(mc_draft_insert(d, "X"));
    CHECK_OK(mc_draft_set_selection(d, 4, 4));
    CHECK_OK(mc_draft_insert(d, "!"));
    CHECK_OK(mc_draft_set_selection(d, 0, 0));
    CHECK_OK(mc_draft_insert(d, ">"));
    CHECK_DOC(d, DOC(">aXbc!", LINK(1, 5, "https://x.io")));

    /* A mention never extends, and a selection that cuts into it takes all of it. */
    REQUIRE_LOAD(d, BOB_DOC);
    CHECK_OK(mc_draft_set_selection(d, 7, 7));
    CHECK_OK(mc_draft_insert(d, "!"));
    CHECK_DOC(d, DOC("hi @Bob! x", MENTION(3, 7, "u1", "Bob")));
    CHECK_OK(mc_draft_set_selection(d, 3, 3));
    CHECK_OK(mc_draft_insert(d, "("));
    CHECK_DOC(d, DOC("hi (@Bob! x", MENTION(4, 8, "u1", "Bob")));
    CHECK_OK(mc_draft_set_selection(d, 1, 6)); /* a focus inside the mention snaps to its nearer edge (4) */
    CHECK_SELECTION(d, 1, 4);
    CHECK_OK(mc_draft_insert(d, "Z"));
    CHECK_DOC(d, DOC("hZ@Bob! x", MENTION(2, 6, "u1", "Bob")));
    CHECK_SELECTION(d, 2, 2);
    mc_draft_free(d);
}

static void insert_with_line_breaks_acts_as_enter(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("item", SPAN(0, 4, "bullet_list")));
    CHECK_OK(mc_draft_insert(d, "\nnext\nlast"));
    CHECK_DOC(d, DOC("item\\nnext\\nlast", SPAN(0, 14, "bullet_list")));
    CHECK_SELECTION(d, 14, 14);
    /* "\n\n" on the item: the first Enter opens an empty item, the second one ends the list there. */
    CHECK_OK(mc_draft_insert(d, "\n\nafter"));
    CHECK_DOC(d, DOC("item\\nnext\\nlast\\nafter", SPAN(0, 14, "bullet_list")));
    /* CR LF and a lone CR become LF: a draft never holds "\r". */
    REQUIRE_LOAD(d, DOC("", ""));
    CHECK_OK(mc_draft_insert(d, "a\r\nb"));
    CHECK_TEXT(d, "a\nb");
    CHECK_LENGTH(d, 3);
    CHECK_SELECTION(d, 3, 3);
    CHECK_OK(mc_draft_insert(d, "\rc\n\rd\r"));
    CHECK_DOC(d, DOC("a\\nb\\nc\\n\\nd\\n", ""));
    CHECK_SELECTION(d, 9, 9);
    /* ... also as Enter: the CR continues a list like "\n". */
    REQUIRE_LOAD(d, DOC("item", SPAN(0, 4, "bullet_list")));
    CHECK_OK(mc_draft_insert(d, "\r\nnext\rlast"));
    CHECK_DOC(d, DOC("item\\nnext\\nlast", SPAN(0, 14, "bullet_list")));
    /* Typed one scalar at a time, and through mc_draft_insert_n and mc_draft_replace. */
    REQUIRE_LOAD(d, DOC("", ""));
    TYPE(d, "x\ry\r");
    CHECK_TEXT(d, "x\ny\n");
    CHECK_OK(mc_draft_insert_n(d, "p\rq\r\n", 5));
    CHECK_TEXT(d, "x\ny\np\nq\n");
    CHECK_OK(mc_draft_replace(d, 0, 1, "1\r2\r\n"));
    CHECK_TEXT(d, "1\n2\n\ny\np\nq\n");
    CHECK_SELECTION(d, 4, 4);
    mc_draft_free(d);
}

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
                          "mc_draft_insert_n: invalid UTF-8 in string argument");
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

/* ---- line-start shortcuts ---- */

typedef struct {
    const char *typed;
    const char *expected; /* document after typing `typed` into an empty draft, one character at a time */
} shortcut_case;

static void line_start_shortcuts_convert_the_line(void) {
    static const shortcut_case cases[] = {
        {"- one", DOC("one", SPAN(0, 3, "bullet_list"))},
        {"* one", DOC("one", SPAN(0, 3, "bullet_list"))},
        {"1. one", DOC("one", SPAN(0, 3, "ordered_list"))},
        {"> one", DOC("one", SPAN(0, 3, "quote"))},
        {"```one", DOC("one", SPAN(0, 3, "code_block"))},
        {"- ", DOC("", SPAN(0, 0, "bullet_list"))},
        /* Not shortcuts: */
        {"2. one", DOC("2. one", "")},
        {"-one", DOC("-one", "")},
        {"+ one", DOC("+ one", "")},
        {">one", DOC(">one", "")},
        {"``one", DOC("``one", "")},
        {"x - one", DOC("x - one", "")},
        {" - one", DOC(" - one", "")},
    };
    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        REQUIRE_NEW_DRAFT(d, NULL);
        TYPE(d, cases[i].typed);
        CHECK_DOC(d, cases[i].expected);
        mc_draft_free(d);
        if (harness_test_failed()) {
            printf("    (shortcut case \"%s\")\n", cases[i].typed);
            break;
        }
    }
}

static void shortcuts_work_on_any_line_start(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    /* On a later line. */
    TYPE(d, "intro\n> quoted");
    CHECK_DOC(d, DOC("intro\\nquoted", SPAN(6, 12, "quote")));
    CHECK_SELECTION(d, 12, 12);
    /* Before existing text: the rest of the line joins the new block; the caret stays at the line start. */
    REQUIRE_LOAD(d, DOC("a\\nhello", ""));
    CHECK_OK(mc_draft_set_selection(d, 2, 2));
    TYPE(d, "1. ");
    CHECK_DOC(d, DOC("a\\nhello", SPAN(2, 7, "ordered_list")));
    CHECK_SELECTION(d, 2, 2);
    /* A line that already has a block format is left alone. */
    REQUIRE_LOAD(d, DOC("", SPAN(0, 0, "quote")));
    TYPE(d, "- x");
    CHECK_DOC(d, DOC("- x", SPAN(0, 3, "quote")));
    /* One insert of exactly the marker converts too; a longer string is pasted text. */
    REQUIRE_LOAD(d, DOC("", ""));
    CHECK_OK(mc_draft_insert(d, "> "));
    CHECK_DOC(d, DOC("", SPAN(0, 0, "quote")));
    REQUIRE_LOAD(d, DOC("", ""));
    CHECK_OK(mc_draft_insert(d, "- pasted"));
    CHECK_DOC(d, DOC("- pasted", ""));
    mc_draft_free(d);
}

static void shortcuts_are_off_without_rich_text(void) {
    REQUIRE_NEW_DRAFT(d, "{\"rich_text\":false}");
    TYPE(d, "- a\n* b\n1. c\n> d\n```e");
    CHECK_DOC(d, DOC("- a\\n* b\\n1. c\\n> d\\n```e", ""));
    CHECK_MARKDOWN(d, "\\- a\\\n\\* b\\\n1\\. c\\\n\\> d\\\n\\`\\`\\`e");
    mc_draft_free(d);
}

/* The conversion is its own undo step: undo gives the typed marker back. */
static void shortcut_conversion_is_undoable(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    TYPE(d, "- ");
    CHECK_DOC(d, DOC("", SPAN(0, 0, "bullet_list")));
    CHECK_OK(mc_draft_undo(d));
    CHECK_DOC(d, DOC("- ", ""));
    CHECK_SELECTION(d, 2, 2);
    CHECK_OK(mc_draft_undo(d));
    CHECK_DOC(d, DOC("", ""));
    CHECK_UNDO_STATE(d, 0, 1);
    CHECK_OK(mc_draft_redo(d));
    CHECK_OK(mc_draft_redo(d));
    CHECK_DOC(d, DOC("", SPAN(0, 0, "bullet_list")));
    mc_draft_free(d);
}

/* ---- delete backward / forward ---- */

typedef struct {
    const char *what;
    const char *text;      /* the caret is put at the end (backspace) or at 1 (delete) */
    const char *remaining; /* after one backspace */
    int64_t caret;         /* after one backspace */
} grapheme_case;

static const grapheme_case GRAPHEMES[] = {
    {"ASCII", "ab", "a", 1},
    {"emoji", "a" S_GRIN, "a", 1},
    {"ZWJ family", "a" S_FAMILY, "a", 1},
    {"two flags", "a" S_FLAG_FR S_FLAG_DE, "a" S_FLAG_FR, 3},
    {"skin tone", "a" S_THUMBS_MEDIUM, "a", 1},
    {"e + combining acute", "a" S_E_ACUTE, "a", 1},
    {"keycap", "a" S_KEYCAP_1, "a", 1},
    {"CR LF", "a\r\n", "a", 1},
    {"CR", "a\r", "a", 1},
    {"line break", "a\n", "a", 1},
    {"CJK", "a" S_CJK, "a\xE6\xBC\xA2", 2},
    {"Hebrew", "a" S_HEBREW, "a\xD7\xA9\xD7\x9C\xD7\x95", 4},
};

static void delete_backward_removes_one_grapheme_cluster(void) {
    for (size_t i = 0; i < ARRAY_LEN(GRAPHEMES); i++) {
        const grapheme_case *c = &GRAPHEMES[i];
        REQUIRE_NEW_DRAFT(d, NULL);
        CHECK_OK(mc_draft_insert(d, c->text));
        CHECK_OK(mc_draft_delete_backward(d));
        CHECK_TEXT(d, c->remaining);
        CHECK_SELECTION(d, c->caret, c->caret);
        mc_draft_free(d);
        if (harness_test_failed()) {
            printf("    (grapheme case: %s)\n", c->what);
            break;
        }
    }
}

static void delete_forward_removes_one_grapheme_cluster(void) {
    for (size_t i = 0; i < ARRAY_LEN(GRAPHEMES); i++) {
        const grapheme_case *c = &GRAPHEMES[i];
        if (strcmp(c->what, "two flags") == 0 || strcmp(c->what, "CJK") == 0 || strcmp(c->what, "Hebrew") == 0)
            continue; /* the cluster after the caret is not the last one */
        REQUIRE_NEW_DRAFT(d, NULL);
        CHECK_OK(mc_draft_insert(d, c->text));
        CHECK_OK(mc_draft_set_selection(d, 1, 1));
        CHECK_OK(mc_draft_delete_forward(d));
        CHECK_TEXT(d, "a");
        CHECK_SELECTION(d, 1, 1);
        mc_draft_free(d);
        if (harness_test_failed()) {
            printf("    (grapheme case: %s)\n", c->what);
            break;
        }
    }
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_insert(d, S_FLAG_FR S_FLAG_DE));
    CHECK_OK(mc_draft_set_selection(d, 0, 0));
    CHECK_OK(mc_draft_delete_forward(d));
    CHECK_TEXT(d, S_FLAG_DE);
    CHECK_SELECTION(d, 0, 0);
    mc_draft_free(d);
}

static void deleting_takes_whole_mentions(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, BOB_DOC);
    CHECK_OK(mc_draft_set_selection(d, 7, 7));
    CHECK_OK(mc_draft_delete_backward(d));
    CHECK_DOC(d, DOC("hi  x", ""));
    CHECK_SELECTION(d, 3, 3);

    REQUIRE_LOAD(d, BOB_DOC);
    CHECK_OK(mc_draft_set_selection(d, 3, 3));
    CHECK_OK(mc_draft_delete_forward(d));
    CHECK_DOC(d, DOC("hi  x", ""));
    CHECK_SELECTION(d, 3, 3);

    /* Two touching mentions of one user are two: each key press takes one. */
    REQUIRE_LOAD(d, DOC("@Bob@Bob", MENTION(0, 4, "u1", "Bob") "," MENTION(4, 8, "u1", "Bob")));
    CHECK_OK(mc_draft_delete_backward(d));
    CHECK_DOC(d, DOC("@Bob", MENTION(0, 4, "u1", "Bob")));
    CHECK_MENTIONS(d, "[{\"start\":0,\"end\":4,\"uid\":\"u1\",\"name\":\"Bob\"}]");
    REQUIRE_LOAD(d, DOC("@Bob@Bob", MENTION(0, 4, "u1", "Bob") "," MENTION(4, 8, "u1", "Bob")));
    CHECK_OK(mc_draft_set_selection(d, 4, 4));
    CHECK_OK(mc_draft_delete_forward(d));
    CHECK_DOC(d, DOC("@Bob", MENTION(0, 4, "u1", "Bob")));
    CHECK_SELECTION(d, 4, 4);

    /* A selection that cuts into a mention deletes all of it. */
    REQUIRE_LOAD(d, BOB_DOC);
    CHECK_OK(mc_draft_set_selection(d, 8, 6));
    CHECK_SELECTION(d, 8, 7); /* the focus snapped to the nearer edge */
    CHECK_OK(mc_draft_set_selection(d, 1, 5));
    CHECK_SELECTION(d, 1, 3);
    CHECK_OK(mc_draft_delete_forward(d));
    CHECK_DOC(d, DOC("h@Bob x", MENTION(1, 5, "u1", "Bob")));
    CHECK_SELECTION(d, 1, 1);
    mc_draft_free(d);
}

static void delete_with_a_selection_deletes_it(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("one\\ntwo", SPAN(0, 3, "quote") "," SPAN(0, 3, "bold")));
    CHECK_OK(mc_draft_set_selection(d, 6, 1)); /* across the line break, backward */
    CHECK_OK(mc_draft_delete_backward(d));
    CHECK_DOC(d, DOC("oo", SPAN(0, 1, "bold") "," SPAN(0, 2, "quote"))); /* the first line's block stays */
    CHECK_SELECTION(d, 1, 1);
    CHECK_OK(mc_draft_select_all(d));
    CHECK_OK(mc_draft_delete_forward(d));
    CHECK_DOC(d, DOC("", SPAN(0, 0, "quote")));
    CHECK_SELECTION(d, 0, 0);
    mc_draft_free(d);
}

static void delete_at_line_and_text_edges(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("q\\nline", SPAN(0, 1, "quote") "," SPAN(2, 6, "bullet_list")));
    /* Backspace at a line start joins the line to the previous one, which keeps its block. */
    CHECK_OK(mc_draft_set_selection(d, 2, 2));
    CHECK_OK(mc_draft_delete_backward(d));
    CHECK_DOC(d, DOC("qline", SPAN(0, 5, "quote")));
    CHECK_SELECTION(d, 1, 1);
    /* At the start of the text it removes the first line's block format, then does nothing. */
    CHECK_OK(mc_draft_set_selection(d, 0, 0));
    CHECK_OK(mc_draft_delete_backward(d));
    CHECK_DOC(d, DOC("qline", ""));
    CHECK_OK(mc_draft_undo(d));
    CHECK_DOC(d, DOC("qline", SPAN(0, 5, "quote")));
    CHECK_OK(mc_draft_delete_backward(d));

    draft_state before;
    REQUIRE(support_snapshot(__FILE__, __LINE__, d, &before));
    CHECK_OK(mc_draft_delete_backward(d)); /* plain text at the start: nothing, and no undo step */
    CHECK_UNCHANGED(d, &before);
    support_snapshot_free(&before);

    /* Delete at a line end joins the next line; at the end of the text it does nothing. */
    REQUIRE_LOAD(d, DOC("ab\\ncd", SPAN(3, 5, "code_block")));
    CHECK_OK(mc_draft_set_selection(d, 2, 2));
    CHECK_OK(mc_draft_delete_forward(d));
    CHECK_DOC(d, DOC("abcd", ""));
    CHECK_SELECTION(d, 2, 2);
    CHECK_OK(mc_draft_set_selection(d, 4, 4));
    REQUIRE(support_snapshot(__FILE__, __LINE__, d, &before));
    CHECK_OK(mc_draft_delete_forward(d));
    CHECK_UNCHANGED(d, &before);
    support_snapshot_free(&before);

    /* Joining into a code block: the joined characters lose their inline formats there. */
    REQUIRE_LOAD(d, DOC("ab\\ncd", SPAN(0, 2, "code_block") "," SPAN(3, 5, "bold")));
    CHECK_OK(mc_draft_set_selection(d, 3, 3));
    CHECK_OK(mc_draft_delete_backward(d));
    CHECK_DOC(d, DOC("abcd", SPAN(0, 4, "code_block")));
    mc_draft_free(d);
}

static void delete_refuses_bad_handles(void) {
    CHECK_BAD_HANDLES("mc_draft_delete_backward", mc_draft_delete_backward(bad_handle_));
    CHECK_BAD_HANDLES("mc_draft_delete_forward", mc_draft_delete_forward(bad_handle_));
}

/* ---- enter ---- */

static void enter_continues_and_ends_lists(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    TYPE(d, "- one");
    CHECK_OK(mc_draft_enter(d));
    CHECK_DOC(d, DOC("one\\n", SPAN(0, 4, "bullet_list")));
    CHECK_SELECTION(d, 4, 4);
    TYPE(d, "two");
    CHECK_OK(mc_draft_enter(d));
    CHECK_OK(mc_draft_enter(d)); /* Enter on the empty item ends the list there, adding no line */
    CHECK_DOC(d, DOC("one\\ntwo\\n", SPAN(0, 7, "bullet_list")));
    CHECK_SELECTION(d, 8, 8);
    TYPE(d, "after");
    CHECK_DOC(d, DOC("one\\ntwo\\nafter", SPAN(0, 7, "bullet_list")));
    CHECK_MARKDOWN(d, "- one\n- two\n\nafter");

    /* Numbering follows in an ordered list. */
    REQUIRE_LOAD(d, DOC("", ""));
    TYPE(d, "1. first\nsecond\nthird");
    CHECK_DOC(d, DOC("first\\nsecond\\nthird", SPAN(0, 18, "ordered_list")));
    CHECK_MARKDOWN(d, "1. first\n2. second\n3. third");

    /* Enter in the middle of an item splits it into two items. */
    REQUIRE_LOAD(d, DOC("onetwo", SPAN(0, 6, "ordered_list")));
    CHECK_OK(mc_draft_set_selection(d, 3, 3));
    CHECK_OK(mc_draft_enter(d));
    CHECK_DOC(d, DOC("one\\ntwo", SPAN(0, 7, "ordered_list")));
    CHECK_SELECTION(d, 4, 4);
    CHECK_MARKDOWN(d, "1. one\n2. two");
    mc_draft_free(d);
}

static void enter_in_quotes_code_blocks_and_paragraphs(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    TYPE(d, "> q");
    CHECK_OK(mc_draft_enter(d));
    CHECK_DOC(d, DOC("q\\n", SPAN(0, 2, "quote")));
    CHECK_OK(mc_draft_enter(d));
    CHECK_DOC(d, DOC("q\\n", SPAN(0, 1, "quote")));

    REQUIRE_LOAD(d, DOC("", ""));
    TYPE(d, "```code");
    CHECK_OK(mc_draft_enter(d));
    TYPE(d, "  more");
    CHECK_DOC(d, DOC("code\\n  more", SPAN(0, 11, "code_block")));
    CHECK_OK(mc_draft_enter(d));
    CHECK_OK(mc_draft_enter(d));
    CHECK_DOC(d, DOC("code\\n  more\\n", SPAN(0, 11, "code_block")));
    CHECK_MARKDOWN(d, "```\ncode\n  more\n```\n\n<p></p>");

    /* A plain line just splits; the caret goes to the new line. */
    REQUIRE_LOAD(d, DOC("abcd", ""));
    CHECK_OK(mc_draft_set_selection(d, 2, 2));
    CHECK_OK(mc_draft_enter(d));
    CHECK_DOC(d, DOC("ab\\ncd", ""));
    CHECK_SELECTION(d, 3, 3);
    /* With a selection, Enter deletes it first (one step). */
    CHECK_OK(mc_draft_set_selection(d, 1, 4));
    CHECK_OK(mc_draft_enter(d));
    CHECK_DOC(d, DOC("a\\nd", ""));
    CHECK_SELECTION(d, 2, 2);
    CHECK_OK(mc_draft_undo(d));
    CHECK_DOC(d, DOC("ab\\ncd", ""));
    CHECK_SELECTION(d, 1, 4);
    /* A selection that empties a list item exits the list. */
    REQUIRE_LOAD(d, DOC("a\\nbc", SPAN(0, 4, "bullet_list")));
    CHECK_OK(mc_draft_set_selection(d, 2, 4));
    CHECK_OK(mc_draft_enter(d));
    CHECK_DOC(d, DOC("a\\n", SPAN(0, 1, "bullet_list")));
    mc_draft_free(d);
}

static void enter_carries_inline_formats(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("ab", SPAN(0, 2, "bold") "," SPAN(0, 2, "italic")));
    CHECK_OK(mc_draft_enter(d));
    CHECK_ACTIVE(d, "{\"formats\":[\"bold\",\"italic\"],\"link\":null,\"color\":null}");
    TYPE(d, "c");
    CHECK_DOC(d, DOC("ab\\nc", SPAN(0, 2, "bold") "," SPAN(0, 2, "italic") "," SPAN(3, 4, "bold") ","
                 SPAN(3, 4, "italic")));
    /* Links never carry over. */
    REQUIRE_LOAD(d, DOC("ab", LINK(0, 2, "https://a.io") "," SPAN(0, 2, "strike")));
    CHECK_OK(mc_draft_enter(d));
    CHECK_ACTIVE(d, "{\"formats\":[\"strike\"],\"link\":null,\"color\":null}");
    TYPE(d, "c");
    CHECK_DOC(d, DOC("ab\\nc", LINK(0, 2, "https://a.io") "," SPAN(0, 2, "strike") "," SPAN(3, 4, "strike")));
    mc_draft_free(d);
}

static void enter_refuses_bad_handles(void) {
    CHECK_BAD_HANDLES("mc_draft_enter", mc_draft_enter(bad_handle_));
}

/* ---- caret movement ---- */

typedef struct {
    mc_caret_unit unit;
    int64_t count;
    uint32_t flags;
    int64_t anchor, focus; /* after the move */
} move_case;

static void run_moves(const char *file, int line, mc_draft *d, const move_case *moves, size_t count) {
    for (size_t i = 0; i < count; i++) {
        mc_status status = mc_draft_move_caret(d, moves[i].unit, moves[i].count, moves[i].flags);
        int64_t a = -1, f = -1;
        mc_draft_selection(d, &a, &f);
        if (status != MC_OK || a != moves[i].anchor || f != moves[i].focus) {
            harness_fail(file, line, "move %zu (unit %d, count %lld, flags %u): %s, selection (%lld, %lld), expected "
                         "(%lld, %lld)", i, (int)moves[i].unit, (long long)moves[i].count, moves[i].flags,
                         mc_status_name(status), (long long)a, (long long)f, (long long)moves[i].anchor,
                         (long long)moves[i].focus);
            return;
        }
    }
}

static void move_by_grapheme(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    /* CR LF is typed as LF: a(0) family(1..6) flag(6..8) e+acute(8..10) LF(10..11) b(11) end 12 */
    CHECK_OK(mc_draft_insert(d, "a" S_FAMILY S_FLAG_FR S_E_ACUTE "\r\nb"));
    CHECK_OK(mc_draft_set_selection(d, 0, 0));
    static const move_case moves[] = {
        {MC_CARET_GRAPHEME, 1, 0, 1, 1},
        {MC_CARET_GRAPHEME, 1, 0, 6, 6},
        {MC_CARET_GRAPHEME, 1, 0, 8, 8},
        {MC_CARET_GRAPHEME, 1, 0, 10, 10},
        {MC_CARET_GRAPHEME, 1, 0, 11, 11},
        {MC_CARET_GRAPHEME, 1, 0, 12, 12},
        {MC_CARET_GRAPHEME, 1, 0, 12, 12}, /* at the end: stays */
        {MC_CARET_GRAPHEME, -2, 0, 10, 10},
        {MC_CARET_GRAPHEME, -3, 0, 1, 1},
        {MC_CARET_GRAPHEME, -5, 0, 0, 0}, /* past the start: stops there */
        {MC_CARET_GRAPHEME, 3, MC_FLAG_EXTEND, 0, 8},
        {MC_CARET_GRAPHEME, -1, MC_FLAG_EXTEND, 0, 6},
        {MC_CARET_GRAPHEME, 1, 0, 6, 6},  /* from a selection: collapses to its end */
        {MC_CARET_GRAPHEME, 2, MC_FLAG_EXTEND, 6, 10},
        {MC_CARET_GRAPHEME, -1, 0, 6, 6}, /* ... or to its start */
        {MC_CARET_GRAPHEME, 0, 0, 6, 6},
        {MC_CARET_GRAPHEME, INT64_MAX, 0, 12, 12},
        {MC_CARET_GRAPHEME, INT64_MIN, 0, 0, 0},
        {MC_CARET_GRAPHEME, INT64_MAX, MC_FLAG_EXTEND, 0, 12},
    };
    run_moves(__FILE__, __LINE__, d, moves, ARRAY_LEN(moves));
    CHECK_TEXT(d, "a" S_FAMILY S_FLAG_FR S_E_ACUTE "\nb"); /* moving never edits */
    CHECK_UNDO_STATE(d, 1, 0);
    mc_draft_free(d);
}

static void move_steps_over_mentions_whole(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("hi @Bob@Bob x", MENTION(3, 7, "u1", "Bob") "," MENTION(7, 11, "u1", "Bob")));
    CHECK_OK(mc_draft_set_selection(d, 2, 2));
    static const move_case moves[] = {
        {MC_CARET_GRAPHEME, 1, 0, 3, 3},
        {MC_CARET_GRAPHEME, 1, 0, 7, 7},
        {MC_CARET_GRAPHEME, 1, 0, 11, 11},
        {MC_CARET_GRAPHEME, -1, MC_FLAG_EXTEND, 11, 7},
        {MC_CARET_GRAPHEME, -1, MC_FLAG_EXTEND, 11, 3},
        {MC_CARET_GRAPHEME, -1, 0, 3, 3},
        {MC_CARET_WORD, 1, 0, 7, 7}, /* "Bob" is a word, and the focus may not stop inside the mention */
        {MC_CARET_WORD, -1, 0, 3, 3},
    };
    run_moves(__FILE__, __LINE__, d, moves, ARRAY_LEN(moves));
    mc_draft_free(d);
}

static void move_by_word_line_and_document(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    /* Hello(0..5) ,(5) world(7..12) !(12) foo_bar(14..21) 42(22..24) \n(24) second(25..31) line(32..36) here(37..41) */
    CHECK_OK(mc_draft_insert(d, "Hello, world! foo_bar 42\nsecond line here"));
    static const move_case moves[] = {
        {MC_CARET_WORD, -1, 0, 37, 37},
        {MC_CARET_WORD, -1, 0, 32, 32},
        {MC_CARET_WORD, -1, 0, 25, 25},
        {MC_CARET_WORD, -2, 0, 14, 14}, /* past "42", to the start of "foo_bar" (connector punctuation) */
        {MC_CARET_WORD, 1, 0, 21, 21},
        {MC_CARET_WORD, 3, 0, 36, 36},
        {MC_CARET_WORD, 9, 0, 41, 41},
        {MC_CARET_LINE, -1, 0, 25, 25},
        {MC_CARET_LINE, -1, 0, 25, 25}, /* already at the line start */
        {MC_CARET_LINE, 1, 0, 41, 41},
        {MC_CARET_DOCUMENT, -1, 0, 0, 0},
        {MC_CARET_LINE, 1, MC_FLAG_EXTEND, 0, 24},
        {MC_CARET_WORD, -1, MC_FLAG_EXTEND, 0, 22},
        {MC_CARET_DOCUMENT, 1, MC_FLAG_EXTEND, 0, 41},
        {MC_CARET_WORD, -1, 0, 37, 37}, /* a word move from a selection starts at its focus */
        {MC_CARET_DOCUMENT, -1, MC_FLAG_EXTEND, 37, 0},
        {MC_CARET_LINE, 1, 0, 24, 24},
        {MC_CARET_DOCUMENT, INT64_MAX, 0, 41, 41},
        {MC_CARET_WORD, INT64_MIN, 0, 0, 0},
    };
    run_moves(__FILE__, __LINE__, d, moves, ARRAY_LEN(moves));
    mc_draft_free(d);
}

static void move_by_word_never_lands_inside_a_cluster(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    /* a(0) space(1) family(2..7) space(7) b(8) end 9 */
    CHECK_OK(mc_draft_insert(d, "a " S_FAMILY " b"));
    static const move_case moves[] = {
        {MC_CARET_WORD, -1, 0, 8, 8},
        {MC_CARET_WORD, -1, 0, 0, 0},
        {MC_CARET_WORD, 1, 0, 1, 1},
        {MC_CARET_WORD, 1, 0, 9, 9},
    };
    run_moves(__FILE__, __LINE__, d, moves, ARRAY_LEN(moves));
    /* n(0) e+acute(1..3) e(3) space(4) x(5): the accent belongs to its word */
    REQUIRE_LOAD(d, DOC("n" S_E_ACUTE "e x", ""));
    static const move_case accent_moves[] = {
        {MC_CARET_WORD, -1, 0, 5, 5},
        {MC_CARET_WORD, -1, 0, 0, 0},
        {MC_CARET_WORD, 1, 0, 4, 4},
    };
    run_moves(__FILE__, __LINE__, d, accent_moves, ARRAY_LEN(accent_moves));
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

static void select_all_selects_the_whole_text(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_select_all(d));
    CHECK_SELECTION(d, 0, 0);
    REQUIRE_LOAD(d, DOC("@Bob " S_FAMILY "\\nx", MENTION(0, 4, "u1", "Bob") "," SPAN(11, 12, "quote")));
    CHECK_OK(mc_draft_set_selection(d, 2, 2));
    CHECK_SELECTION(d, 0, 0);
    CHECK_OK(mc_draft_select_all(d));
    CHECK_SELECTION(d, 0, 12);
    CHECK_ACTIVE(d, "{\"formats\":[],\"link\":null,\"color\":null}");
    CHECK_OK(mc_draft_insert(d, "new"));
    CHECK_DOC(d, DOC("new", ""));
    CHECK_BAD_HANDLES("mc_draft_select_all", mc_draft_select_all(bad_handle_));
    mc_draft_free(d);
}

static const harness_test TESTS[] = {
    HARNESS_TEST(insert_types_at_the_selection),
    HARNESS_TEST(insert_takes_the_typing_attributes),
    HARNESS_TEST(insert_at_links_and_mentions),
    HARNESS_TEST(insert_with_line_breaks_acts_as_enter),
    HARNESS_TEST(insert_n_takes_exactly_length_bytes),
    HARNESS_TEST(insert_refuses_bad_input),
    HARNESS_TEST(line_start_shortcuts_convert_the_line),
    HARNESS_TEST(shortcuts_work_on_any_line_start),
    HARNESS_TEST(shortcuts_are_off_without_rich_text),
    HARNESS_TEST(shortcut_conversion_is_undoable),
    HARNESS_TEST(delete_backward_removes_one_grapheme_cluster),
    HARNESS_TEST(delete_forward_removes_one_grapheme_cluster),
    HARNESS_TEST(deleting_takes_whole_mentions),
    HARNESS_TEST(delete_with_a_selection_deletes_it),
    HARNESS_TEST(delete_at_line_and_text_edges),
    HARNESS_TEST(delete_refuses_bad_handles),
    HARNESS_TEST(enter_continues_and_ends_lists),
    HARNESS_TEST(enter_in_quotes_code_blocks_and_paragraphs),
    HARNESS_TEST(enter_carries_inline_formats),
    HARNESS_TEST(enter_refuses_bad_handles),
    HARNESS_TEST(move_by_grapheme),
    HARNESS_TEST(move_steps_over_mentions_whole),
    HARNESS_TEST(move_by_word_line_and_document),
    HARNESS_TEST(move_by_word_never_lands_inside_a_cluster),
    HARNESS_TEST(move_caret_refuses_unknown_units_and_flags),
    HARNESS_TEST(select_all_selects_the_whole_text),
};

void register_editing_tests(void) { HARNESS_REGISTER("editing", TESTS); }
