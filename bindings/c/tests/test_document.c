/*
 * test_document.c: mc_draft_load_document and mc_draft_document at the C boundary: document JSON in
 * (escapes, key order, whitespace, a missing "spans") and canonical compact JSON out (raw UTF-8), every
 * class of refused document with its status and message, each leaving the draft unchanged, and
 * mc_draft_spans' refused ranges. Canonical forms and the spans of a range are the engine's:
 * Tests/ComposerCoreTests (DocumentJSONTests, LoadedDocumentTests).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"


typedef struct {
    const char *what;
    const char *input;
    const char *canonical;
} canonical_case;

static const canonical_case CANONICAL[] = {
    {"empty", "{\"text\":\"\"}", DOC("", "")},
    {"design example",
     DOC("Hi @Bob, see docs\\nline two",
         SPAN(18, 26, "quote") "," LINK(13, 17, "https://example.com/docs") "," MENTION(3, 7, "u42", "Bob") ","
         SPAN(0, 2, "bold")),
     DOC("Hi @Bob, see docs\\nline two",
         SPAN(0, 2, "bold") "," MENTION(3, 7, "u42", "Bob") "," LINK(13, 17, "https://example.com/docs") ","
         SPAN(18, 26, "quote"))},
    {"escapes decoded, output raw UTF-8", "{\"text\":\"\\ud83d\\ude00\\u00e9\\u0041\\/\"}",
     DOC("\xF0\x9F\x98\x80\xC3\xA9" "A/", "")},
    {"offsets count scalars", DOC("\xF0\x9F\x98\x80 ok", SPAN(0, 1, "bold") "," SPAN(2, 4, "italic")),
     DOC("\xF0\x9F\x98\x80 ok", SPAN(0, 1, "bold") "," SPAN(2, 4, "italic"))},
    {"keys in any order, whitespace around",
     " {\n \"spans\" : [ {\"format\":\"bold\", \"end\":2, \"start\":0} ] ,\n \"text\" : \"ab\" } \n",
     DOC("ab", SPAN(0, 2, "bold"))},
};

static void load_gives_the_canonical_document(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    for (size_t i = 0; i < ARRAY_LEN(CANONICAL); i++) {
        const canonical_case *c = &CANONICAL[i];
        if (mc_draft_load_document(d, c->input) != MC_OK) {
            harness_fail(__FILE__, __LINE__, "case \"%s\": load refused", c->what);
            continue;
        }
        char *json = support_document(d);
        if (!json || strcmp(json, c->canonical) != 0) {
            harness_fail(__FILE__, __LINE__, "case \"%s\":\n    got      %s\n    expected %s", c->what,
                         json ? json : "NULL", c->canonical);
        }
        mc_string_free(json);
    }
    mc_draft_free(d);
}

static void load_replaces_everything_and_moves_the_caret_to_the_end(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_replace(d, 0, 0, "old text"));
    CHECK_OK(mc_draft_set_selection(d, 1, 4));
    REQUIRE_LOAD(d, DOC("\xF0\x9F\x98\x80 new", SPAN(2, 5, "bold")));
    CHECK_TEXT(d, "\xF0\x9F\x98\x80 new");
    CHECK_LENGTH(d, 5);
    CHECK_SELECTION(d, 5, 5);
    REQUIRE_LOAD(d, "{\"text\":\"\"}");
    CHECK_DOC(d, DOC("", ""));
    CHECK_SELECTION(d, 0, 0);
    CHECK_CONFIG(d, DEFAULT_CONFIG_JSON); /* loading never touches the configuration */
    mc_draft_free(d);
}

typedef struct {
    const char *json;
    mc_status status;
    const char *message; /* a substring of mc_last_error() */
} refusal_case;

/* Loads each case into a draft holding a formatted document and a selection; each must be refused with
   its status and message and leave the draft exactly as it was. */
static void check_refusals(const char *file, int line, const refusal_case *cases, size_t count) {
    mc_draft *d = NULL;
    if (!support_new_draft(file, line, NULL, &d)) return;
    if (!support_load(file, line, d, DOC("Hi @Bob\\nsecond", MENTION(3, 7, "u1", "Bob") "," SPAN(0, 2, "bold") ","
                                         SPAN(8, 14, "quote") "," LINK(10, 14, "https://x.io")))) {
        mc_draft_free(d);
        return;
    }
    mc_draft_set_selection(d, 9, 1);
    draft_state before;
    if (!support_snapshot(file, line, d, &before)) {
        mc_draft_free(d);
        return;
    }
    for (size_t i = 0; i < count; i++) {
        support_prime_last_error("mc_draft_load_document");
        mc_status status = mc_draft_load_document(d, cases[i].json);
        int ok = support_check_refused(file, line, cases[i].json, status, cases[i].status, "mc_draft_load_document");
        if (cases[i].message && !strstr(mc_last_error(), cases[i].message)) {
            harness_fail(file, line, "case %zu: mc_last_error() lacks \"%s\"", i, cases[i].message);
            ok = 0;
        }
        support_check_unchanged(file, line, d, &before);
        if (!ok) printf("    (refusal case %zu: %s)\n", i, cases[i].json);
    }
    support_snapshot_free(&before);
    mc_draft_free(d);
}

