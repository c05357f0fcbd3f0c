/*
 * test_formats.c: mc_draft_apply_format / _remove_format / _toggle_format for every MC_FORMAT_*
 * (MC_FLAG_PROTECT on and off; inline code excluding other styles; code blocks holding no inline
 * formats), caret toggles (typing attributes, observed by typing afterwards), mc_draft_active_formats,
 * links (mc_draft_set_link / _remove_link / _insert_link) and mentions (mc_draft_insert_mention,
 * mc_draft_mentions), with every refused input leaving the draft unchanged.
 */
#include <stdio.h>
#include <string.h>

#include "samples.h"
#include "support.h"

#define NO_FORMATS "{\"formats\":[],\"link\":null,\"color\":null}"
#define P MC_FLAG_PROTECT

/* ---- every format over a range ---- */

typedef struct {
    const char *what;
    mc_format format;
    const char *value;
    const char *expected; /* after applying the format over [0, 3) of "abc def\nline2" */
} format_case;

static void apply_and_remove_every_format(void) {
    static const format_case cases[] = {
        {"bold", MC_FORMAT_BOLD, NULL, DOC("abc def\\nline2", SPAN(0, 3, "bold"))},
        {"italic", MC_FORMAT_ITALIC, NULL, DOC("abc def\\nline2", SPAN(0, 3, "italic"))},
        {"underline", MC_FORMAT_UNDERLINE, NULL, DOC("abc def\\nline2", SPAN(0, 3, "underline"))},
        {"strike", MC_FORMAT_STRIKE, NULL, DOC("abc def\\nline2", SPAN(0, 3, "strike"))},
        {"code", MC_FORMAT_CODE, NULL, DOC("abc def\\nline2", SPAN(0, 3, "code"))},
        {"link", MC_FORMAT_LINK, "https://example.com/a?b=c#d",
         DOC("abc def\\nline2", LINK(0, 3, "https://example.com/a?b=c#d"))},
        {"link, bare host", MC_FORMAT_LINK, "example.com/docs", DOC("abc def\\nline2", LINK(0, 3, "https://example.com/docs"))},
        {"link, bare host with port", MC_FORMAT_LINK, "example.com:8080",
         DOC("abc def\\nline2", LINK(0, 3, "https://example.com:8080"))},
        {"link, mailto", MC_FORMAT_LINK, "mailto:bob@example.com", DOC("abc def\\nline2", LINK(0, 3, "mailto:bob@example.com"))},
        {"link, scheme case", MC_FORMAT_LINK, "HTTP://Example.com", DOC("abc def\\nline2", LINK(0, 3, "http://Example.com"))},
        {"colour #rgb", MC_FORMAT_COLOR, "#F0a", DOC("abc def\\nline2", COLOR(0, 3, "#ff00aa"))},
        {"colour #rrggbb", MC_FORMAT_COLOR, "#12AB9f", DOC("abc def\\nline2", COLOR(0, 3, "#12ab9f"))},
        {"code block", MC_FORMAT_CODE_BLOCK, NULL, DOC("abc def\\nline2", SPAN(0, 7, "code_block"))},
        {"quote", MC_FORMAT_QUOTE, NULL, DOC("abc def\\nline2", SPAN(0, 7, "quote"))},
        {"bullet list", MC_FORMAT_BULLET_LIST, NULL, DOC("abc def\\nline2", SPAN(0, 7, "bullet_list"))},
        {"ordered list", MC_FORMAT_ORDERED_LIST, NULL, DOC("abc def\\nline2", SPAN(0, 7, "ordered_list"))},
    };
    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        const format_case *c = &cases[i];
        REQUIRE_NEW_DRAFT(d, NULL);
        REQUIRE_LOAD(d, DOC("abc def\\nline2", ""));
        CHECK_OK(mc_draft_set_selection(d, 2, 5));
        CHECK_OK(mc_draft_apply_format(d, 0, 3, c->format, c->value, P));
        CHECK_DOC(d, c->expected);
        CHECK_SELECTION(d, 2, 5); /* formatting never moves the selection */
        CHECK_OK(mc_draft_apply_format(d, 0, 3, c->format, c->value, P)); /* again: no change */
        CHECK_DOC(d, c->expected);
        CHECK_OK(mc_draft_remove_format(d, 0, 13, c->format, P));
        CHECK_DOC(d, DOC("abc def\\nline2", ""));
        CHECK_OK(mc_draft_toggle_format(d, 0, 3, c->format, c->value, 0));
        CHECK_DOC(d, c->expected);
        CHECK_OK(mc_draft_toggle_format(d, 0, 3, c->format, c->value, 0));
        CHECK_DOC(d, DOC("abc def\\nline2", ""));
        mc_draft_free(d);
        if (harness_test_failed()) {
            printf("    (format case: %s)\n", c->what);
            break;
        }
    }
}

static void toggle_applies_unless_every_character_has_it(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("aabbcc", SPAN(2, 4, "bold")));
    CHECK_OK(mc_draft_toggle_format(d, 0, 4, MC_FORMAT_BOLD, NULL, P)); /* partly bold: applies */
    CHECK_DOC(d, DOC("aabbcc", SPAN(0, 4, "bold")));
    CHECK_OK(mc_draft_toggle_format(d, 1, 3, MC_FORMAT_BOLD, NULL, P)); /* all bold: removes, splitting */
    CHECK_DOC(d, DOC("aabbcc", SPAN(0, 1, "bold") "," SPAN(3, 4, "bold")));
    /* A link or colour toggles off only with the same value; another value replaces it. */
    REQUIRE_LOAD(d, DOC("abc", LINK(0, 3, "https://a.io") "," COLOR(0, 3, "#000")));
    CHECK_OK(mc_draft_toggle_format(d, 0, 3, MC_FORMAT_LINK, "https://b.io", P)); /* a link op reaches links */
    CHECK_OK(mc_draft_toggle_format(d, 0, 3, MC_FORMAT_COLOR, "#fff", P)); /* a colour op does not, protected */
    CHECK_DOC(d, DOC("abc", COLOR(0, 3, "#000000") "," LINK(0, 3, "https://b.io")));
    CHECK_OK(mc_draft_toggle_format(d, 0, 3, MC_FORMAT_COLOR, "#fff", 0));
    CHECK_DOC(d, DOC("abc", COLOR(0, 3, "#ffffff") "," LINK(0, 3, "https://b.io")));
    CHECK_OK(mc_draft_toggle_format(d, 0, 3, MC_FORMAT_COLOR, "#FFFFFF", 0));
    CHECK_DOC(d, DOC("abc", LINK(0, 3, "https://b.io")));
    CHECK_OK(mc_draft_toggle_format(d, 0, 3, MC_FORMAT_LINK, NULL, P)); /* no value: any link, removed */
    CHECK_DOC(d, DOC("abc", ""));
    /* remove_format takes any value. */
    REQUIRE_LOAD(d, DOC("abcd", COLOR(0, 2, "#111") "," COLOR(2, 4, "#222") "," LINK(1, 3, "https://a.io")));
    CHECK_OK(mc_draft_remove_format(d, 1, 3, MC_FORMAT_COLOR, P)); /* the link is protected from colour ops */
    CHECK_DOC(d, DOC("abcd", COLOR(0, 2, "#111111") "," LINK(1, 3, "https://a.io") "," COLOR(2, 4, "#222222")));
    CHECK_OK(mc_draft_remove_format(d, 0, 4, MC_FORMAT_COLOR, 0));
    CHECK_DOC(d, DOC("abcd", LINK(1, 3, "https://a.io")));
    mc_draft_free(d);
}

