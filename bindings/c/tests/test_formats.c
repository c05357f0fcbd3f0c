/*
 * test_formats.c: the format functions at the C boundary: every MC_FORMAT_* reaches its own format
 * (mc_draft_apply_format / _remove_format / _toggle_format), the active formats JSON
 * (mc_draft_active_formats), the link and mention calls (mc_draft_set_link / _remove_link /
 * _insert_link, mc_draft_insert_mention, mc_draft_mentions JSON), and every refused input with its
 * status and message, leaving the draft unchanged (the mention limit's banner is the one exception).
 * What the formats do (protection, what each kind reaches, caret formats, links and mentions inside
 * other runs) is the engine's: Tests/ComposerCoreTests (InlineFormatTests, BlockFormatTests,
 * FormatOperationTests, MentionTests).
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

/* MC_FLAG_PROTECT reaches the engine through each of the three calls: with it, a link is carved out
   of the range; without it, the link is formatted too (what protection carves out is the engine's,
   InlineFormatTests). The other tests pass the flag on plain text, where it changes nothing. */
static void protect_flag_reaches_the_engine(void) {
#define SEE_DOCS(spans) DOC("see docs", spans)
#define LINKED LINK(4, 8, "https://example.com")
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, SEE_DOCS(LINKED));
    CHECK_OK(mc_draft_apply_format(d, 0, 8, MC_FORMAT_BOLD, NULL, P));
    CHECK_DOC(d, SEE_DOCS(SPAN(0, 4, "bold") "," LINKED));
    CHECK_OK(mc_draft_apply_format(d, 0, 8, MC_FORMAT_BOLD, NULL, 0));
    CHECK_DOC(d, SEE_DOCS(SPAN(0, 8, "bold") "," LINKED));
    CHECK_OK(mc_draft_remove_format(d, 0, 8, MC_FORMAT_BOLD, P));
    CHECK_DOC(d, SEE_DOCS(SPAN(4, 8, "bold") "," LINKED));
    CHECK_OK(mc_draft_remove_format(d, 0, 8, MC_FORMAT_BOLD, 0));
    CHECK_DOC(d, SEE_DOCS(LINKED));
    CHECK_OK(mc_draft_toggle_format(d, 0, 8, MC_FORMAT_BOLD, NULL, P));
    CHECK_DOC(d, SEE_DOCS(SPAN(0, 4, "bold") "," LINKED));
    CHECK_OK(mc_draft_toggle_format(d, 0, 8, MC_FORMAT_BOLD, NULL, 0));
    CHECK_DOC(d, SEE_DOCS(SPAN(0, 8, "bold") "," LINKED));
    mc_draft_free(d);
#undef SEE_DOCS
#undef LINKED
}

/* ---- active formats ---- */

static void active_formats_json(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_ACTIVE(d, NO_FORMATS);
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

static void link_calls_reach_the_engine(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("see docs", ""));
    CHECK_OK(mc_draft_set_selection(d, 4, 8));
    CHECK_OK(mc_draft_set_link(d, "example.com"));
    CHECK_DOC(d, DOC("see docs", LINK(4, 8, "https://example.com")));
    CHECK_ACTIVE(d, "{\"formats\":[\"link\"],\"link\":\"https://example.com\",\"color\":null}");
    CHECK_OK(mc_draft_remove_link(d));
    CHECK_DOC(d, DOC("see docs", ""));
    CHECK_OK(mc_draft_set_selection(d, 8, 8));
    CHECK_OK(mc_draft_insert_link(d, " " S_GRIN, "mailto:a@b.io"));
    CHECK_DOC(d, DOC("see docs " S_GRIN, LINK(8, 10, "mailto:a@b.io")));
    CHECK_SELECTION(d, 10, 10);
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
    HARNESS_TEST(protect_flag_reaches_the_engine),
    HARNESS_TEST(active_formats_json),
    HARNESS_TEST(format_calls_refuse_bad_input),
    HARNESS_TEST(format_calls_refuse_bad_handles),
    HARNESS_TEST(link_calls_reach_the_engine),
    HARNESS_TEST(link_functions_refuse_bad_input),
    HARNESS_TEST(insert_mention_inserts_an_atomic_run),
    HARNESS_TEST(insert_mention_refuses_bad_input),
    HARNESS_TEST(mention_limit_and_disabled_mentions),
};

void register_formats_tests(void) { HARNESS_REGISTER("formats", TESTS); }