static void load_refuses_malformed_json(void) {
    static const refusal_case cases[] = {
        {"", MC_ERR_INVALID_JSON, "invalid JSON: unexpected end of input at byte 0"},
        {"{", MC_ERR_INVALID_JSON, "invalid JSON"},
        {"{\"text\":\"a\",}", MC_ERR_INVALID_JSON, "expected a string key"},
        {"{\"text\":\"a\"} x", MC_ERR_INVALID_JSON, "unexpected data after the JSON value at byte 13"},
        {"{\"text\":\"a\",\"text\":\"b\"}", MC_ERR_INVALID_JSON, "duplicate key \"text\""},
        {"{\"text\":'a'}", MC_ERR_INVALID_JSON, "unexpected character"},
        {"{\"text\":\"\\ud800\"}", MC_ERR_INVALID_JSON, "unpaired surrogate"},
        {"{\"text\":\"\\udc00\\ud800\"}", MC_ERR_INVALID_JSON, "unpaired surrogate"},
        {"{\"text\":\"a\\qb\"}", MC_ERR_INVALID_JSON, "invalid escape"},
        {"{\"text\":\"\\u12\"}", MC_ERR_INVALID_JSON, "\\u escape"},
        {"{\"text\":\"\\u12G4\"}", MC_ERR_INVALID_JSON, "invalid \\u escape"},
        {"{\"text\":\"a\tb\"}", MC_ERR_INVALID_JSON, "control character in string"},
        {"{\"text\":\"a\nb\"}", MC_ERR_INVALID_JSON, "control character in string"},
        {"{\"text\":\"a\"", MC_ERR_INVALID_JSON, "unterminated object"},
        {"{\"text\":\"a", MC_ERR_INVALID_JSON, "unterminated string"},
        {"{\"text\":\"a\",\"spans\":[,]}", MC_ERR_INVALID_JSON, "unexpected character"},
        {"{\"text\":\"a\",\"spans\":[" SPAN(0, 1, "bold") "}", MC_ERR_INVALID_JSON, "expected ',' or ']'"},
        {"{\"text\":\"ab\",\"spans\":[{\"start\":00,\"end\":1,\"format\":\"bold\"}]}", MC_ERR_INVALID_JSON,
         "leading zero"},
        {"{\"text\":\"a\" /* note */}", MC_ERR_INVALID_JSON, "invalid JSON"},
        {"{\"text\":\"a\"}\n{\"text\":\"b\"}", MC_ERR_INVALID_JSON, "unexpected data after the JSON value"},
    };
    check_refusals(__FILE__, __LINE__, cases, ARRAY_LEN(cases));
}

static void load_refuses_deep_nesting_without_crashing(void) {
    size_t depth = 200000;
    char *json = malloc(depth + 64);
    REQUIRE(json != NULL);
    strcpy(json, "{\"text\":\"a\",\"spans\":");
    size_t n = strlen(json);
    memset(json + n, '[', depth);
    json[n + depth] = '\0';
    refusal_case cases[] = {{json, MC_ERR_LIMIT_EXCEEDED, "JSON nested deeper than 128 levels"}};
    check_refusals(__FILE__, __LINE__, cases, ARRAY_LEN(cases));
    free(json);
}