static void block_formats_cover_the_touched_lines(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("one\\ntwo\\nthree\\nfour", ""));
    CHECK_OK(mc_draft_apply_format(d, 5, 9, MC_FORMAT_QUOTE, NULL, 0)); /* touches lines 1 and 2 */
    CHECK_DOC(d, DOC("one\\ntwo\\nthree\\nfour", SPAN(4, 13, "quote")));
    CHECK_OK(mc_draft_apply_format(d, 0, 0, MC_FORMAT_BULLET_LIST, NULL, 0)); /* an empty range: its line */
    CHECK_DOC(d, DOC("one\\ntwo\\nthree\\nfour", SPAN(0, 3, "bullet_list") "," SPAN(4, 13, "quote")));
    CHECK_OK(mc_draft_apply_format(d, 3, 4, MC_FORMAT_ORDERED_LIST, NULL, 0)); /* a line has one block */
    CHECK_DOC(d, DOC("one\\ntwo\\nthree\\nfour", SPAN(0, 7, "ordered_list") "," SPAN(8, 13, "quote")));
    CHECK_OK(mc_draft_toggle_format(d, 0, 13, MC_FORMAT_QUOTE, NULL, 0)); /* not every line: applies */
    CHECK_DOC(d, DOC("one\\ntwo\\nthree\\nfour", SPAN(0, 13, "quote")));
    CHECK_OK(mc_draft_toggle_format(d, 4, 8, MC_FORMAT_QUOTE, NULL, 0)); /* every line: removes from those */
    CHECK_DOC(d, DOC("one\\ntwo\\nthree\\nfour", SPAN(0, 3, "quote")));
    CHECK_OK(mc_draft_remove_format(d, 0, 18, MC_FORMAT_BULLET_LIST, 0)); /* none has it: nothing */
    CHECK_DOC(d, DOC("one\\ntwo\\nthree\\nfour", SPAN(0, 3, "quote")));
    CHECK_OK(mc_draft_remove_format(d, 0, 18, MC_FORMAT_QUOTE, 0));
    CHECK_DOC(d, DOC("one\\ntwo\\nthree\\nfour", ""));
    /* On an empty draft, a block on the one empty line. */
    REQUIRE_LOAD(d, DOC("", ""));
    CHECK_OK(mc_draft_toggle_format(d, 0, 0, MC_FORMAT_QUOTE, NULL, 0));
    CHECK_DOC(d, DOC("", SPAN(0, 0, "quote")));
    mc_draft_free(d);
}

/* With a caret, toggling a code block or quote off removes the whole block; switching list type
   converts the whole list. */
static void caret_block_toggles_act_on_the_whole_block(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("a\\nb\\nc\\nd", SPAN(0, 5, "code_block") "," SPAN(6, 7, "quote")));
    CHECK_OK(mc_draft_set_selection(d, 2, 2));
    CHECK_OK(mc_draft_toggle_format(d, 2, 2, MC_FORMAT_CODE_BLOCK, NULL, 0));
    CHECK_DOC(d, DOC("a\\nb\\nc\\nd", SPAN(6, 7, "quote")));
    REQUIRE_LOAD(d, DOC("a\\nb\\nc", SPAN(0, 5, "quote")));
    CHECK_OK(mc_draft_set_selection(d, 3, 3));
    CHECK_OK(mc_draft_toggle_format(d, 3, 3, MC_FORMAT_QUOTE, NULL, 0));
    CHECK_DOC(d, DOC("a\\nb\\nc", ""));
    REQUIRE_LOAD(d, DOC("a\\nb\\nc\\nd", SPAN(0, 5, "bullet_list")));
    CHECK_OK(mc_draft_set_selection(d, 2, 2));
    CHECK_OK(mc_draft_toggle_format(d, 2, 2, MC_FORMAT_ORDERED_LIST, NULL, 0));
    CHECK_DOC(d, DOC("a\\nb\\nc\\nd", SPAN(0, 5, "ordered_list")));
    CHECK_OK(mc_draft_toggle_format(d, 2, 2, MC_FORMAT_ORDERED_LIST, NULL, 0)); /* same type: the caret line */
    CHECK_DOC(d, DOC("a\\nb\\nc\\nd", SPAN(0, 1, "ordered_list") "," SPAN(4, 5, "ordered_list")));
    mc_draft_free(d);
}

/* ---- protected runs ---- */

/* "a @Bob link code end": mention [2,6), link [7,11), code [12,16). */
#define PROTECTED_DOC \
    DOC("a @Bob link code end", MENTION(2, 6, "u1", "Bob") "," LINK(7, 11, "https://x.io") "," SPAN(12, 16, "code"))

static void protect_carves_out_mentions_links_and_code(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, PROTECTED_DOC);
    CHECK_OK(mc_draft_apply_format(d, 0, 20, MC_FORMAT_BOLD, NULL, P));
    CHECK_DOC(d, DOC("a @Bob link code end", SPAN(0, 2, "bold") "," MENTION(2, 6, "u1", "Bob") "," SPAN(6, 7, "bold") ","
                     LINK(7, 11, "https://x.io") "," SPAN(11, 12, "bold") "," SPAN(12, 16, "code") ","
                     SPAN(16, 20, "bold")));
    CHECK_OK(mc_draft_remove_format(d, 0, 20, MC_FORMAT_BOLD, P));
    CHECK_DOC(d, PROTECTED_DOC);

    /* Without the flag the whole range is covered, mentions whole; inline code still holds no bold. */
    CHECK_OK(mc_draft_apply_format(d, 0, 20, MC_FORMAT_ITALIC, NULL, 0));
    CHECK_DOC(d, DOC("a @Bob link code end", SPAN(0, 12, "italic") "," MENTION(2, 6, "u1", "Bob") ","
                     LINK(7, 11, "https://x.io") "," SPAN(12, 16, "code") "," SPAN(16, 20, "italic")));
    CHECK_OK(mc_draft_remove_format(d, 0, 20, MC_FORMAT_ITALIC, 0));
    CHECK_DOC(d, PROTECTED_DOC);

    /* A range that cuts into a mention: with the flag the mention is skipped, without it it is taken whole. */
    CHECK_OK(mc_draft_apply_format(d, 4, 9, MC_FORMAT_STRIKE, NULL, P));
    CHECK_DOC(d, DOC("a @Bob link code end", MENTION(2, 6, "u1", "Bob") "," SPAN(6, 7, "strike") ","
                     LINK(7, 11, "https://x.io") "," SPAN(12, 16, "code")));
    CHECK_OK(mc_draft_apply_format(d, 4, 9, MC_FORMAT_UNDERLINE, NULL, 0));
    CHECK_DOC(d, DOC("a @Bob link code end", MENTION(2, 6, "u1", "Bob") "," SPAN(2, 9, "underline") ","
                     SPAN(6, 7, "strike") "," LINK(7, 11, "https://x.io") "," SPAN(12, 16, "code")));

    /* A colour operation with the flag skips the protected runs too. */
    REQUIRE_LOAD(d, PROTECTED_DOC);
    CHECK_OK(mc_draft_apply_format(d, 0, 20, MC_FORMAT_COLOR, "#abc", P));
    CHECK_DOC(d, DOC("a @Bob link code end", COLOR(0, 2, "#aabbcc") "," MENTION(2, 6, "u1", "Bob") ","
                     COLOR(6, 7, "#aabbcc") "," LINK(7, 11, "https://x.io") "," COLOR(11, 12, "#aabbcc") ","
                     SPAN(12, 16, "code") "," COLOR(16, 20, "#aabbcc")));
    mc_draft_free(d);
}

