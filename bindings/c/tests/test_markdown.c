/*
 * test_markdown.c: the wire format. mc_draft_serialize (exact markdown for every format; rich text off
 * escapes everything), mc_markdown_parse / _with_mentions (the supported CommonMark subset, literal
 * text for the rest), the round trip document -> serialize -> parse == document on tricky documents,
 * mc_draft_load_markdown, mc_draft_normalize_markdown, mc_markdown_to_plain_text (mention names,
 * truncation on grapheme boundaries) and mc_markdown_to_html (escaping, safe links, mentions), with
 * every refused input (bad mentions_json, invalid UTF-8, NULL arguments).
 */
#include <stdio.h>
#include <string.h>

#include "samples.h"
#include "support.h"

/* A value a refused call must leave in its out-parameter. */
static char sentinel;
#define SENTINEL (&sentinel)

static void check_parse(const char *file, int line, const char *markdown, const char *names, const char *expected) {
    char *json = NULL;
    mc_status status = names ? mc_markdown_parse_with_mentions(markdown, names, &json) : mc_markdown_parse(markdown, &json);
    if (status != MC_OK || !json || strcmp(json, expected) != 0) {
        harness_fail(file, line, "parsing \"%s\" gave %s %s\n    expected %s", markdown, mc_status_name(status),
                     json ? json : "NULL", expected);
    }
    mc_string_free(json);
}
#define CHECK_PARSE(markdown, expected) check_parse(__FILE__, __LINE__, (markdown), NULL, (expected))
#define CHECK_PARSE_NAMES(markdown, names, expected) check_parse(__FILE__, __LINE__, (markdown), (names), (expected))

static void check_plain(const char *file, int line, const char *markdown, const char *names, int64_t max,
                        const char *expected) {
    char *text = NULL;
    mc_status status = mc_markdown_to_plain_text(markdown, names, max, &text);
    if (status != MC_OK || !text || strcmp(text, expected) != 0)
        harness_fail(file, line, "plain text of \"%s\" (max %lld) gave %s \"%s\", expected \"%s\"", markdown,
                     (long long)max, mc_status_name(status), text ? text : "NULL", expected);
    mc_string_free(text);
}
#define CHECK_PLAIN(markdown, names, max, expected) check_plain(__FILE__, __LINE__, (markdown), (names), (max), (expected))

static void check_html(const char *file, int line, const char *markdown, const char *names, const char *expected) {
    char *html = NULL;
    mc_status status = mc_markdown_to_html(markdown, names, &html);
    if (status != MC_OK || !html || strcmp(html, expected) != 0)
        harness_fail(file, line, "HTML of \"%s\" gave %s \"%s\",\n    expected \"%s\"", markdown, mc_status_name(status),
                     html ? html : "NULL", expected);
    mc_string_free(html);
}
#define CHECK_HTML(markdown, names, expected) check_html(__FILE__, __LINE__, (markdown), (names), (expected))

/* ---- serialize ---- */

/* Line 0 holds every inline format, then a quote, a bullet list, an ordered list and a code block. */
#define EVERYTHING_DOC \
    DOC("bold italic strike under code link red @Bob\\nquoted\\none\\ntwo\\nfirst\\nsecond\\nlet x = 1\\nend", \
        SPAN(0, 4, "bold") "," SPAN(5, 11, "italic") "," SPAN(12, 18, "strike") "," SPAN(19, 24, "underline") "," \
        SPAN(25, 29, "code") "," LINK(30, 34, "https://example.com") "," COLOR(35, 38, "#f00") "," \
        MENTION(39, 43, "u42", "Bob") "," SPAN(44, 50, "quote") "," SPAN(51, 58, "bullet_list") "," \
        SPAN(59, 71, "ordered_list") "," SPAN(72, 81, "code_block"))
#define EVERYTHING_MARKDOWN \
    "**bold** *italic* ~~strike~~ <u>under</u> `code` [link](https://example.com) <color=#ff0000>red</color> " \
    "<@uid:u42>\n\n> quoted\n\n- one\n- two\n\n1. first\n2. second\n\n```\nlet x = 1\n```\n\nend"