static void load_refuses_ill_formed_documents(void) {
    static const refusal_case cases[] = {
        {"[]", MC_ERR_INVALID_ARGUMENT, "document must be a JSON object, not array"},
        {"\"text\"", MC_ERR_INVALID_ARGUMENT, "document must be a JSON object, not string"},
        {"null", MC_ERR_INVALID_ARGUMENT, "document must be a JSON object, not null"},
        {"{}", MC_ERR_INVALID_ARGUMENT, "document: \"text\" is required"},
        {"{\"spans\":[]}", MC_ERR_INVALID_ARGUMENT, "document: \"text\" is required"},
        {"{\"text\":5}", MC_ERR_INVALID_ARGUMENT, "document: \"text\" must be a string, not number"},
        {"{\"text\":null}", MC_ERR_INVALID_ARGUMENT, "\"text\" must be a string, not null"},
        {"{\"text\":[\"a\"]}", MC_ERR_INVALID_ARGUMENT, "\"text\" must be a string, not array"},
        /* A draft never holds a carriage return: line breaks are "\n" only. */
        {DOC("a\\rb", ""), MC_ERR_INVALID_ARGUMENT,
         "text holds a carriage return at offset 1; line breaks are \"\\n\" only"},
        {DOC("ab\\r\\nc", ""), MC_ERR_INVALID_ARGUMENT, "text holds a carriage return at offset 2"},
        {DOC("ab\\r", SPAN(0, 3, "bold")), MC_ERR_INVALID_ARGUMENT, "text holds a carriage return at offset 2"},
        {"{\"text\":\"a\",\"extra\":1}", MC_ERR_INVALID_ARGUMENT, "document: unknown key \"extra\""},
        {"{\"text\":\"a\",\"Spans\":[]}", MC_ERR_INVALID_ARGUMENT, "unknown key \"Spans\""},
        {"{\"text\":\"a\",\"spans\":{}}", MC_ERR_INVALID_ARGUMENT, "\"spans\" must be an array, not object"},
        {"{\"text\":\"a\",\"spans\":null}", MC_ERR_INVALID_ARGUMENT, "\"spans\" must be an array, not null"},
        {"{\"text\":\"a\",\"spans\":[1]}", MC_ERR_INVALID_ARGUMENT, "spans[0] must be a JSON object, not number"},
        {"{\"text\":\"a\",\"spans\":[" SPAN(0, 1, "bold") ",[]]}", MC_ERR_INVALID_ARGUMENT,
         "spans[1] must be a JSON object, not array"},
        {"{\"text\":\"a\",\"spans\":[{\"end\":1,\"format\":\"bold\"}]}", MC_ERR_INVALID_ARGUMENT,
         "spans[0]: \"start\" is required"},
        {"{\"text\":\"a\",\"spans\":[{\"start\":0,\"format\":\"bold\"}]}", MC_ERR_INVALID_ARGUMENT,
         "spans[0]: \"end\" is required"},
        {"{\"text\":\"a\",\"spans\":[{\"start\":0,\"end\":1}]}", MC_ERR_INVALID_ARGUMENT,
         "spans[0]: \"format\" is required"},
        {"{\"text\":\"a\",\"spans\":[{\"start\":\"0\",\"end\":1,\"format\":\"bold\"}]}", MC_ERR_INVALID_ARGUMENT,
         "spans[0]: \"start\" must be an integer, not string"},
        {"{\"text\":\"a\",\"spans\":[{\"start\":0.0,\"end\":1,\"format\":\"bold\"}]}", MC_ERR_INVALID_ARGUMENT,
         "\"start\" must be an integer, not number"},
        {"{\"text\":\"a\",\"spans\":[{\"start\":0,\"end\":1e20,\"format\":\"bold\"}]}", MC_ERR_INVALID_ARGUMENT,
         "\"end\" must be an integer, not a number past the int64_t range"},
        {"{\"text\":\"a\",\"spans\":[{\"start\":0,\"end\":9223372036854775808,\"format\":\"bold\"}]}",
         MC_ERR_INVALID_ARGUMENT, "\"end\" must be an integer, not a number past the int64_t range"},
        {"{\"text\":\"a\",\"spans\":[{\"start\":0,\"end\":1,\"format\":1}]}", MC_ERR_INVALID_ARGUMENT,
         "\"format\" must be a string, not number"},
        {"{\"text\":\"a\",\"spans\":[" SPAN(0, 1, "javascript") "]}", MC_ERR_INVALID_ARGUMENT,
         "spans[0]: unknown format \"javascript\""},
        {"{\"text\":\"a\",\"spans\":[" SPAN(0, 1, "Bold") "]}", MC_ERR_INVALID_ARGUMENT, "unknown format \"Bold\""},
        {"{\"text\":\"a\",\"spans\":[" SPAN(0, 1, "") "]}", MC_ERR_INVALID_ARGUMENT, "unknown format \"\""},
        {"{\"text\":\"a\",\"spans\":[" SPAN(0, 1, "strikethrough") "]}", MC_ERR_INVALID_ARGUMENT, "unknown format"},
        {"{\"text\":\"a\",\"spans\":[" SPAN(0, 1, "codeBlock") "]}", MC_ERR_INVALID_ARGUMENT, "unknown format"},
        {"{\"text\":\"a\",\"spans\":[" SPAN(0, 1, "bold ") "]}", MC_ERR_INVALID_ARGUMENT, "unknown format"},
        {"{\"text\":\"a\",\"spans\":[" SPAN(0, 1, "bold") "," SPAN(0, 1, "heading") "]}", MC_ERR_INVALID_ARGUMENT,
         "spans[1]: unknown format \"heading\""},
        {"{\"text\":\"a\",\"spans\":[{\"start\":0,\"end\":1,\"format\":\"bold\",\"url\":\"https://x.io\"}]}",
         MC_ERR_INVALID_ARGUMENT, "spans[0]: unknown key \"url\""},
        {"{\"text\":\"a\",\"spans\":[{\"start\":0,\"end\":1,\"format\":\"link\"}]}", MC_ERR_INVALID_ARGUMENT,
         "spans[0]: \"url\" is required"},
        {"{\"text\":\"a\",\"spans\":[{\"start\":0,\"end\":1,\"format\":\"link\",\"url\":7}]}",
         MC_ERR_INVALID_ARGUMENT, "\"url\" must be a string, not number"},
        {"{\"text\":\"a\",\"spans\":[{\"start\":0,\"end\":1,\"format\":\"color\"}]}", MC_ERR_INVALID_ARGUMENT,
         "\"color\" is required"},
        {"{\"text\":\"a\",\"spans\":[{\"start\":0,\"end\":1,\"format\":\"mention\",\"uid\":\"u1\"}]}",
         MC_ERR_INVALID_ARGUMENT, "\"name\" is required"},
        {"{\"text\":\"a\",\"spans\":[{\"start\":0,\"end\":1,\"format\":\"mention\",\"name\":\"A\"}]}",
         MC_ERR_INVALID_ARGUMENT, "\"uid\" is required"},
        {"{\"text\":\"a\",\"spans\":[{\"start\":0,\"end\":1,\"format\":\"quote\",\"color\":\"#fff\"}]}",
         MC_ERR_INVALID_ARGUMENT, "unknown key \"color\""},
    };
    check_refusals(__FILE__, __LINE__, cases, ARRAY_LEN(cases));
}