static void a_format_reaches_its_own_kind(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    /* A link operation reaches links (never mentions), even with the flag. */
    REQUIRE_LOAD(d, PROTECTED_DOC);
    CHECK_OK(mc_draft_apply_format(d, 0, 12, MC_FORMAT_LINK, "https://y.io", P));
    CHECK_DOC(d, DOC("a @Bob link code end", LINK(0, 2, "https://y.io") "," MENTION(2, 6, "u1", "Bob") ","
                     LINK(6, 12, "https://y.io") "," SPAN(12, 16, "code")));
    CHECK_OK(mc_draft_remove_format(d, 0, 20, MC_FORMAT_LINK, P));
    CHECK_DOC(d, DOC("a @Bob link code end", MENTION(2, 6, "u1", "Bob") "," SPAN(12, 16, "code")));
    /* A code operation reaches code; applying code strips the other styles; a mention is never code. */
    REQUIRE_LOAD(d, DOC("bold @Al x", SPAN(0, 4, "bold") "," SPAN(0, 4, "italic") "," COLOR(0, 4, "#f00") ","
                        MENTION(5, 8, "u1", "Al")));
    CHECK_OK(mc_draft_apply_format(d, 0, 10, MC_FORMAT_CODE, NULL, 0));
    CHECK_DOC(d, DOC("bold @Al x", SPAN(0, 5, "code") "," MENTION(5, 8, "u1", "Al") "," SPAN(8, 10, "code")));
    CHECK_OK(mc_draft_apply_format(d, 0, 10, MC_FORMAT_BOLD, NULL, P)); /* bold over code skips the code */
    CHECK_DOC(d, DOC("bold @Al x", SPAN(0, 5, "code") "," MENTION(5, 8, "u1", "Al") "," SPAN(8, 10, "code")));
    CHECK_OK(mc_draft_apply_format(d, 0, 10, MC_FORMAT_BOLD, NULL, 0)); /* ... with or without the flag */
    CHECK_DOC(d, DOC("bold @Al x", SPAN(0, 5, "code") "," SPAN(5, 8, "bold") "," MENTION(5, 8, "u1", "Al") ","
                     SPAN(8, 10, "code")));
    CHECK_OK(mc_draft_toggle_format(d, 0, 10, MC_FORMAT_CODE, NULL, P));
    CHECK_DOC(d, DOC("bold @Al x", SPAN(5, 8, "bold") "," MENTION(5, 8, "u1", "Al")));
    /* A link may contain code. */
    REQUIRE_LOAD(d, DOC("a `b` c", ""));
    CHECK_OK(mc_draft_apply_format(d, 2, 5, MC_FORMAT_CODE, NULL, P));
    CHECK_OK(mc_draft_apply_format(d, 0, 7, MC_FORMAT_LINK, "https://z.io", 0));
    CHECK_DOC(d, DOC("a `b` c", LINK(0, 7, "https://z.io") "," SPAN(2, 5, "code")));
    mc_draft_free(d);
}

static void code_blocks_hold_no_inline_formats(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("x = 1\\ntext", SPAN(0, 5, "code_block")));
    CHECK_OK(mc_draft_apply_format(d, 0, 10, MC_FORMAT_BOLD, NULL, 0)); /* only the plain line */
    CHECK_DOC(d, DOC("x = 1\\ntext", SPAN(0, 5, "code_block") "," SPAN(6, 10, "bold")));
    CHECK_OK(mc_draft_apply_format(d, 0, 5, MC_FORMAT_LINK, "https://a.io", 0)); /* nothing to link */
    CHECK_DOC(d, DOC("x = 1\\ntext", SPAN(0, 5, "code_block") "," SPAN(6, 10, "bold")));
    /* Making lines a code block strips their inline formats and mentions. */
    REQUIRE_LOAD(d, DOC("@Al b", MENTION(0, 3, "u1", "Al") "," SPAN(4, 5, "bold") "," LINK(4, 5, "https://a.io")));
    CHECK_OK(mc_draft_apply_format(d, 0, 0, MC_FORMAT_CODE_BLOCK, NULL, P));
    CHECK_DOC(d, DOC("@Al b", SPAN(0, 5, "code_block")));
    CHECK_MENTIONS(d, "[]");
    mc_draft_free(d);
}

/* ---- caret toggles (typing attributes) ---- */

static void caret_toggles_set_the_typing_attributes(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    TYPE(d, "ab");
    CHECK_OK(mc_draft_toggle_format(d, 2, 2, MC_FORMAT_BOLD, NULL, P));
    CHECK_DOC(d, DOC("ab", "")); /* the text is not touched */
    CHECK_ACTIVE(d, "{\"formats\":[\"bold\"],\"link\":null,\"color\":null}");
    TYPE(d, "cd");
    CHECK_DOC(d, DOC("abcd", SPAN(2, 4, "bold")));
    CHECK_OK(mc_draft_toggle_format(d, 4, 4, MC_FORMAT_BOLD, NULL, P)); /* off again for what comes next */
    CHECK_ACTIVE(d, NO_FORMATS);
    TYPE(d, "e");
    CHECK_OK(mc_draft_toggle_format(d, 5, 5, MC_FORMAT_COLOR, "#abc", P));
    CHECK_OK(mc_draft_toggle_format(d, 5, 5, MC_FORMAT_LINK, "a.io", P));
    CHECK_OK(mc_draft_apply_format(d, 5, 5, MC_FORMAT_UNDERLINE, NULL, P));
    CHECK_ACTIVE(d, "{\"formats\":[\"underline\",\"link\",\"color\"],\"link\":\"https://a.io\",\"color\":\"#aabbcc\"}");
    TYPE(d, "f");
    CHECK_DOC(d, DOC("abcdef", SPAN(2, 4, "bold") "," COLOR(5, 6, "#aabbcc") "," LINK(5, 6, "https://a.io") ","
                     SPAN(5, 6, "underline")));
    /* The link does not extend past what was typed; the other formats do. */
    CHECK_ACTIVE(d, "{\"formats\":[\"underline\",\"color\"],\"link\":null,\"color\":\"#aabbcc\"}");
    CHECK_OK(mc_draft_remove_format(d, 6, 6, MC_FORMAT_UNDERLINE, P));
    CHECK_OK(mc_draft_remove_format(d, 6, 6, MC_FORMAT_COLOR, P));
    CHECK_ACTIVE(d, NO_FORMATS);
    TYPE(d, "g");
    CHECK_DOC(d, DOC("abcdefg", SPAN(2, 4, "bold") "," COLOR(5, 6, "#aabbcc") "," LINK(5, 6, "https://a.io") ","
                     SPAN(5, 6, "underline")));
    mc_draft_free(d);
}