static void serialize_writes_every_format(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_MARKDOWN(d, "");
    REQUIRE_LOAD(d, EVERYTHING_DOC);
    CHECK_MARKDOWN(d, EVERYTHING_MARKDOWN);
    static const struct {
        const char *document;
        const char *markdown;
    } cases[] = {
        {DOC("a b", SPAN(0, 3, "bold") "," SPAN(2, 3, "italic")), "**a _b_**"},
        {DOC("ab", SPAN(0, 1, "bold") "," SPAN(1, 2, "italic")), "**a**_b_"},
        {DOC("x`y``z", SPAN(0, 6, "code")), "```x`y``z```"},
        {DOC("`", SPAN(0, 1, "code")), "`` ` ``"},
        {DOC("code\\n```inside", SPAN(0, 14, "code_block")), "````\ncode\n```inside\n````"},
        {DOC("a\\nb", ""), "a\\\nb"},
        {DOC("a\\n\\nb", ""), "a\\\n\\\nb"},
        {DOC("\\nx\\n", ""), "<p></p>\n\nx\n\n<p></p>"},
        {DOC("", SPAN(0, 0, "quote")), "> <p></p>"},
        {DOC("q1\\nq2", SPAN(0, 5, "quote")), "> q1\\\n> q2"},
        {DOC("a\\n\\nb", SPAN(0, 4, "ordered_list")), "1. a\n2.\n3. b"},
        {DOC("*not bold* _x_ #1", ""), "\\*not bold\\* \\_x\\_ #1"},
        {DOC("# title\\n1. x\\n- y", ""), "\\# title\\\n1\\. x\\\n\\- y"},
        {DOC("a <b> & c", ""), "a \\<b\\> & c"},
        {DOC("[x](y)", ""), "\\[x\\](y)"},
        {DOC("link", LINK(0, 4, "https://a.io/x_(y)*z")), "[link](https://a.io/x_\\(y\\)*z)"},
        {DOC("@Ann x", MENTION(0, 4, "a.b-c", "Ann")), "<@uid:a.b-c> x"},
    };
    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        REQUIRE_LOAD(d, cases[i].document);
        CHECK_MARKDOWN(d, cases[i].markdown);
        if (harness_test_failed()) {
            printf("    (serialize case %zu: %s)\n", i, cases[i].document);
            break;
        }
    }
    CHECK_BAD_HANDLES("mc_draft_serialize", mc_draft_serialize(bad_handle_, &(char *){NULL}));
    char *out = SENTINEL;
    CHECK_REFUSED_MESSAGE(d, mc_draft_serialize(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_serialize",
                          "mc_draft_serialize: out_markdown is NULL");
    CHECK(out == SENTINEL);
    mc_draft_free(d);
}

/* Rich text off: plain text, every markdown-significant character escaped, formats dropped, mentions kept. */
static void serialize_without_rich_text_escapes_everything(void) {
    REQUIRE_NEW_DRAFT(d, "{\"rich_text\":false}");
    REQUIRE_LOAD(d, DOC("*a* _b_ `c` [d](e) <u> # 1. - > ~~ \\\\ & @Bob", SPAN(0, 3, "bold") ","
                        MENTION(39, 43, "u1", "Bob")));
    CHECK_MARKDOWN(d, "\\*a\\* \\_b\\_ \\`c\\` \\[d\\](e) \\<u\\> # 1. - \\> \\~\\~ \\\\ & <@uid:u1>");
    REQUIRE_LOAD(d, EVERYTHING_DOC);
    CHECK_MARKDOWN(d, "bold italic strike under code link red <@uid:u42>\\\nquoted\\\none\\\ntwo\\\nfirst\\\nsecond\\\n"
                      "let x = 1\\\nend");
    /* What the receiver reads back is the text, mentions included, with no formats. */
    char *markdown = NULL;
    CHECK_OK(mc_draft_serialize(d, &markdown));
    REQUIRE(markdown != NULL);
    CHECK_PARSE_NAMES(markdown, "{\"u42\":\"Bob\"}",
                      DOC("bold italic strike under code link red @Bob\\nquoted\\none\\ntwo\\nfirst\\nsecond\\nlet x = 1\\nend",
                          MENTION(39, 43, "u42", "Bob")));
    mc_string_free(markdown);
    mc_draft_free(d);
}

/* ---- parse ---- */

typedef struct {
    const char *markdown;
    const char *document;
} parse_case;