static void load_refuses_inconsistent_formats(void) {
    static const refusal_case cases[] = {
        {DOC("abcdef", SPAN(1, 6, "quote")), MC_ERR_INVALID_ARGUMENT,
         "block span quote[1,6) does not cover whole lines"},
        {DOC("abcdef", SPAN(0, 3, "quote")), MC_ERR_INVALID_ARGUMENT, "does not cover whole lines"},
        {DOC("ab\\ncd", SPAN(0, 4, "bullet_list")), MC_ERR_INVALID_ARGUMENT, "does not cover whole lines"},
        {DOC("ab\\ncd", SPAN(1, 5, "code_block")), MC_ERR_INVALID_ARGUMENT, "does not cover whole lines"},
        {DOC("ab\\ncd", SPAN(0, 3, "ordered_list")), MC_ERR_INVALID_ARGUMENT, "does not cover whole lines"},
        {DOC("abc", SPAN(0, 0, "quote")), MC_ERR_INVALID_ARGUMENT, "does not cover whole lines"},
        {DOC("abc", SPAN(3, 3, "quote")), MC_ERR_INVALID_ARGUMENT, "does not cover whole lines"},
        {DOC("abc", SPAN(0, 3, "quote") "," SPAN(0, 3, "bullet_list")), MC_ERR_INVALID_ARGUMENT,
         "line 0 has two block formats"},
        {DOC("a\\nb", SPAN(0, 3, "quote") "," SPAN(2, 3, "code_block")), MC_ERR_INVALID_ARGUMENT,
         "line 1 has two block formats"},
        {DOC("abc", SPAN(0, 3, "code_block") "," SPAN(0, 1, "bold")), MC_ERR_INVALID_ARGUMENT,
         "inline span bold[0,1) lies in a code block"},
        {DOC("abc", SPAN(0, 3, "code_block") "," SPAN(0, 3, "code")), MC_ERR_INVALID_ARGUMENT, "lies in a code block"},
        {DOC("abc", SPAN(0, 3, "code_block") "," LINK(0, 3, "https://x.io")), MC_ERR_INVALID_ARGUMENT,
         "lies in a code block"},
        {DOC("abc", SPAN(0, 3, "code") "," SPAN(1, 2, "bold")), MC_ERR_INVALID_ARGUMENT, "overlaps inline code"},
        {DOC("abc", SPAN(1, 2, "italic") "," SPAN(0, 3, "code")), MC_ERR_INVALID_ARGUMENT, "overlaps inline code"},
        {DOC("abc", SPAN(0, 3, "code") "," COLOR(0, 1, "#fff")), MC_ERR_INVALID_ARGUMENT, "overlaps inline code"},
        {DOC("@A", MENTION(0, 2, "u1", "A") "," SPAN(0, 2, "code")), MC_ERR_INVALID_ARGUMENT,
         "overlaps inline code"},
        {DOC("@A", MENTION(0, 2, "u1", "A") "," LINK(0, 2, "https://x.io")), MC_ERR_INVALID_ARGUMENT,
         "puts a link on a mention"},
        {DOC("@Bob x", MENTION(0, 4, "u1", "Bob") "," SPAN(0, 2, "bold")), MC_ERR_INVALID_ARGUMENT,
         "a format covers part of the mention at [0,4) (mentions are atomic)"},
        {DOC("@Bob x", MENTION(0, 4, "u1", "Bob") "," SPAN(3, 6, "italic")), MC_ERR_INVALID_ARGUMENT,
         "mentions are atomic"},
        {DOC("abc", LINK(0, 2, "https://a.com") "," LINK(1, 3, "https://b.com")), MC_ERR_INVALID_ARGUMENT,
         "span link[1,3) overlaps another link with a different value"},
        {DOC("abc", COLOR(0, 2, "#000") "," COLOR(1, 3, "#fff")), MC_ERR_INVALID_ARGUMENT,
         "overlaps another color with a different value"},
        {DOC("@@A", MENTION(0, 2, "u1", "@") "," MENTION(1, 3, "u2", "A")), MC_ERR_INVALID_ARGUMENT,
         "span mention[1,3) overlaps another mention with a different value"},
        /* A mention span's text is exactly "@" + name (the wire format carries the uid only). */
        {DOC("abc", MENTION(0, 2, "u1", "A")), MC_ERR_INVALID_ARGUMENT,
         "mention span mention[0,2) must cover the text \"@A\""},
        {DOC("x@Bo", MENTION(1, 4, "u1", "Bob")), MC_ERR_INVALID_ARGUMENT, "must cover the text \"@Bob\""},
        {DOC("@Bobby", MENTION(0, 6, "u1", "Bob")), MC_ERR_INVALID_ARGUMENT, "must cover the text \"@Bob\""},
        {DOC("@Bob@Bob", MENTION(0, 8, "u1", "Bob")), MC_ERR_INVALID_ARGUMENT, "must cover the text \"@Bob\""},
        {DOC("a\\nb", MENTION(0, 3, "u1", "Bob")), MC_ERR_INVALID_ARGUMENT,
         "mention span mention[0,3) must cover the text \"@Bob\""},
        /* One uid has one name in a message. */
        {DOC("@Bob@Robert", MENTION(0, 4, "u1", "Bob") "," MENTION(4, 11, "u1", "Robert")), MC_ERR_INVALID_ARGUMENT,
         "mention uid \"u1\" has two names (\"Bob\" and \"Robert\"); the wire format carries one"},
        {DOC("@x", MENTION(0, 2, "u 1", "x")), MC_ERR_INVALID_ARGUMENT, "mention uid \"u 1\" must be 1-255 characters"},
        {DOC("@x", MENTION(0, 2, "", "x")), MC_ERR_INVALID_ARGUMENT, "mention uid \"\" must be"},
        {DOC("@x", MENTION(0, 2, "u<1>", "x")), MC_ERR_INVALID_ARGUMENT, "mention uid"},
        {DOC("@x", MENTION(0, 2, "u\\u00e9", "x")), MC_ERR_INVALID_ARGUMENT, "mention uid"},
        /* A U+0000 quoted from the input reads as U+FFFD in the message (it would end the C string). */
        {DOC("@x", MENTION(0, 2, "u\\u0000v", "x")), MC_ERR_INVALID_ARGUMENT,
         "mention uid \"u\xEF\xBF\xBDv\" must be 1-255 characters"},
        {DOC("@x", MENTION(0, 2, "u1", "")), MC_ERR_INVALID_ARGUMENT,
         "mention name must be non-empty, on one line and free of U+0000"},
        {DOC("@x", MENTION(0, 2, "u1", "a\\nb")), MC_ERR_INVALID_ARGUMENT, "mention name must be"},
        {DOC("@x", MENTION(0, 2, "u1", "a\\rb")), MC_ERR_INVALID_ARGUMENT, "mention name must be"},
        {DOC("@ab", MENTION(0, 3, "u1", "a\\u0000b")), MC_ERR_INVALID_ARGUMENT,
         "mention name must be non-empty, on one line and free of U+0000"},
    };
    check_refusals(__FILE__, __LINE__, cases, ARRAY_LEN(cases));
}