static void caret_toggles_last_while_the_caret_stays(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    TYPE(d, "abc");
    CHECK_OK(mc_draft_toggle_format(d, 3, 3, MC_FORMAT_ITALIC, NULL, P));
    CHECK_OK(mc_draft_set_selection(d, 3, 3)); /* the same caret keeps them */
    CHECK_ACTIVE(d, "{\"formats\":[\"italic\"],\"link\":null,\"color\":null}");
    CHECK_OK(mc_draft_set_selection(d, 1, 1)); /* moving the caret drops them */
    CHECK_OK(mc_draft_set_selection(d, 3, 3));
    CHECK_ACTIVE(d, NO_FORMATS);
    /* An empty range away from the caret changes nothing. */
    CHECK_OK(mc_draft_toggle_format(d, 1, 1, MC_FORMAT_BOLD, NULL, P));
    CHECK_ACTIVE(d, NO_FORMATS);
    TYPE(d, "d");
    CHECK_DOC(d, DOC("abcd", ""));
    /* Toggling code at a caret inside bold text: code replaces the excluded styles. */
    REQUIRE_LOAD(d, DOC("bold", SPAN(0, 4, "bold")));
    CHECK_OK(mc_draft_set_selection(d, 2, 2));
    CHECK_ACTIVE(d, "{\"formats\":[\"bold\"],\"link\":null,\"color\":null}");
    CHECK_OK(mc_draft_toggle_format(d, 2, 2, MC_FORMAT_CODE, NULL, P));
    CHECK_ACTIVE(d, "{\"formats\":[\"code\"],\"link\":null,\"color\":null}");
    TYPE(d, "Z");
    CHECK_DOC(d, DOC("boZld", SPAN(0, 2, "bold") "," SPAN(2, 3, "code") "," SPAN(3, 5, "bold")));
    mc_draft_free(d);
}

/* ---- active formats ---- */

static void active_formats_describe_the_selection(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_ACTIVE(d, NO_FORMATS);
    REQUIRE_LOAD(d, DOC("abc @Bob x\\nquoted", LINK(0, 3, "https://a.io") "," SPAN(0, 3, "bold") ","
                        MENTION(4, 8, "u1", "Bob") "," SPAN(11, 17, "quote") "," COLOR(12, 14, "#00ff00")));
    static const struct {
        int64_t anchor, focus;
        const char *expected;
    } cases[] = {
        {1, 1, "{\"formats\":[\"bold\",\"link\"],\"link\":\"https://a.io\",\"color\":null}"},
        {3, 3, NO_FORMATS}, /* at the end of a link: it does not extend (and typing joins the plain run after it) */
        {0, 3, "{\"formats\":[\"bold\",\"link\"],\"link\":\"https://a.io\",\"color\":null}"},
        {3, 0, "{\"formats\":[\"bold\",\"link\"],\"link\":\"https://a.io\",\"color\":null}"},
        {0, 4, NO_FORMATS},
        {4, 8, "{\"formats\":[\"mention\"],\"link\":null,\"color\":null}"},
        {11, 11, "{\"formats\":[\"quote\"],\"link\":null,\"color\":null}"},
        {13, 13, "{\"formats\":[\"color\",\"quote\"],\"link\":null,\"color\":\"#00ff00\"}"},
        {12, 14, "{\"formats\":[\"color\",\"quote\"],\"link\":null,\"color\":\"#00ff00\"}"},
        {9, 12, NO_FORMATS}, /* not every touched line is quoted */
        {0, 17, NO_FORMATS},
    };
    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        CHECK_OK(mc_draft_set_selection(d, cases[i].anchor, cases[i].focus));
        CHECK_ACTIVE(d, cases[i].expected);
        if (harness_test_failed()) {
            printf("    (selection case %zu)\n", i);
            break;
        }
    }
    /* Every inline format at once, in a fixed order. */
    REQUIRE_LOAD(d, DOC("x", SPAN(0, 1, "strike") "," SPAN(0, 1, "underline") "," SPAN(0, 1, "italic") ","
                        SPAN(0, 1, "bold") "," COLOR(0, 1, "#123") "," LINK(0, 1, "https://a.io") ","
                        SPAN(0, 1, "ordered_list")));
    CHECK_OK(mc_draft_select_all(d));
    CHECK_ACTIVE(d, "{\"formats\":[\"bold\",\"italic\",\"underline\",\"strike\",\"link\",\"color\",\"ordered_list\"],"
                    "\"link\":\"https://a.io\",\"color\":\"#112233\"}");
    REQUIRE_LOAD(d, DOC("", SPAN(0, 0, "code_block")));
    CHECK_ACTIVE(d, "{\"formats\":[\"code_block\"],\"link\":null,\"color\":null}");
    CHECK_BAD_HANDLES("mc_draft_active_formats", mc_draft_active_formats(bad_handle_, &(char *){NULL}));
    CHECK_REFUSED_MESSAGE(d, mc_draft_active_formats(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_active_formats",
                          "mc_draft_active_formats: out_json is NULL");
    mc_draft_free(d);
}

/* ---- refused format calls ---- */

typedef struct {
    int64_t start, end;
    mc_format format;
    const char *value;
    uint32_t flags;
    mc_status status;
    const char *message; /* after "<function>: " */
} bad_format_case;