static void parse_reads_the_supported_subset(void) {
    static const parse_case cases[] = {
        {"", DOC("", "")},
        {"plain", DOC("plain", "")},
        {"**a** __b__ *c* _d_ ***e*** ~~f~~", DOC("a b c d e f", SPAN(0, 1, "bold") "," SPAN(2, 3, "bold") ","
                                                SPAN(4, 5, "italic") "," SPAN(6, 7, "italic") "," SPAN(8, 9, "bold") ","
                                                SPAN(8, 9, "italic") "," SPAN(10, 11, "strike"))},
        {"<u>u</u> `c` <color=#00ff00>g</color>", DOC("u c g", SPAN(0, 1, "underline") "," SPAN(2, 3, "code") ","
                                                    COLOR(4, 5, "#00ff00"))},
        {"<color=#f00>short</color>", DOC("<color=#f00>short</color>", "")}, /* the wire format has #rrggbb only */
        {"[a](https://x.io) [b](x.io) [c](mailto:c@d.e)", DOC("a b c", LINK(0, 1, "https://x.io") ","
                                                           LINK(2, 3, "https://x.io") "," LINK(4, 5, "mailto:c@d.e"))},
        {"[a](https://x.io) b", DOC("a b", LINK(0, 1, "https://x.io"))},
        {"[bad](javascript:alert(1)) x", DOC("bad x", "")},
        {"\\*lit\\* \\_ \\` \\\\ \\[", DOC("*lit* _ ` \\\\ [", "")},
        {"&lt;&#65;&amp;&#x1F600;", DOC("<A&" S_GRIN, "")},
        {"a  \nb\\\nc\nd", DOC("a\\nb\\nc\\nd", "")},
        {"> q\n> r\n\n- a\n- b\n\n1. c\n2. d\n\n```\nx  y\n```", DOC("q\\nr\\na\\nb\\nc\\nd\\nx  y", SPAN(0, 3, "quote") ","
                                                              SPAN(4, 7, "bullet_list") "," SPAN(8, 11, "ordered_list") ","
                                                              SPAN(12, 16, "code_block"))},
        {"* star\n+ plus", DOC("star\\nplus", SPAN(0, 9, "bullet_list"))},
        {"<p></p>\n\nx", DOC("\\nx", "")},
        {"line\r\nbreaks\rhere", DOC("line\\nbreaks\\nhere", "")},
        /* Outside the subset: literal text. */
        {"# Heading", DOC("# Heading", "")},
        {"<b>html</b>", DOC("<b>html</b>", "")},
        {"<https://x.io> https://y.io", DOC("<https://x.io> https://y.io", "")},
        {"<@uid:bad uid> <@uid:>", DOC("<@uid:bad uid> <@uid:>", "")},
        {"`<@uid:u1>`", DOC("<@uid:u1>", SPAN(0, 9, "code"))},
        {"*unclosed **also", DOC("*unclosed **also", "")},
    };
    for (size_t i = 0; i < ARRAY_LEN(cases); i++) CHECK_PARSE(cases[i].markdown, cases[i].document);
}

static void parse_with_mentions_names_them(void) {
    CHECK_PARSE("<@uid:u1> <@uid:u2>", DOC("@u1 @u2", MENTION(0, 3, "u1", "u1") "," MENTION(4, 7, "u2", "u2")));
    CHECK_PARSE_NAMES("<@uid:u1> <@uid:u2>", "{\"u1\":\"Ann\"}",
                      DOC("@Ann @u2", MENTION(0, 4, "u1", "Ann") "," MENTION(5, 8, "u2", "u2")));
    CHECK_PARSE_NAMES("<@uid:u1><@uid:u1>", "{\"u1\":\"Bob\"}",
                      DOC("@Bob@Bob", MENTION(0, 4, "u1", "Bob") "," MENTION(4, 8, "u1", "Bob")));
    CHECK_PARSE_NAMES("\\\\<@uid:u1>", "{\"u1\":\"Ann\"}", DOC("\\\\@Ann", MENTION(1, 5, "u1", "Ann")));
    CHECK_PARSE_NAMES("hi <@uid:u1>", "{}", DOC("hi @u1", MENTION(3, 6, "u1", "u1")));
    CHECK_PARSE_NAMES("x", NULL, DOC("x", "")); /* NULL names: none */
    char *json = NULL;
    CHECK_OK(mc_markdown_parse_with_mentions("<@uid:u1>", NULL, &json));
    CHECK_EQ_STR(json, DOC("@u1", MENTION(0, 3, "u1", "u1")));
    mc_string_free(json);
    CHECK_PARSE_NAMES("<@uid:u1>", "{\"u1\":\"Ann \\\"A\\\" \\u00e9\"}", DOC("@Ann \\\"A\\\" \xC3\xA9", MENTION(0, 10, "u1", "Ann \\\"A\\\" \xC3\xA9")));
}

/* ---- round trip ---- */

typedef struct {
    const char *what;
    const char *document;
    const char *names; /* the draft's mention names */
} round_trip_case;