static void load_refuses_long_mention_uids(void) {
    char uid[300];
    memset(uid, 'u', sizeof uid - 1);
    uid[sizeof uid - 1] = '\0';
    char ok_doc[600], bad_doc[600];
    uid[255] = '\0'; /* 255 characters: accepted */
    snprintf(ok_doc, sizeof ok_doc, DOC("@x", "{\"start\":0,\"end\":2,\"format\":\"mention\",\"uid\":\"%s\",\"name\":\"x\"}"),
             uid);
    uid[255] = 'u'; /* 256 characters: refused */
    uid[256] = '\0';
    snprintf(bad_doc, sizeof bad_doc, DOC("@x", "{\"start\":0,\"end\":2,\"format\":\"mention\",\"uid\":\"%s\",\"name\":\"x\"}"),
             uid);
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_load_document(d, ok_doc));
    CHECK_DOC(d, ok_doc);
    CHECK_REFUSED_UNCHANGED(d, mc_draft_load_document(d, bad_doc), MC_ERR_INVALID_ARGUMENT, "mc_draft_load_document");
    CHECK_LAST_ERROR_CONTAINS("must be 1-255 characters");
    mc_draft_free(d);
}

static void load_refuses_unsafe_links(void) {
    static const refusal_case cases[] = {
        {DOC("abc", LINK(0, 3, "javascript:alert(1)")), MC_ERR_UNSAFE_LINK,
         "link scheme \"javascript:\" is not allowed (allowed: http, https, mailto)"},
        {DOC("abc", LINK(0, 3, "JavaScript:alert(1)")), MC_ERR_UNSAFE_LINK, "link scheme \"JavaScript:\" is not allowed"},
        {DOC("abc", LINK(0, 3, "JAVASCRIPT:alert(1)")), MC_ERR_UNSAFE_LINK, "is not allowed"},
        {DOC("abc", LINK(0, 3, " javascript:alert(1)")), MC_ERR_UNSAFE_LINK, "forbidden character (U+20)"},
        {DOC("abc", LINK(0, 3, "java\\tscript:alert(1)")), MC_ERR_UNSAFE_LINK, "forbidden character (U+9)"},
        {DOC("abc", LINK(0, 3, "java\\u200bscript:alert(1)")), MC_ERR_UNSAFE_LINK, "forbidden character (U+200B)"},
        {DOC("abc", LINK(0, 3, "javascript\\u0000:x")), MC_ERR_UNSAFE_LINK, "forbidden character (U+0)"},
        {DOC("abc", LINK(0, 3, "data:text/html,<b>x</b>")), MC_ERR_UNSAFE_LINK, "forbidden character"},
        {DOC("abc", LINK(0, 3, "data:text/html;base64,PGI+")), MC_ERR_UNSAFE_LINK, "link scheme \"data:\""},
        {DOC("abc", LINK(0, 3, "vbscript:msgbox")), MC_ERR_UNSAFE_LINK, "link scheme \"vbscript:\""},
        {DOC("abc", LINK(0, 3, "file:///etc/passwd")), MC_ERR_UNSAFE_LINK, "link scheme \"file:\""},
        {DOC("abc", LINK(0, 3, "ftp://example.com")), MC_ERR_UNSAFE_LINK, "link scheme \"ftp:\""},
        {DOC("abc", LINK(0, 3, "/relative/path")), MC_ERR_UNSAFE_LINK, "has no scheme and does not start with a host"},
        {DOC("abc", LINK(0, 3, "../up")), MC_ERR_UNSAFE_LINK, "has no scheme"},
        {DOC("abc", LINK(0, 3, "localhost")), MC_ERR_UNSAFE_LINK, "has no scheme"},
        {DOC("abc", LINK(0, 3, "")), MC_ERR_UNSAFE_LINK, "link URL is empty"},
        {DOC("abc", LINK(0, 3, "http:")), MC_ERR_UNSAFE_LINK, "http link has no host"},
        {DOC("abc", LINK(0, 3, "https://")), MC_ERR_UNSAFE_LINK, "https link has no host"},
        {DOC("abc", LINK(0, 3, "https:///path")), MC_ERR_UNSAFE_LINK, "https link has no host"},
        {DOC("abc", LINK(0, 3, "https:example.com")), MC_ERR_UNSAFE_LINK, "https link has no host"},
        {DOC("abc", LINK(0, 3, "mailto:")), MC_ERR_UNSAFE_LINK, "mailto link has no address"},
        {DOC("abc", LINK(0, 3, "mailto:@x.io")), MC_ERR_UNSAFE_LINK, "mailto link has no address"},
        {DOC("abc", LINK(0, 3, "https://a.io/<script>")), MC_ERR_UNSAFE_LINK, "forbidden character (U+3C)"},
        {DOC("abc", LINK(0, 3, "https://a.io/\\\"x")), MC_ERR_UNSAFE_LINK, "forbidden character (U+22)"},
        {DOC("abc", LINK(0, 3, "https://a.io/\\\\x")), MC_ERR_UNSAFE_LINK, "forbidden character (U+5C)"},
        {DOC("abc", LINK(0, 3, "https://a.io/a b")), MC_ERR_UNSAFE_LINK, "forbidden character (U+20)"},
        /* A bad link in a later span is found even after good spans. */
        {DOC("abc", SPAN(0, 3, "bold") "," LINK(0, 1, "https://ok.io") "," LINK(2, 3, "javascript:x")),
         MC_ERR_UNSAFE_LINK, "javascript"},
    };
    check_refusals(__FILE__, __LINE__, cases, ARRAY_LEN(cases));
}

