/*
 * test_markdown.c: the wire-format functions at the C boundary: mc_draft_serialize, mc_markdown_parse /
 * _with_mentions (mentions_json read into names, NULL as none), mc_draft_load_markdown,
 * mc_markdown_to_plain_text (max_graphemes < 0 means no limit, int64 extremes) and mc_markdown_to_html
 * (mention names from JSON, escaped), and every refused input (bad mentions_json, invalid UTF-8, NULL
 * arguments, out-parameters untouched). The wire format itself (exact markdown, the subset read back,
 * round trips, normalizing) is the engine's: Tests/ComposerCoreTests/Markdown.
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
    CHECK_BAD_HANDLES("mc_draft_serialize", mc_draft_serialize(bad_handle_, &(char *){NULL}));
    CHECK_REFUSED_MESSAGE(d, mc_draft_serialize(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_serialize",
                          "mc_draft_serialize: out_markdown is NULL");
    mc_draft_free(d);
}

/* ---- parse ---- */

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

static void normalize_reaches_the_engine(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_insert(d, "**x** y"));
    CHECK_OK(mc_draft_normalize_markdown(d));
    CHECK_DOC(d, DOC("x y", SPAN(0, 1, "bold")));
    mc_draft_free(d);
}

/* ---- plain text ---- */

/* A negative max_graphemes means no limit, whatever its size; names come from mentions_json. */
static void plain_text_takes_names_and_any_max(void) {
    CHECK_PLAIN("Hello world", NULL, 5, "Hello" S_ELLIPSIS);
    CHECK_PLAIN("Hello", NULL, 0, S_ELLIPSIS);
    CHECK_PLAIN("Hello", NULL, -1, "Hello");
    CHECK_PLAIN("Hello", NULL, INT64_MIN, "Hello");
    CHECK_PLAIN("Hello", NULL, INT64_MAX, "Hello");
    CHECK_PLAIN("ab" S_FAMILY "cd", NULL, 3, "ab" S_FAMILY S_ELLIPSIS);
    CHECK_PLAIN("**ab** <@uid:u1> tail", "{\"u1\":\"Bob\"}", 7, "ab @Bob" S_ELLIPSIS);
    CHECK_PLAIN("**Hi** <@uid:u1>", NULL, -1, "Hi @u1");
}

/* ---- HTML ---- */

static void html_takes_names_and_escapes_them(void) {
    CHECK_HTML("<script>alert(1)</script> & \"q\" 'a'", NULL,
               "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; &#39;a&#39;</p>");
    CHECK_HTML("[x](https://a.io/?a=1&b=2) <@uid:u1>", "{\"u1\":\"<b>Bob</b>\"}",
               "<p><a href=\"https://a.io/?a=1&amp;b=2\" rel=\"nofollow noopener noreferrer\">x</a> "
               "<span class=\"mention\" data-uid=\"u1\">@&lt;b&gt;Bob&lt;/b&gt;</span></p>");
    CHECK_HTML("", NULL, "<p></p>");
}

static const harness_test TESTS[] = {
    HARNESS_TEST(serialize_writes_every_format),
    HARNESS_TEST(parse_with_mentions_names_them),
    HARNESS_TEST(load_markdown_replaces_the_content),
    HARNESS_TEST(markdown_functions_refuse_bad_mention_names),
    HARNESS_TEST(markdown_functions_refuse_bad_markdown_and_null),
    HARNESS_TEST(normalize_reaches_the_engine),
    HARNESS_TEST(plain_text_takes_names_and_any_max),
    HARNESS_TEST(html_takes_names_and_escapes_them),
};

void register_markdown_tests(void) { HARNESS_REGISTER("markdown", TESTS); }