static const round_trip_case ROUND_TRIPS[] = {
    {"every format", EVERYTHING_DOC, "{\"u42\":\"Bob\"}"},
    {"spans next to spaces", DOC("bold next to space", SPAN(0, 5, "bold") "," SPAN(9, 13, "italic")), NULL},
    {"spans next to punctuation", DOC("(bold), x.", SPAN(1, 5, "bold") "," SPAN(7, 9, "italic")), NULL},
    {"touching spans", DOC("ab", SPAN(0, 1, "bold") "," SPAN(1, 2, "italic")), NULL},
    {"nested spans", DOC("abcde", SPAN(0, 5, "bold") "," SPAN(1, 4, "italic") "," SPAN(2, 3, "strike")), NULL},
    {"spans inside words", DOC("unbelievable", SPAN(2, 6, "bold") "," SPAN(6, 8, "underline")), NULL},
    {"leading and trailing spaces", DOC("  lead and trail  ", SPAN(0, 18, "bold")), NULL},
    {"markdown characters in text", DOC("a *b* _c_ `d` [e](f) <g> #h 1. i \\\\ j ~~k~~ & &amp; \\\\* l | ! ~", ""), NULL},
    {"markdown characters at line starts", DOC("# h\\n1. n\\n- b\\n> q\\n```\\n    indented\\n+ p\\n* s\\n===\\n---", ""), NULL},
    {"italic text with an asterisk", DOC("a*b", SPAN(0, 3, "italic")), NULL},
    {"code with backticks", DOC("x`y``z and ``` fence", SPAN(0, 6, "code") "," SPAN(11, 20, "code")), NULL},
    {"code with spaces", DOC(" x ", SPAN(0, 3, "code")), NULL},
    {"a lone backtick in code", DOC("`", SPAN(0, 1, "code")), NULL},
    {"emoji", DOC(S_GRIN " emoji " S_FAMILY " " S_FLAG_FR, SPAN(0, 1, "bold") "," SPAN(8, 13, "italic") ","
                  SPAN(14, 16, "strike")), NULL},
    {"combining marks", DOC(S_E_ACUTE S_E_ACUTE, SPAN(0, 2, "bold") "," SPAN(2, 4, "italic")), NULL},
    {"RTL and CJK", DOC(S_HEBREW " " S_CJK, SPAN(0, 4, "underline") "," SPAN(5, 7, "strike")), NULL},
    {"empty lines", DOC("\\n\\nmiddle\\n\\n", ""), NULL},
    {"an empty line between paragraphs", DOC("a\\n\\nb", ""), NULL},
    {"an empty quote", DOC("", SPAN(0, 0, "quote")), NULL},
    {"a quote with empty lines", DOC("x\\n\\n\\ny", SPAN(0, 5, "quote")), NULL},
    {"lists of both kinds side by side", DOC("a\\nb\\nc", SPAN(0, 1, "bullet_list") "," SPAN(2, 3, "ordered_list") ","
                                             SPAN(4, 5, "bullet_list")), NULL},
    {"an empty list item", DOC("a\\n\\nb", SPAN(0, 4, "ordered_list")), NULL},
    {"list text that looks like a marker", DOC("1. a\\n\\tb", SPAN(0, 4, "ordered_list")), NULL},
    {"a code block with a fence inside", DOC("code ```x```\\nline", SPAN(0, 12, "code_block") "," SPAN(13, 17, "quote")), NULL},
    {"a code block with markdown inside", DOC("**not bold** <u>", SPAN(0, 16, "code_block")), NULL},
    {"a link with markdown in its URL", DOC("link", LINK(0, 4, "https://a.io/x_(y)*z") "," SPAN(0, 2, "bold")), NULL},
    {"a link followed by text", DOC("see link here", LINK(4, 8, "https://example.com") "," SPAN(9, 13, "bold")), NULL},
    {"a link containing code", DOC("a b c", LINK(0, 5, "https://z.io") "," SPAN(2, 3, "code")), NULL},
    {"colour with bold inside", DOC("red", COLOR(0, 3, "#abc") "," SPAN(0, 3, "bold") "," SPAN(1, 2, "underline")), NULL},
    {"mentions next to punctuation", DOC("@Bob, hi @Ann!", MENTION(0, 4, "u1", "Bob") "," MENTION(9, 13, "u2", "Ann")),
     "{\"u1\":\"Bob\",\"u2\":\"Ann\"}"},
    {"touching mentions of one user", DOC("@Bob@Bob", MENTION(0, 4, "u1", "Bob") "," MENTION(4, 8, "u1", "Bob")),
     "{\"u1\":\"Bob\"}"},
    {"a bold mention", DOC("x @Al y", SPAN(0, 7, "bold") "," MENTION(2, 5, "u1", "Al")), "{\"u1\":\"Al\"}"},
    {"a mention name with markdown", DOC("@*A* [b]", MENTION(0, 8, "u1", "*A* [b]")), "{\"u1\":\"*A* [b]\"}"},
};

static void round_trip_gives_the_same_document(void) {
    for (size_t i = 0; i < ARRAY_LEN(ROUND_TRIPS); i++) {
        const round_trip_case *c = &ROUND_TRIPS[i];
        REQUIRE_NEW_DRAFT(d, NULL);
        if (mc_draft_load_document(d, c->document) != MC_OK) {
            harness_fail(__FILE__, __LINE__, "case \"%s\": load refused", c->what);
            mc_draft_free(d);
            continue;
        }
        char *canonical = support_document(d), *markdown = NULL, *parsed = NULL;
        CHECK_OK(mc_draft_serialize(d, &markdown));
        if (markdown) CHECK_OK(mc_markdown_parse_with_mentions(markdown, c->names, &parsed));
        if (!canonical)
            harness_fail(__FILE__, __LINE__, "case \"%s\": no document", c->what);
        else if (!parsed || strcmp(parsed, canonical) != 0)
            harness_fail(__FILE__, __LINE__, "case \"%s\": markdown %s parses to\n    %s\n    expected %s", c->what,
                         markdown ? markdown : "NULL", parsed ? parsed : "NULL", canonical);
        /* load_markdown into another draft gives the same document too. */
        REQUIRE_NEW_DRAFT(e, NULL);
        if (markdown) CHECK_OK(mc_draft_load_markdown(e, markdown, c->names));
        char *loaded = support_document(e);
        if (canonical && (!loaded || strcmp(loaded, canonical) != 0))
            harness_fail(__FILE__, __LINE__, "case \"%s\": load_markdown gave %s", c->what, loaded ? loaded : "NULL");
        mc_string_free(loaded);
        mc_draft_free(e);
        mc_string_free(canonical);
        mc_string_free(markdown);
        mc_string_free(parsed);
        mc_draft_free(d);
    }
}