/* Link URLs are limited to 4096 characters (after normalization they may grow by "https://"). */
static void load_limits_link_length(void) {
    static const char prefix[] = "{\"text\":\"a\",\"spans\":[{\"start\":0,\"end\":1,\"format\":\"link\",\"url\":\"https://a.io/";
    static const char suffix[] = "\"}]}";
    size_t fixed = strlen("https://a.io/");
    char *json = malloc(sizeof prefix + 5000 + sizeof suffix);
    REQUIRE(json != NULL);
    REQUIRE_NEW_DRAFT(d, NULL);
    /* 4096 characters: accepted and kept whole. */
    strcpy(json, prefix);
    memset(json + strlen(prefix), 'p', 4096 - fixed);
    strcpy(json + strlen(prefix) + 4096 - fixed, suffix);
    CHECK_OK(mc_draft_load_document(d, json));
    CHECK_DOC(d, json);
    /* 4097 characters: refused. */
    strcpy(json, prefix);
    memset(json + strlen(prefix), 'p', 4097 - fixed);
    strcpy(json + strlen(prefix) + 4097 - fixed, suffix);
    CHECK_REFUSED_UNCHANGED(d, mc_draft_load_document(d, json), MC_ERR_UNSAFE_LINK, "mc_draft_load_document");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_load_document: link URL is longer than 4096 characters");
    free(json);
    mc_draft_free(d);
}