static void format_calls_refuse_bad_input(void) {
    static const bad_format_case cases[] = {
        {0, 3, 11, NULL, P, MC_ERR_INVALID_ARGUMENT, "unknown format 11"},
        {0, 3, -1, NULL, P, MC_ERR_INVALID_ARGUMENT, "unknown format -1"},
        {0, 3, INT32_MAX, NULL, P, MC_ERR_INVALID_ARGUMENT, "unknown format 2147483647"},
        {0, 3, MC_FORMAT_BOLD, NULL, MC_FLAG_EXTEND, MC_ERR_INVALID_ARGUMENT, "unknown flag bits 0x2"},
        {0, 3, MC_FORMAT_BOLD, NULL, 0xFFFFFFFFu, MC_ERR_INVALID_ARGUMENT, "unknown flag bits 0xfffffffe"},
        {0, 3, MC_FORMAT_QUOTE, NULL, 0x100u, MC_ERR_INVALID_ARGUMENT, "unknown flag bits 0x100"},
        {0, 10, MC_FORMAT_BOLD, NULL, P, MC_ERR_OUT_OF_RANGE, "range [0, 10) is outside the text (length 9)"},
        {-1, 2, MC_FORMAT_BOLD, NULL, P, MC_ERR_OUT_OF_RANGE, "range [-1, 2) is outside the text (length 9)"},
        {3, 2, MC_FORMAT_ITALIC, NULL, P, MC_ERR_OUT_OF_RANGE, "range [3, 2) is outside the text (length 9)"},
        {10, 10, MC_FORMAT_QUOTE, NULL, 0, MC_ERR_OUT_OF_RANGE, "range [10, 10) is outside the text (length 9)"},
        {INT64_MIN, INT64_MAX, MC_FORMAT_BOLD, NULL, P, MC_ERR_OUT_OF_RANGE,
         "range [-9223372036854775808, 9223372036854775807) is outside the text (length 9)"},
        {0, 3, MC_FORMAT_BOLD, "x", P, MC_ERR_INVALID_ARGUMENT, "bold takes no value"},
        {0, 3, MC_FORMAT_CODE, "", P, MC_ERR_INVALID_ARGUMENT, "code takes no value"},
        {0, 3, MC_FORMAT_QUOTE, "x", P, MC_ERR_INVALID_ARGUMENT, "quote takes no value"},
        {0, 3, MC_FORMAT_LINK, NULL, P, MC_ERR_INVALID_ARGUMENT, "link needs a value to apply"},
        {0, 3, MC_FORMAT_COLOR, NULL, P, MC_ERR_INVALID_ARGUMENT, "color needs a value to apply"},
        {8, 8, MC_FORMAT_LINK, NULL, P, MC_ERR_INVALID_ARGUMENT, "link needs a value to apply"}, /* at the caret */
        {0, 3, MC_FORMAT_LINK, "javascript:alert(1)", P, MC_ERR_UNSAFE_LINK,
         "link scheme \"javascript:\" is not allowed (allowed: http, https, mailto)"},
        {0, 3, MC_FORMAT_LINK, "data:text/html;base64,PGI+", P, MC_ERR_UNSAFE_LINK, "link scheme \"data:\" is not allowed (allowed: http, https, mailto)"},
        {0, 3, MC_FORMAT_LINK, "", P, MC_ERR_UNSAFE_LINK, "link URL is empty"},
        {0, 3, MC_FORMAT_LINK, "java\tscript:x", P, MC_ERR_UNSAFE_LINK, "link URL contains a forbidden character (U+9)"},
        {0, 3, MC_FORMAT_LINK, "localhost", P, MC_ERR_UNSAFE_LINK,
         "link \"localhost\" has no scheme and does not start with a host name"},
        {8, 8, MC_FORMAT_LINK, "file:///etc/passwd", P, MC_ERR_UNSAFE_LINK, "link scheme \"file:\" is not allowed (allowed: http, https, mailto)"},
        {0, 3, MC_FORMAT_COLOR, "red", P, MC_ERR_INVALID_COLOR, "colour \"red\" must be #rgb or #rrggbb"},
        {0, 3, MC_FORMAT_COLOR, "#aabbccdd", P, MC_ERR_INVALID_COLOR, "colour \"#aabbccdd\" must be #rgb or #rrggbb"},
        {8, 8, MC_FORMAT_COLOR, "#12", P, MC_ERR_INVALID_COLOR, "colour \"#12\" must be #rgb or #rrggbb"},
        {0, 3, MC_FORMAT_LINK, "https://a.io/\xFF", P, MC_ERR_INVALID_UTF8, "invalid UTF-8 in string argument"},
        {0, 3, MC_FORMAT_COLOR, "#\xC0\xAF", P, MC_ERR_INVALID_UTF8, "invalid UTF-8 in string argument"},
    };
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("abc def\\nx", SPAN(0, 3, "bold") "," LINK(4, 7, "https://x.io") "," SPAN(8, 9, "quote")));
    CHECK_OK(mc_draft_toggle_format(d, 9, 9, MC_FORMAT_ITALIC, NULL, P)); /* typing attributes at stake too */
    CHECK_OK(mc_draft_set_selection(d, 8, 8));
    CHECK_OK(mc_draft_toggle_format(d, 8, 8, MC_FORMAT_STRIKE, NULL, P));
    static const char *const functions[] = {"mc_draft_apply_format", "mc_draft_remove_format", "mc_draft_toggle_format"};
    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        const bad_format_case *c = &cases[i];
        for (int f = 0; f < 3; f++) {
            /* remove_format takes no value: only its format, flag and range refusals apply. */
            if (f == 1 && (c->value || c->status == MC_ERR_UNSAFE_LINK || c->status == MC_ERR_INVALID_COLOR
                           || strstr(c->message, "needs a value")))
                continue;
            draft_state before;
            if (!support_snapshot(__FILE__, __LINE__, d, &before)) return;
            support_prime_last_error(functions[f]);
            mc_status status = f == 0 ? mc_draft_apply_format(d, c->start, c->end, c->format, c->value, c->flags)
                             : f == 1 ? mc_draft_remove_format(d, c->start, c->end, c->format, c->flags)
                                      : mc_draft_toggle_format(d, c->start, c->end, c->format, c->value, c->flags);
            char expected[256];
            snprintf(expected, sizeof expected, "%s: %s", functions[f], c->message);
            if (status != c->status || strcmp(mc_last_error(), expected) != 0)
                harness_fail(__FILE__, __LINE__, "case %zu: %s returned %s \"%s\"; expected %s \"%s\"", i, functions[f],
                             mc_status_name(status), mc_last_error(), mc_status_name(c->status), expected);
            CHECK_UNCHANGED(d, &before);
            support_snapshot_free(&before);
        }
    }
    CHECK_ACTIVE(d, "{\"formats\":[\"strike\",\"quote\"],\"link\":null,\"color\":null}");
    mc_draft_free(d);
}

static void format_calls_refuse_bad_handles(void) {
    CHECK_BAD_HANDLES("mc_draft_apply_format", mc_draft_apply_format(bad_handle_, 0, 0, MC_FORMAT_BOLD, NULL, P));
    CHECK_BAD_HANDLES("mc_draft_remove_format", mc_draft_remove_format(bad_handle_, 0, 0, MC_FORMAT_BOLD, P));
    CHECK_BAD_HANDLES("mc_draft_toggle_format", mc_draft_toggle_format(bad_handle_, 0, 0, MC_FORMAT_QUOTE, NULL, 0));
}

/* ---- links ---- */