/* ---- load_markdown ---- */

static void load_markdown_replaces_the_content(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_insert(d, "old"));
    CHECK_OK(mc_draft_set_selection(d, 0, 2));
    CHECK_OK(mc_draft_load_markdown(d, "**hi** <@uid:u1>\n\n- item", "{\"u1\":\"Bob\"}"));
    CHECK_DOC(d, DOC("hi @Bob\\nitem", SPAN(0, 2, "bold") "," MENTION(3, 7, "u1", "Bob") "," SPAN(8, 12, "bullet_list")));
    CHECK_SELECTION(d, 12, 12);
    CHECK_MENTIONS(d, "[{\"start\":3,\"end\":7,\"uid\":\"u1\",\"name\":\"Bob\"}]");
    CHECK_OK(mc_draft_undo(d)); /* one step */
    CHECK_DOC(d, DOC("old", ""));
    CHECK_SELECTION(d, 0, 2);
    CHECK_OK(mc_draft_load_markdown(d, "", NULL));
    CHECK_DOC(d, DOC("", ""));
    mc_draft_free(d);
}

/* ---- bad arguments of the markdown functions ---- */

typedef struct {
    const char *names;
    mc_status status;
    const char *message; /* after "<function>: " */
} bad_names_case;

static const bad_names_case BAD_NAMES[] = {
    {"[]", MC_ERR_INVALID_ARGUMENT, "mentions_json must be a JSON object {\"uid\": \"name\"}"},
    {"\"u1\"", MC_ERR_INVALID_ARGUMENT, "mentions_json must be a JSON object {\"uid\": \"name\"}"},
    {"null", MC_ERR_INVALID_ARGUMENT, "mentions_json must be a JSON object {\"uid\": \"name\"}"},
    {"{\"u1\":1}", MC_ERR_INVALID_ARGUMENT, "mentions_json: the name of \"u1\" must be a string"},
    {"{\"u1\":null}", MC_ERR_INVALID_ARGUMENT, "mentions_json: the name of \"u1\" must be a string"},
    {"{\"u 1\":\"A\"}", MC_ERR_INVALID_ARGUMENT, "mention uid \"u 1\" must be 1-255 characters of A-Z a-z 0-9 _ - . : @ = +"},
    {"{\"\":\"A\"}", MC_ERR_INVALID_ARGUMENT, "mention uid \"\" must be 1-255 characters of A-Z a-z 0-9 _ - . : @ = +"},
    {"{\"u1\":\"\"}", MC_ERR_INVALID_ARGUMENT, "mention name must be non-empty, on one line and free of U+0000"},
    {"{\"u1\":\"a\\nb\"}", MC_ERR_INVALID_ARGUMENT, "mention name must be non-empty, on one line and free of U+0000"},
    {"{\"u1\":\"a\\u0000b\"}", MC_ERR_INVALID_ARGUMENT, "mention name must be non-empty, on one line and free of U+0000"},
    {"{", MC_ERR_INVALID_JSON, "invalid JSON: expected a string key at byte 1"},
    {"", MC_ERR_INVALID_JSON, "invalid JSON: unexpected end of input at byte 0"},
    {"{\"u1\":\"a\",\"u1\":\"b\"}", MC_ERR_INVALID_JSON, "invalid JSON: duplicate key \"u1\" at byte 14"},
    {"{\"u1\":\"\xFF\"}", MC_ERR_INVALID_UTF8, "invalid UTF-8 in string argument"},
};