static void load_refuses_bad_colours(void) {
    static const refusal_case cases[] = {
        {DOC("abc", COLOR(0, 3, "red")), MC_ERR_INVALID_COLOR, "colour \"red\" must be #rgb or #rrggbb"},
        {DOC("abc", COLOR(0, 3, "")), MC_ERR_INVALID_COLOR, "colour \"\" must be #rgb or #rrggbb"},
        {DOC("abc", COLOR(0, 3, "#")), MC_ERR_INVALID_COLOR, "must be #rgb or #rrggbb"},
        {DOC("abc", COLOR(0, 3, "abc")), MC_ERR_INVALID_COLOR, "must be #rgb or #rrggbb"},
        {DOC("abc", COLOR(0, 3, "#ab")), MC_ERR_INVALID_COLOR, "must be #rgb or #rrggbb"},
        {DOC("abc", COLOR(0, 3, "#abcd")), MC_ERR_INVALID_COLOR, "must be #rgb or #rrggbb"},
        {DOC("abc", COLOR(0, 3, "#12345")), MC_ERR_INVALID_COLOR, "must be #rgb or #rrggbb"},
        {DOC("abc", COLOR(0, 3, "#aabbccdd")), MC_ERR_INVALID_COLOR, "colour \"#aabbccdd\""},
        {DOC("abc", COLOR(0, 3, "#ggg")), MC_ERR_INVALID_COLOR, "colour \"#ggg\""},
        {DOC("abc", COLOR(0, 3, "#12345g")), MC_ERR_INVALID_COLOR, "must be #rgb or #rrggbb"},
        {DOC("abc", COLOR(0, 3, " #fff")), MC_ERR_INVALID_COLOR, "must be #rgb or #rrggbb"},
        {DOC("abc", COLOR(0, 3, "rgb(0,0,0)")), MC_ERR_INVALID_COLOR, "must be #rgb or #rrggbb"},
        {DOC("abc", COLOR(0, 3, "#\xEF\xBC\xA1\xEF\xBC\xA2\xEF\xBC\xA3")), MC_ERR_INVALID_COLOR, /* fullwidth ABC */
         "must be #rgb or #rrggbb"},
    };
    check_refusals(__FILE__, __LINE__, cases, ARRAY_LEN(cases));
}

static void load_refuses_out_of_range_spans(void) {
    static const refusal_case cases[] = {
        {DOC("abc", SPAN(0, 4, "bold")), MC_ERR_OUT_OF_RANGE, "span bold[0,4) is outside the text (length 3)"},
        {DOC("abc", SPAN(4, 4, "bold")), MC_ERR_OUT_OF_RANGE, "is outside the text (length 3)"},
        {DOC("abc", SPAN(-1, 2, "bold")), MC_ERR_OUT_OF_RANGE, "spans[0]: invalid range [-1, 2)"},
        {DOC("abc", SPAN(2, 1, "italic")), MC_ERR_OUT_OF_RANGE, "spans[0]: invalid range [2, 1)"},
        {DOC("abc", SPAN(0, 9223372036854775807, "bold")), MC_ERR_OUT_OF_RANGE,
         "span bold[0,9223372036854775807) is outside the text (length 3)"},
        {DOC("abc", SPAN(-9223372036854775808, 1, "bold")), MC_ERR_OUT_OF_RANGE,
         "invalid range [-9223372036854775808, 1)"},
        {DOC("abc", SPAN(9223372036854775807, 9223372036854775807, "bold")), MC_ERR_OUT_OF_RANGE, "outside the text"},
        {DOC("abc", SPAN(0, 5, "quote")), MC_ERR_OUT_OF_RANGE, "outside the text"},
        {DOC("", SPAN(0, 1, "quote")), MC_ERR_OUT_OF_RANGE, "outside the text (length 0)"},
        {DOC("abc", LINK(1, 7, "https://x.io")), MC_ERR_OUT_OF_RANGE, "outside the text"},
        /* Offsets are scalars: [0,2) fits one emoji in UTF-16 but not in scalars. */
        {DOC("\xF0\x9F\x98\x80", SPAN(0, 2, "bold")), MC_ERR_OUT_OF_RANGE, "outside the text (length 1)"},
        {DOC("\xC3\xA9t\xC3\xA9", SPAN(0, 5, "bold")), MC_ERR_OUT_OF_RANGE, "outside the text (length 3)"},
        /* A valid span first does not excuse a later one. */
        {DOC("abc", SPAN(0, 1, "bold") "," SPAN(1, 4, "bold")), MC_ERR_OUT_OF_RANGE, "outside the text"},
    };
    check_refusals(__FILE__, __LINE__, cases, ARRAY_LEN(cases));
}

static void load_refuses_invalid_utf8(void) {
    static const refusal_case cases[] = {
        {"{\"text\":\"\xC0\xAF\"}", MC_ERR_INVALID_UTF8, "invalid UTF-8 in string argument"},
        {"{\"text\":\"\x80\"}", MC_ERR_INVALID_UTF8, "invalid UTF-8"},
        {"{\"text\":\"\xED\xA0\x80\"}", MC_ERR_INVALID_UTF8, "invalid UTF-8"},
        {"{\"text\":\"\xE2\x82\"}", MC_ERR_INVALID_UTF8, "invalid UTF-8"},
        {"{\"text\":\"\xF4\x90\x80\x80\"}", MC_ERR_INVALID_UTF8, "invalid UTF-8"},
        {"{\"text\":\"a\",\"spans\":[" LINK(0, 1, "https://x.io/\xFF") "]}", MC_ERR_INVALID_UTF8, "invalid UTF-8"},
        {"{\"te\xC0\xB8t\":\"a\"}", MC_ERR_INVALID_UTF8, "invalid UTF-8"},
        {"\xEF\xBB", MC_ERR_INVALID_UTF8, "invalid UTF-8"},
    };
    check_refusals(__FILE__, __LINE__, cases, ARRAY_LEN(cases));
}