static void set_link_links_the_selection(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("see the docs now", ""));
    CHECK_OK(mc_draft_set_selection(d, 8, 12));
    CHECK_OK(mc_draft_set_link(d, "example.com/docs"));
    CHECK_DOC(d, DOC("see the docs now", LINK(8, 12, "https://example.com/docs")));
    CHECK_SELECTION(d, 8, 12);
    CHECK_ACTIVE(d, "{\"formats\":[\"link\"],\"link\":\"https://example.com/docs\",\"color\":null}");
    /* A caret inside or at either edge of a link retargets the whole link. */
    static const int64_t carets[] = {10, 8, 12};
    static const char *const urls[] = {"http://a.io", "https://b.io:8443/x", "mailto:c@d.io"};
    for (size_t i = 0; i < ARRAY_LEN(carets); i++) {
        CHECK_OK(mc_draft_set_selection(d, carets[i], carets[i]));
        CHECK_OK(mc_draft_set_link(d, urls[i]));
        char expected[256];
        snprintf(expected, sizeof expected, DOC("see the docs now", "{\"start\":8,\"end\":12,\"format\":\"link\",\"url\":\"%s\"}"),
                 urls[i]);
        CHECK_DOC(d, expected);
    }
    /* A caret elsewhere changes nothing, and adds no undo step. */
    CHECK_OK(mc_draft_set_selection(d, 2, 2));
    draft_state before;
    REQUIRE(support_snapshot(__FILE__, __LINE__, d, &before));
    CHECK_OK(mc_draft_set_link(d, "https://nothing.io"));
    CHECK_UNCHANGED(d, &before);
    support_snapshot_free(&before);
    /* A selection that overlaps a link absorbs it whole. */
    CHECK_OK(mc_draft_set_selection(d, 5, 9));
    CHECK_OK(mc_draft_set_link(d, "https://big.io"));
    CHECK_DOC(d, DOC("see the docs now", LINK(5, 12, "https://big.io")));
    /* Mentions are never linked; code and styles are kept. */
    REQUIRE_LOAD(d, DOC("@Al `c` b", MENTION(0, 3, "u1", "Al") "," SPAN(4, 7, "code") "," SPAN(8, 9, "bold")));
    CHECK_OK(mc_draft_select_all(d));
    CHECK_OK(mc_draft_set_link(d, "https://x.io"));
    CHECK_DOC(d, DOC("@Al `c` b", MENTION(0, 3, "u1", "Al") "," LINK(3, 9, "https://x.io") "," SPAN(4, 7, "code") ","
                     SPAN(8, 9, "bold")));
    mc_draft_free(d);
}

static void remove_link_removes_whole_links(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("one two three", LINK(0, 3, "https://a.io") "," LINK(4, 7, "https://b.io") ","
                        LINK(8, 13, "https://c.io") "," SPAN(0, 13, "italic")));
    CHECK_OK(mc_draft_set_selection(d, 3, 3)); /* at the edge of the first */
    CHECK_OK(mc_draft_remove_link(d));
    CHECK_DOC(d, DOC("one two three", SPAN(0, 13, "italic") "," LINK(4, 7, "https://b.io") "," LINK(8, 13, "https://c.io")));
    CHECK_OK(mc_draft_set_selection(d, 6, 9)); /* touches the other two: both go whole */
    CHECK_OK(mc_draft_remove_link(d));
    CHECK_DOC(d, DOC("one two three", SPAN(0, 13, "italic")));
    CHECK_SELECTION(d, 6, 9);
    draft_state before;
    REQUIRE(support_snapshot(__FILE__, __LINE__, d, &before));
    CHECK_OK(mc_draft_remove_link(d)); /* no link: nothing, no undo step */
    CHECK_UNCHANGED(d, &before);
    support_snapshot_free(&before);
    CHECK_BAD_HANDLES("mc_draft_remove_link", mc_draft_remove_link(bad_handle_));
    mc_draft_free(d);
}

static void insert_link_inserts_linked_text(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("bold text", SPAN(0, 9, "bold")));
    CHECK_OK(mc_draft_set_selection(d, 5, 9));
    CHECK_OK(mc_draft_insert_link(d, "here " S_GRIN, "example.com"));
    CHECK_DOC(d, DOC("bold here " S_GRIN, SPAN(0, 11, "bold") "," LINK(5, 11, "https://example.com")));
    CHECK_SELECTION(d, 11, 11);
    CHECK_ACTIVE(d, "{\"formats\":[\"bold\"],\"link\":null,\"color\":null}");
    TYPE(d, "!"); /* typing after it does not extend the link */
    CHECK_DOC(d, DOC("bold here " S_GRIN "!", SPAN(0, 12, "bold") "," LINK(5, 11, "https://example.com")));
    CHECK_OK(mc_draft_undo(d));
    CHECK_OK(mc_draft_undo(d)); /* one step for the link */
    CHECK_DOC(d, DOC("bold text", SPAN(0, 9, "bold")));
    CHECK_SELECTION(d, 5, 9);
    /* Into a code block: the text goes in, plain (code blocks hold no inline formats). */
    REQUIRE_LOAD(d, DOC("code", SPAN(0, 4, "code_block")));
    CHECK_OK(mc_draft_insert_link(d, "x", "https://a.io"));
    CHECK_DOC(d, DOC("codex", SPAN(0, 5, "code_block")));
    mc_draft_free(d);
}

static void link_functions_refuse_bad_input(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("abc def", LINK(0, 3, "https://a.io") "," SPAN(4, 7, "bold")));
    CHECK_OK(mc_draft_set_selection(d, 1, 5));
    static const struct {
        const char *url;
        mc_status status;
        const char *message;
    } urls[] = {
        {"javascript:alert(1)", MC_ERR_UNSAFE_LINK, "link scheme \"javascript:\" is not allowed (allowed: http, https, mailto)"},
        {"JavaScript:alert(1)", MC_ERR_UNSAFE_LINK, "link scheme \"JavaScript:\" is not allowed (allowed: http, https, mailto)"},
        {"vbscript:x", MC_ERR_UNSAFE_LINK, "link scheme \"vbscript:\" is not allowed (allowed: http, https, mailto)"},
        {"localhost:8080", MC_ERR_UNSAFE_LINK, "link scheme \"localhost:\" is not allowed (allowed: http, https, mailto)"},
        {"https://", MC_ERR_UNSAFE_LINK, "https link has no host"},
        {"mailto:", MC_ERR_UNSAFE_LINK, "mailto link has no address"},
        {"https://a.io/<x>", MC_ERR_UNSAFE_LINK, "link URL contains a forbidden character (U+3C)"},
        {"", MC_ERR_UNSAFE_LINK, "link URL is empty"},
        {"https://a.io/\xED\xA0\x80", MC_ERR_INVALID_UTF8, "invalid UTF-8 in string argument"},
    };
    for (size_t i = 0; i < ARRAY_LEN(urls); i++) {
        char expected[256];
        snprintf(expected, sizeof expected, "mc_draft_set_link: %s", urls[i].message);
        CHECK_REFUSED_MESSAGE(d, mc_draft_set_link(d, urls[i].url), urls[i].status, "mc_draft_set_link", expected);
        snprintf(expected, sizeof expected, "mc_draft_insert_link: %s", urls[i].message);
        CHECK_REFUSED_MESSAGE(d, mc_draft_insert_link(d, "x", urls[i].url), urls[i].status, "mc_draft_insert_link",
                              expected);
    }
    CHECK_REFUSED_MESSAGE(d, mc_draft_insert_link(d, "", "https://a.io"), MC_ERR_INVALID_ARGUMENT,
                          "mc_draft_insert_link", "mc_draft_insert_link: link text must be non-empty and on one line");
    CHECK_REFUSED_MESSAGE(d, mc_draft_insert_link(d, "a\nb", "https://a.io"), MC_ERR_INVALID_ARGUMENT,
                          "mc_draft_insert_link", "mc_draft_insert_link: link text must be non-empty and on one line");
    CHECK_REFUSED_MESSAGE(d, mc_draft_insert_link(d, "\xFF", "https://a.io"), MC_ERR_INVALID_UTF8,
                          "mc_draft_insert_link", "mc_draft_insert_link: invalid UTF-8 in string argument");
    CHECK_REFUSED_MESSAGE(d, mc_draft_insert_link(d, NULL, "https://a.io"), MC_ERR_NULL_ARGUMENT, "mc_draft_insert_link",
                          "mc_draft_insert_link: text is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_insert_link(d, "x", NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_insert_link",
                          "mc_draft_insert_link: url is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_set_link(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_set_link",
                          "mc_draft_set_link: url is NULL");
    CHECK_BAD_HANDLES("mc_draft_set_link", mc_draft_set_link(bad_handle_, "https://a.io"));
    CHECK_BAD_HANDLES("mc_draft_insert_link", mc_draft_insert_link(bad_handle_, "x", "https://a.io"));
    mc_draft_free(d);
}