static void markdown_functions_refuse_bad_mention_names(void) {
    static const char *const functions[] = {"mc_markdown_parse_with_mentions", "mc_markdown_to_plain_text",
                                            "mc_markdown_to_html", "mc_draft_load_markdown"};
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("keep @Al", SPAN(0, 4, "bold") "," MENTION(5, 8, "u9", "Al")));
    for (size_t i = 0; i < ARRAY_LEN(BAD_NAMES); i++) {
        for (int f = 0; f < 4; f++) {
            char *out = SENTINEL;
            draft_state before;
            if (!support_snapshot(__FILE__, __LINE__, d, &before)) return;
            support_prime_last_error(functions[f]);
            mc_status status = f == 0 ? mc_markdown_parse_with_mentions("<@uid:u1>", BAD_NAMES[i].names, &out)
                             : f == 1 ? mc_markdown_to_plain_text("<@uid:u1>", BAD_NAMES[i].names, -1, &out)
                             : f == 2 ? mc_markdown_to_html("<@uid:u1>", BAD_NAMES[i].names, &out)
                                      : mc_draft_load_markdown(d, "<@uid:u1>", BAD_NAMES[i].names);
            char expected[256];
            snprintf(expected, sizeof expected, "%s: %s", functions[f], BAD_NAMES[i].message);
            if (status != BAD_NAMES[i].status || strcmp(mc_last_error(), expected) != 0)
                harness_fail(__FILE__, __LINE__, "names %s: %s returned %s \"%s\"; expected %s \"%s\"", BAD_NAMES[i].names,
                             functions[f], mc_status_name(status), mc_last_error(),
                             mc_status_name(BAD_NAMES[i].status), expected);
            if (out != SENTINEL) {
                harness_fail(__FILE__, __LINE__, "names %s: %s wrote its out-parameter", BAD_NAMES[i].names, functions[f]);
                mc_string_free(out);
            }
            CHECK_UNCHANGED(d, &before);
            support_snapshot_free(&before);
        }
    }
    mc_draft_free(d);
}

static void markdown_functions_refuse_bad_markdown_and_null(void) {
    static const char *const bad_utf8[] = {"\xC0\xAF", "a\x80", "\xED\xA0\x80", "ok\xF0\x9F", "\xFF"};
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("keep", SPAN(0, 4, "italic")));
    for (size_t i = 0; i < ARRAY_LEN(bad_utf8); i++) {
        char *out = SENTINEL;
        CHECK_REFUSED(mc_markdown_parse(bad_utf8[i], &out), MC_ERR_INVALID_UTF8, "mc_markdown_parse");
        CHECK_REFUSED(mc_markdown_parse_with_mentions(bad_utf8[i], "{}", &out), MC_ERR_INVALID_UTF8,
                      "mc_markdown_parse_with_mentions");
        CHECK_REFUSED(mc_markdown_to_plain_text(bad_utf8[i], NULL, 10, &out), MC_ERR_INVALID_UTF8,
                      "mc_markdown_to_plain_text");
        CHECK_REFUSED(mc_markdown_to_html(bad_utf8[i], NULL, &out), MC_ERR_INVALID_UTF8, "mc_markdown_to_html");
        CHECK_REFUSED_MESSAGE(d, mc_draft_load_markdown(d, bad_utf8[i], NULL), MC_ERR_INVALID_UTF8, "mc_draft_load_markdown",
                              "mc_draft_load_markdown: invalid UTF-8 in string argument");
        CHECK(out == SENTINEL);
    }
    char *out = SENTINEL;
    CHECK_REFUSED(mc_markdown_parse(NULL, &out), MC_ERR_NULL_ARGUMENT, "mc_markdown_parse");
    CHECK_EQ_STR(mc_last_error(), "mc_markdown_parse: markdown is NULL");
    CHECK_REFUSED(mc_markdown_parse("x", NULL), MC_ERR_NULL_ARGUMENT, "mc_markdown_parse");
    CHECK_EQ_STR(mc_last_error(), "mc_markdown_parse: out_document_json is NULL");
    CHECK_REFUSED(mc_markdown_parse_with_mentions(NULL, NULL, &out), MC_ERR_NULL_ARGUMENT, "mc_markdown_parse_with_mentions");
    CHECK_EQ_STR(mc_last_error(), "mc_markdown_parse_with_mentions: markdown is NULL");
    CHECK_REFUSED(mc_markdown_parse_with_mentions("x", NULL, NULL), MC_ERR_NULL_ARGUMENT,
                  "mc_markdown_parse_with_mentions");
    CHECK_EQ_STR(mc_last_error(), "mc_markdown_parse_with_mentions: out_document_json is NULL");
    CHECK_REFUSED(mc_markdown_to_plain_text(NULL, NULL, -1, &out), MC_ERR_NULL_ARGUMENT, "mc_markdown_to_plain_text");
    CHECK_EQ_STR(mc_last_error(), "mc_markdown_to_plain_text: markdown is NULL");
    CHECK_REFUSED(mc_markdown_to_plain_text("x", NULL, -1, NULL), MC_ERR_NULL_ARGUMENT, "mc_markdown_to_plain_text");
    CHECK_EQ_STR(mc_last_error(), "mc_markdown_to_plain_text: out_text is NULL");
    CHECK_REFUSED(mc_markdown_to_html(NULL, NULL, &out), MC_ERR_NULL_ARGUMENT, "mc_markdown_to_html");
    CHECK_EQ_STR(mc_last_error(), "mc_markdown_to_html: markdown is NULL");
    CHECK_REFUSED(mc_markdown_to_html("x", NULL, NULL), MC_ERR_NULL_ARGUMENT, "mc_markdown_to_html");
    CHECK_EQ_STR(mc_last_error(), "mc_markdown_to_html: out_html is NULL");
    CHECK(out == SENTINEL);
    CHECK_REFUSED_MESSAGE(d, mc_draft_load_markdown(d, NULL, "{}"), MC_ERR_NULL_ARGUMENT, "mc_draft_load_markdown",
                          "mc_draft_load_markdown: markdown is NULL");
    CHECK_BAD_HANDLES("mc_draft_load_markdown", mc_draft_load_markdown(bad_handle_, "x", NULL));
    CHECK_BAD_HANDLES("mc_draft_normalize_markdown", mc_draft_normalize_markdown(bad_handle_));
    mc_draft_free(d);
}