/* The draft never holds U+0000 (strings handed back are NUL-terminated): a JSON escape \u0000 in the text
   or in a mention name is refused, and text and length keep agreeing. */
static void load_refuses_nul_characters(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("ok", SPAN(0, 2, "bold")));
    CHECK_REFUSED_MESSAGE(d, mc_draft_load_document(d, "{\"text\":\"a\\u0000b\"}"), MC_ERR_INVALID_ARGUMENT,
                          "mc_draft_load_document",
                          "mc_draft_load_document: text holds U+0000 at offset 1 (drafts never hold it: C strings "
                          "could not carry it)");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_load_document(d, "{\"text\":\"\\u0000\"}"), MC_ERR_INVALID_ARGUMENT,
                            "mc_draft_load_document");
    CHECK_LAST_ERROR_CONTAINS("U+0000 at offset 0");
    CHECK_REFUSED_MESSAGE(d, mc_draft_load_document(d, DOC("@ab", MENTION(0, 3, "u1", "a\\u0000b"))),
                          MC_ERR_INVALID_ARGUMENT, "mc_draft_load_document",
                          "mc_draft_load_document: mention name must be non-empty, on one line and free of U+0000");
    char *text = support_text(d);
    int64_t length = -1;
    CHECK_OK(mc_draft_length(d, &length));
    CHECK_EQ_INT((int64_t)strlen(text ? text : ""), length);
    CHECK_EQ_STR(text, "ok");
    mc_string_free(text);
    mc_draft_free(d);
}

static void load_refuses_null(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("x", SPAN(0, 1, "bold")));
    CHECK_REFUSED_UNCHANGED(d, mc_draft_load_document(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_load_document");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_load_document: document_json is NULL");
    mc_draft_free(d);
}

static void spans_refuse_ranges_outside_the_text(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, DOC("ab\\n\\ncd", SPAN(0, 2, "bold")));
    char *out = NULL;
    CHECK_REFUSED_MESSAGE(d, mc_draft_spans(d, -1, 2, &out), MC_ERR_OUT_OF_RANGE, "mc_draft_spans",
                          "mc_draft_spans: range [-1, 2) is outside the text (length 6)");
    CHECK_REFUSED_MESSAGE(d, mc_draft_spans(d, 3, 2, &out), MC_ERR_OUT_OF_RANGE, "mc_draft_spans",
                          "mc_draft_spans: range [3, 2) is outside the text (length 6)");
    CHECK_REFUSED_MESSAGE(d, mc_draft_spans(d, 0, 7, &out), MC_ERR_OUT_OF_RANGE, "mc_draft_spans",
                          "mc_draft_spans: range [0, 7) is outside the text (length 6)");
    CHECK_REFUSED_MESSAGE(d, mc_draft_spans(d, INT64_MIN, INT64_MAX, &out), MC_ERR_OUT_OF_RANGE, "mc_draft_spans",
                          "mc_draft_spans: range [-9223372036854775808, 9223372036854775807) is outside the text (length 6)");
    CHECK(out == NULL);
    CHECK_REFUSED_MESSAGE(d, mc_draft_spans(d, 0, 1, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_spans",
                          "mc_draft_spans: out_spans_json is NULL");
    CHECK_BAD_HANDLES("mc_draft_spans", mc_draft_spans(bad_handle_, 0, 0, &out));
    CHECK(out == NULL);
    mc_draft_free(d);
}

static const harness_test TESTS[] = {
    HARNESS_TEST(load_gives_the_canonical_document),
    HARNESS_TEST(load_replaces_everything_and_moves_the_caret_to_the_end),
    HARNESS_TEST(load_refuses_malformed_json),
    HARNESS_TEST(load_refuses_deep_nesting_without_crashing),
    HARNESS_TEST(load_refuses_ill_formed_documents),
    HARNESS_TEST(load_refuses_inconsistent_formats),
    HARNESS_TEST(load_refuses_long_mention_uids),
    HARNESS_TEST(load_refuses_unsafe_links),
    HARNESS_TEST(load_limits_link_length),
    HARNESS_TEST(load_refuses_bad_colours),
    HARNESS_TEST(load_refuses_out_of_range_spans),
    HARNESS_TEST(load_refuses_invalid_utf8),
    HARNESS_TEST(load_refuses_nul_characters),
    HARNESS_TEST(load_refuses_null),
    HARNESS_TEST(spans_refuse_ranges_outside_the_text),
};

void register_document_tests(void) { HARNESS_REGISTER("document", TESTS); }