/* ---- mentions ---- */

static void insert_mention_inserts_an_atomic_run(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_MENTIONS(d, "[]");
    TYPE(d, "hi ");
    CHECK_OK(mc_draft_insert_mention(d, "u42", "Bob"));
    CHECK_DOC(d, DOC("hi @Bob ", MENTION(3, 7, "u42", "Bob")));
    CHECK_SELECTION(d, 8, 8);
    CHECK_ACTIVE(d, NO_FORMATS);
    /* The open query ("@" at a word start, up to the caret) is what gets replaced. */
    TYPE(d, "and @An");
    CHECK_OK(mc_draft_insert_mention(d, "u_7-x.y:z@w=v+1", "Ann Lee " S_GRIN));
    CHECK_DOC(d, DOC("hi @Bob and @Ann Lee " S_GRIN " ", MENTION(3, 7, "u42", "Bob") ","
                     MENTION(12, 22, "u_7-x.y:z@w=v+1", "Ann Lee " S_GRIN)));
    CHECK_MENTIONS(d, "[{\"start\":3,\"end\":7,\"uid\":\"u42\",\"name\":\"Bob\"},"
                      "{\"start\":12,\"end\":22,\"uid\":\"u_7-x.y:z@w=v+1\",\"name\":\"Ann Lee " S_GRIN "\"}]");
    /* "@" inside a word is not a query: the mention goes at the caret. */
    TYPE(d, "x@y");
    CHECK_OK(mc_draft_insert_mention(d, "u3", "Cy"));
    CHECK_TEXT(d, "hi @Bob and @Ann Lee " S_GRIN " x@y@Cy ");
    /* Two mentions of one user side by side are two. */
    REQUIRE_LOAD(d, DOC("", ""));
    CHECK_OK(mc_draft_insert_mention(d, "u1", "Bob"));
    CHECK_OK(mc_draft_set_selection(d, 4, 5));
    CHECK_OK(mc_draft_insert_mention(d, "u1", "Bob")); /* replaces the selected space */
    CHECK_DOC(d, DOC("@Bob@Bob ", MENTION(0, 4, "u1", "Bob") "," MENTION(4, 8, "u1", "Bob")));
    CHECK_MENTIONS(d, "[{\"start\":0,\"end\":4,\"uid\":\"u1\",\"name\":\"Bob\"},{\"start\":4,\"end\":8,\"uid\":\"u1\",\"name\":\"Bob\"}]");
    /* Names are JSON-escaped in the mentions list. */
    REQUIRE_LOAD(d, DOC("", ""));
    CHECK_OK(mc_draft_insert_mention(d, "q", "a\"b\\c"));
    CHECK_MENTIONS(d, "[{\"start\":0,\"end\":6,\"uid\":\"q\",\"name\":\"a\\\"b\\\\c\"}]");
    mc_draft_free(d);
}

static void insert_mention_keeps_the_surrounding_styles(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    /* Inside bold text: the mention and its space are bold. */
    REQUIRE_LOAD(d, DOC("ab", SPAN(0, 2, "bold")));
    CHECK_OK(mc_draft_insert_mention(d, "u1", "A"));
    CHECK_DOC(d, DOC("ab@A ", SPAN(0, 5, "bold") "," MENTION(2, 4, "u1", "A")));
    /* Inside code or a link: the mention is neither code nor linked (it splits them). */
    REQUIRE_LOAD(d, DOC("ab", SPAN(0, 2, "code")));
    CHECK_OK(mc_draft_set_selection(d, 1, 1));
    CHECK_OK(mc_draft_insert_mention(d, "u1", "A"));
    CHECK_DOC(d, DOC("a@A b", SPAN(0, 1, "code") "," MENTION(1, 3, "u1", "A") "," SPAN(4, 5, "code")));
    REQUIRE_LOAD(d, DOC("ab", LINK(0, 2, "https://a.io")));
    CHECK_OK(mc_draft_set_selection(d, 1, 1));
    CHECK_OK(mc_draft_insert_mention(d, "u1", "A"));
    CHECK_DOC(d, DOC("a@A b", LINK(0, 1, "https://a.io") "," MENTION(1, 3, "u1", "A") "," LINK(4, 5, "https://a.io")));
    /* One undo step. */
    CHECK_OK(mc_draft_undo(d));
    CHECK_DOC(d, DOC("ab", LINK(0, 2, "https://a.io")));
    CHECK_SELECTION(d, 1, 1);
    mc_draft_free(d);
}