/* ---- normalize ---- */

static void normalize_converts_hand_typed_markdown(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    TYPE(d, "**x** and _y_");
    CHECK_OK(mc_draft_normalize_markdown(d));
    CHECK_DOC(d, DOC("x and y", SPAN(0, 1, "bold") "," SPAN(6, 7, "italic")));
    CHECK_SELECTION(d, 7, 7);
    CHECK_MARKDOWN(d, "**x** and *y*");
    CHECK_OK(mc_draft_undo(d)); /* one step */
    CHECK_DOC(d, DOC("**x** and _y_", ""));

    REQUIRE_LOAD(d, DOC("", ""));
    CHECK_OK(mc_draft_insert(d, "see `code`, [a](b.io) and ~~s~~"));
    CHECK_OK(mc_draft_normalize_markdown(d));
    CHECK_DOC(d, DOC("see code, a and s", SPAN(4, 8, "code") "," LINK(10, 11, "https://b.io") "," SPAN(16, 17, "strike")));

    /* A hand-typed list or quote on one line. */
    REQUIRE_LOAD(d, DOC("> quoted", ""));
    CHECK_OK(mc_draft_normalize_markdown(d));
    CHECK_DOC(d, DOC("quoted", SPAN(0, 6, "quote")));

    /* Already formatted text stays literal; mentions keep their names. */
    REQUIRE_LOAD(d, DOC("**bold** already @Al *x*", SPAN(0, 8, "italic") "," MENTION(17, 20, "u1", "Al")));
    CHECK_OK(mc_draft_normalize_markdown(d));
    CHECK_DOC(d, DOC("**bold** already @Al x", SPAN(0, 8, "italic") "," MENTION(17, 20, "u1", "Al") "," SPAN(21, 22, "italic")));

    /* Nothing to convert: nothing changes (no undo step either). */
    REQUIRE_LOAD(d, DOC("a * b _ c <x> 2 < 3", ""));
    draft_state before;
    REQUIRE(support_snapshot(__FILE__, __LINE__, d, &before));
    CHECK_OK(mc_draft_normalize_markdown(d));
    CHECK_UNCHANGED(d, &before);
    support_snapshot_free(&before);
    mc_draft_free(d);
}

static void normalize_does_nothing_without_rich_text(void) {
    REQUIRE_NEW_DRAFT(d, "{\"rich_text\":false}");
    TYPE(d, "**x** and _y_");
    draft_state before;
    REQUIRE(support_snapshot(__FILE__, __LINE__, d, &before));
    CHECK_OK(mc_draft_normalize_markdown(d));
    CHECK_UNCHANGED(d, &before);
    support_snapshot_free(&before);
    CHECK_MARKDOWN(d, "\\*\\*x\\*\\* and \\_y\\_");
    mc_draft_free(d);
}

/* ---- plain text ---- */

static void plain_text_drops_formatting(void) {
    CHECK_PLAIN("**Hi** <@uid:u1>, see [docs](https://x.io)", "{\"u1\":\"Bob\"}", -1, "Hi @Bob, see docs");
    CHECK_PLAIN("**Hi** <@uid:u1>, see [docs](https://x.io)", NULL, -1, "Hi @u1, see docs");
    CHECK_PLAIN("- one\n- two\n\n> quote\n\n```\n<code>\n```", NULL, -1, "one\ntwo\nquote\n<code>");
    CHECK_PLAIN("\\*lit\\* &amp; &#x1F600;", NULL, -1, "*lit* & " S_GRIN);
    CHECK_PLAIN("", NULL, -1, "");
    CHECK_PLAIN(EVERYTHING_MARKDOWN, "{\"u42\":\"Bob\"}", -1,
                "bold italic strike under code link red @Bob\nquoted\none\ntwo\nfirst\nsecond\nlet x = 1\nend");
}