static void insert_mention_refuses_bad_input(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("hi @Bob x", MENTION(3, 7, "u1", "Bob")));
    CHECK_OK(mc_draft_set_selection(d, 1, 2));
    static const struct {
        const char *uid, *name;
        const char *message;
    } bad[] = {
        {"u 1", "A", "mention uid \"u 1\" must be 1-255 characters of A-Z a-z 0-9 _ - . : @ = +"},
        {"", "A", "mention uid \"\" must be 1-255 characters of A-Z a-z 0-9 _ - . : @ = +"},
        {"u<1>", "A", "mention uid \"u<1>\" must be 1-255 characters of A-Z a-z 0-9 _ - . : @ = +"},
        {"u\xC3\xA9", "A", "mention uid \"u\xC3\xA9\" must be 1-255 characters of A-Z a-z 0-9 _ - . : @ = +"},
        {"u1", "", "mention name must be non-empty, on one line and free of U+0000"},
        {"u2", "a\nb", "mention name must be non-empty, on one line and free of U+0000"},
        {"u2", "a\rb", "mention name must be non-empty, on one line and free of U+0000"},
        {"u1", "Robert", "uid \"u1\" is already mentioned as \"Bob\"; a uid has one name in a message"},
    };
    for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
        char expected[256];
        snprintf(expected, sizeof expected, "mc_draft_insert_mention: %s", bad[i].message);
        CHECK_REFUSED_MESSAGE(d, mc_draft_insert_mention(d, bad[i].uid, bad[i].name), MC_ERR_INVALID_ARGUMENT,
                              "mc_draft_insert_mention", expected);
    }
    char uid[300];
    memset(uid, 'u', 256);
    uid[256] = '\0';
    CHECK_REFUSED_UNCHANGED(d, mc_draft_insert_mention(d, uid, "Long"), MC_ERR_INVALID_ARGUMENT,
                            "mc_draft_insert_mention");
    uid[255] = '\0'; /* 255 characters: accepted */
    CHECK_OK(mc_draft_insert_mention(d, uid, "Long"));
    CHECK_OK(mc_draft_undo(d));
    CHECK_REFUSED_MESSAGE(d, mc_draft_insert_mention(d, "u1", "\xFF"), MC_ERR_INVALID_UTF8, "mc_draft_insert_mention",
                          "mc_draft_insert_mention: invalid UTF-8 in string argument");
    CHECK_REFUSED_MESSAGE(d, mc_draft_insert_mention(d, "\xC0\xAF", "A"), MC_ERR_INVALID_UTF8, "mc_draft_insert_mention",
                          "mc_draft_insert_mention: invalid UTF-8 in string argument");
    CHECK_REFUSED_MESSAGE(d, mc_draft_insert_mention(d, NULL, "A"), MC_ERR_NULL_ARGUMENT, "mc_draft_insert_mention",
                          "mc_draft_insert_mention: uid is NULL");
    CHECK_REFUSED_MESSAGE(d, mc_draft_insert_mention(d, "u1", NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_insert_mention",
                          "mc_draft_insert_mention: name is NULL");
    CHECK_BAD_HANDLES("mc_draft_insert_mention", mc_draft_insert_mention(bad_handle_, "u1", "Bob"));
    CHECK_BAD_HANDLES("mc_draft_mentions", mc_draft_mentions(bad_handle_, &(char *){NULL}));
    CHECK_REFUSED_MESSAGE(d, mc_draft_mentions(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_mentions",
                          "mc_draft_mentions: out_json is NULL");
    /* In a code block. */
    REQUIRE_LOAD(d, DOC("x", SPAN(0, 1, "code_block")));
    CHECK_REFUSED_MESSAGE(d, mc_draft_insert_mention(d, "u1", "A"), MC_ERR_NOT_ALLOWED, "mc_draft_insert_mention",
                          "mc_draft_insert_mention: mentions cannot go in a code block");
    mc_draft_free(d);
}

static void mention_limit_and_disabled_mentions(void) {
    REQUIRE_NEW_DRAFT(d, "{\"mention_limit\":1}");
    CHECK_OK(mc_draft_insert_mention(d, "u1", "A"));
    /* The refusal raises the info banner (the documented exception to "a refused call changes nothing"). */
    CHECK_REFUSED_BANNER(d, mc_draft_insert_mention(d, "u2", "B"), MC_ERR_LIMIT_EXCEEDED, "mc_draft_insert_mention",
                         Q("You can mention up to 1 person in a message."));
    CHECK_EQ_STR(mc_last_error(), "mc_draft_insert_mention: a message can hold at most 1 mention");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_insert_mention(d, "u1", "A"), MC_ERR_LIMIT_EXCEEDED, "mc_draft_insert_mention");
    mc_draft_free(d);

    REQUIRE_NEW_DRAFT(two, "{\"mention_limit\":2}");
    CHECK_OK(mc_draft_insert_mention(two, "u1", "A"));
    CHECK_OK(mc_draft_insert_mention(two, "u2", "B"));
    CHECK_REFUSED_BANNER(two, mc_draft_insert_mention(two, "u3", "C"), MC_ERR_LIMIT_EXCEEDED, "mc_draft_insert_mention",
                         Q("You can mention up to 2 people in a message."));
    CHECK_EQ_STR(mc_last_error(), "mc_draft_insert_mention: a message can hold at most 2 mentions");
    CHECK_OK(mc_draft_delete_backward(two)); /* the space */
    CHECK_OK(mc_draft_delete_backward(two)); /* the second mention: room again */
    CHECK_OK(mc_draft_insert_mention(two, "u3", "C"));
    CHECK_MENTIONS(two, "[{\"start\":0,\"end\":2,\"uid\":\"u1\",\"name\":\"A\"},{\"start\":3,\"end\":5,\"uid\":\"u3\",\"name\":\"C\"}]");
    mc_draft_free(two);

    REQUIRE_NEW_DRAFT(none, "{\"mention_limit\":0}");
    CHECK_REFUSED_BANNER(none, mc_draft_insert_mention(none, "u1", "A"), MC_ERR_LIMIT_EXCEEDED, "mc_draft_insert_mention",
                         Q("You can mention up to 0 people in a message."));
    CHECK_EQ_STR(mc_last_error(), "mc_draft_insert_mention: a message can hold at most 0 mentions");
    mc_draft_free(none);

    REQUIRE_NEW_DRAFT(off, "{\"mentions\":false}");
    TYPE(off, "hi @bo");
    CHECK_REFUSED_MESSAGE(off, mc_draft_insert_mention(off, "u1", "Bob"), MC_ERR_NOT_ALLOWED, "mc_draft_insert_mention",
                          "mc_draft_insert_mention: mentions are disabled");
    /* Disabled mentions are still disabled for bad arguments. */
    CHECK_REFUSED_UNCHANGED(off, mc_draft_insert_mention(off, "bad uid", ""), MC_ERR_NOT_ALLOWED,
                            "mc_draft_insert_mention");
    /* Loaded documents may still hold mentions (received messages). */
    REQUIRE_LOAD(off, DOC("@Al", MENTION(0, 3, "u1", "Al")));
    CHECK_MENTIONS(off, "[{\"start\":0,\"end\":3,\"uid\":\"u1\",\"name\":\"Al\"}]");
    mc_draft_free(off);
}

static const harness_test TESTS[] = {
    HARNESS_TEST(apply_and_remove_every_format),
    HARNESS_TEST(toggle_applies_unless_every_character_has_it),
    HARNESS_TEST(block_formats_cover_the_touched_lines),
    HARNESS_TEST(caret_block_toggles_act_on_the_whole_block),
    HARNESS_TEST(protect_carves_out_mentions_links_and_code),
    HARNESS_TEST(a_format_reaches_its_own_kind),
    HARNESS_TEST(code_blocks_hold_no_inline_formats),
    HARNESS_TEST(caret_toggles_set_the_typing_attributes),
    HARNESS_TEST(caret_toggles_last_while_the_caret_stays),
    HARNESS_TEST(active_formats_describe_the_selection),
    HARNESS_TEST(format_calls_refuse_bad_input),
    HARNESS_TEST(format_calls_refuse_bad_handles),
    HARNESS_TEST(set_link_links_the_selection),
    HARNESS_TEST(remove_link_removes_whole_links),
    HARNESS_TEST(insert_link_inserts_linked_text),
    HARNESS_TEST(link_functions_refuse_bad_input),
    HARNESS_TEST(insert_mention_inserts_an_atomic_run),
    HARNESS_TEST(insert_mention_keeps_the_surrounding_styles),
    HARNESS_TEST(insert_mention_refuses_bad_input),
    HARNESS_TEST(mention_limit_and_disabled_mentions),
};

void register_formats_tests(void) { HARNESS_REGISTER("formats", TESTS); }