static void plain_text_truncates_on_grapheme_boundaries(void) {
    CHECK_PLAIN("Hello world", NULL, 5, "Hello" S_ELLIPSIS);
    CHECK_PLAIN("Hello", NULL, 5, "Hello"); /* exactly the limit: no ellipsis */
    CHECK_PLAIN("Hello", NULL, 6, "Hello");
    CHECK_PLAIN("Hello", NULL, 0, S_ELLIPSIS);
    CHECK_PLAIN("", NULL, 0, "");
    CHECK_PLAIN("Hello", NULL, -1, "Hello");
    CHECK_PLAIN("Hello", NULL, INT64_MIN, "Hello");
    CHECK_PLAIN("Hello", NULL, INT64_MAX, "Hello");
    /* Clusters are never split: a ZWJ family, flags, skin tones, accents, keycaps count as one each. */
    CHECK_PLAIN("ab" S_FAMILY "cd", NULL, 3, "ab" S_FAMILY S_ELLIPSIS);
    CHECK_PLAIN("ab" S_FAMILY "cd", NULL, 2, "ab" S_ELLIPSIS);
    CHECK_PLAIN(S_FLAG_FR S_FLAG_DE S_FLAG_FR, NULL, 2, S_FLAG_FR S_FLAG_DE S_ELLIPSIS);
    CHECK_PLAIN(S_THUMBS_MEDIUM S_THUMBS_MEDIUM, NULL, 1, S_THUMBS_MEDIUM S_ELLIPSIS);
    CHECK_PLAIN(S_E_ACUTE S_E_ACUTE S_E_ACUTE, NULL, 2, S_E_ACUTE S_E_ACUTE S_ELLIPSIS);
    CHECK_PLAIN(S_KEYCAP_1 "x", NULL, 1, S_KEYCAP_1 S_ELLIPSIS);
    /* Mentions count as the graphemes of "@Name"; formatting is not counted. */
    CHECK_PLAIN("**ab** <@uid:u1> tail", "{\"u1\":\"Bob\"}", 7, "ab @Bob" S_ELLIPSIS);
    CHECK_PLAIN("line one\nline two", NULL, 9, "line one\n" S_ELLIPSIS);
}

/* ---- HTML ---- */

static void html_escapes_everything(void) {
    CHECK_HTML("<script>alert(1)</script> & \"q\" 'a'", NULL,
               "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; &#39;a&#39;</p>");
    CHECK_HTML("[x](https://a.io/?a=1&b=2) <@uid:u1>", "{\"u1\":\"<b>Bob</b>\"}",
               "<p><a href=\"https://a.io/?a=1&amp;b=2\" rel=\"nofollow noopener noreferrer\">x</a> "
               "<span class=\"mention\" data-uid=\"u1\">@&lt;b&gt;Bob&lt;/b&gt;</span></p>");
    CHECK_HTML("[x](javascript:alert(1)) [y](data:text/html,z)", NULL, "<p>x y</p>");
    CHECK_HTML("[x](example.com)", NULL,
               "<p><a href=\"https://example.com\" rel=\"nofollow noopener noreferrer\">x</a></p>");
    CHECK_HTML("**b** *i* ~~s~~ <u>u</u> `c<>` <color=#ff0000>r</color>", NULL,
               "<p><strong>b</strong> <em>i</em> <del>s</del> <u>u</u> <code>c&lt;&gt;</code> "
               "<span style=\"color:#ff0000\">r</span></p>");
    CHECK_HTML("- a\n- b\n\n1. c\n\n> q\n> r\n\n```\n<x>\n&amp;\n```", NULL,
               "<ul><li>a</li><li>b</li></ul><ol><li>c</li></ol><blockquote><p>q<br>r</p></blockquote>"
               "<pre><code>&lt;x&gt;\n&amp;amp;</code></pre>");
    CHECK_HTML("", NULL, "<p></p>");
    CHECK_HTML("a\\\nb", NULL, "<p>a<br>b</p>");
    CHECK_HTML("<@uid:u1>", NULL, "<p><span class=\"mention\" data-uid=\"u1\">@u1</span></p>");
    CHECK_HTML("***both***", NULL, "<p><strong><em>both</em></strong></p>");
}

static const harness_test TESTS[] = {
    HARNESS_TEST(serialize_writes_every_format),
    HARNESS_TEST(serialize_without_rich_text_escapes_everything),
    HARNESS_TEST(parse_reads_the_supported_subset),
    HARNESS_TEST(parse_with_mentions_names_them),
    HARNESS_TEST(round_trip_gives_the_same_document),
    HARNESS_TEST(load_markdown_replaces_the_content),
    HARNESS_TEST(markdown_functions_refuse_bad_mention_names),
    HARNESS_TEST(markdown_functions_refuse_bad_markdown_and_null),
    HARNESS_TEST(normalize_converts_hand_typed_markdown),
    HARNESS_TEST(normalize_does_nothing_without_rich_text),
    HARNESS_TEST(plain_text_drops_formatting),
    HARNESS_TEST(plain_text_truncates_on_grapheme_boundaries),
    HARNESS_TEST(html_escapes_everything),
};

void register_markdown_tests(void) { HARNESS_REGISTER("markdown", TESTS); }
