/*
 * test_text.c: mc_draft_replace, mc_draft_replace_n, mc_draft_text, mc_draft_length,
 * mc_draft_selection, mc_draft_set_selection at the C boundary: UTF-8 validation (every class of
 * invalid sequence refused, every length boundary taken), offsets in Unicode scalars, exact lengths and
 * embedded NULs in the _n variants, int64 ranges and selections, control characters in the document
 * JSON. What an edit does to formats, blocks and mentions is the engine's:
 * Tests/ComposerCoreTests (TypingTests, TextEditingTests, MentionTests).
 *
 * Non-ASCII text is written as \x escapes (with the character in a comment), so invisible characters
 * (ZWJ, combining marks, RTL marks) are explicit.
 */
#include <stdio.h>
#include <string.h>

#include "support.h"

#define EMOJI_GRIN "\xF0\x9F\x98\x80"                 /* U+1F600 */
#define FAMILY "\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7" /* man ZWJ woman ZWJ girl */
#define FLAG_FR "\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7"    /* regional indicators F R */
#define THUMBS_MEDIUM "\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD" /* U+1F44D U+1F3FD */
#define E_COMBINING "e\xCC\x81"                        /* e + U+0301 */
#define E_PRECOMPOSED "\xC3\xA9"                       /* U+00E9 */
#define CJK "\xE6\xBC\xA2\xE5\xAD\x97"                 /* U+6F22 U+5B57 */
#define HEBREW "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D"      /* shin lamed vav final-mem */
#define ARABIC "\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7" /* meem reh hah beh alef */
#define RLM "\xE2\x80\x8F"                             /* U+200F RIGHT-TO-LEFT MARK */

static void empty_replacement_at_a_caret_only_moves_the_caret(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_replace(d, 0, 0, "abc"));
    CHECK_OK(mc_draft_replace(d, 1, 1, ""));
    CHECK_TEXT(d, "abc");
    CHECK_SELECTION(d, 1, 1);
    CHECK_OK(mc_draft_replace_n(d, 2, 2, NULL, 0));
    CHECK_TEXT(d, "abc");
    CHECK_SELECTION(d, 2, 2);
    mc_draft_free(d);
}

typedef struct {
    int64_t start, end;
} range_case;

static void replace_refuses_out_of_range(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_replace(d, 0, 0, "ab" EMOJI_GRIN "de")); /* 5 scalars, 8 bytes */
    CHECK_OK(mc_draft_set_selection(d, 4, 1));
    static const range_case cases[] = {
        {-1, 0}, {0, -1}, {-1, -1}, {3, 2}, {5, 4}, {0, 6}, {6, 6}, {5, 6}, {0, 8},
        {INT64_MAX, INT64_MAX}, {0, INT64_MAX}, {5, INT64_MAX}, {INT64_MIN, 0}, {INT64_MIN, INT64_MIN},
        {INT64_MIN, INT64_MAX}, {INT64_MAX, 0}, {INT64_MAX, INT64_MIN}, {-9, 9},
    };
    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        CHECK_REFUSED_UNCHANGED(d, mc_draft_replace(d, cases[i].start, cases[i].end, "x"), MC_ERR_OUT_OF_RANGE,
                                "mc_draft_replace");
        CHECK_REFUSED_UNCHANGED(d, mc_draft_replace_n(d, cases[i].start, cases[i].end, "xy", 2), MC_ERR_OUT_OF_RANGE,
                                "mc_draft_replace_n");
        CHECK_REFUSED_UNCHANGED(d, mc_draft_replace_n(d, cases[i].start, cases[i].end, NULL, 0), MC_ERR_OUT_OF_RANGE,
                                "mc_draft_replace_n");
        if (harness_test_failed()) {
            printf("    (range case %zu: [%lld, %lld))\n", i, (long long)cases[i].start, (long long)cases[i].end);
            break;
        }
    }
    CHECK_REFUSED(mc_draft_replace(d, -1, 0, "x"), MC_ERR_OUT_OF_RANGE, "mc_draft_replace");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_replace: range [-1, 0) is outside the text (length 5)");
    CHECK_REFUSED(mc_draft_replace(d, 0, INT64_MAX, "x"), MC_ERR_OUT_OF_RANGE, "mc_draft_replace");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_replace: range [0, 9223372036854775807) is outside the text (length 5)");
    CHECK_REFUSED(mc_draft_replace(d, 0, 8, "x"), MC_ERR_OUT_OF_RANGE, "mc_draft_replace"); /* 8 is the byte length */
    mc_draft_free(d);
}

typedef struct {
    const char *what;
    const char *bytes;
} utf8_case;

static const utf8_case INVALID_UTF8[] = {
    {"overlong '/' (2 bytes)", "\xC0\xAF"},
    {"overlong NUL", "\xC0\x80"},
    {"overlong (C1)", "\xC1\xBF"},
    {"overlong '/' (3 bytes)", "\xE0\x80\xAF"},
    {"overlong U+07FF (3 bytes)", "\xE0\x9F\xBF"},
    {"overlong '/' (4 bytes)", "\xF0\x80\x80\xAF"},
    {"overlong U+FFFF (4 bytes)", "\xF0\x8F\xBF\xBF"},
    {"lone continuation 0x80", "\x80"},
    {"lone continuation 0xBF", "\xBF"},
    {"continuation inside ASCII", "a\x80z"},
    {"surrogate U+D800", "\xED\xA0\x80"},
    {"surrogate U+DFFF", "\xED\xBF\xBF"},
    {"CESU-8 surrogate pair", "\xED\xA0\xBD\xED\xB8\x80"},
    {"truncated 2-byte", "\xC3"},
    {"truncated 3-byte", "\xE2\x82"},
    {"truncated 4-byte", "\xF0\x9F\x98"},
    {"truncated at the end", "ok\xF0\x9F"},
    {"truncated then ASCII", "\xE2\x82z"},
    {"beyond U+10FFFF", "\xF4\x90\x80\x80"},
    {"F5 lead byte", "\xF5\x80\x80\x80"},
    {"5-byte form", "\xF8\x88\x80\x80\x80"},
    {"0xFE", "\xFE"},
    {"0xFF", "\xFF"},
};

static void replace_refuses_invalid_utf8(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, "{\"text\":\"keep\",\"spans\":[{\"start\":1,\"end\":3,\"format\":\"strike\"}]}");
    CHECK_OK(mc_draft_set_selection(d, 3, 0));
    for (size_t i = 0; i < ARRAY_LEN(INVALID_UTF8); i++) {
        const char *bytes = INVALID_UTF8[i].bytes;
        CHECK_REFUSED_UNCHANGED(d, mc_draft_replace(d, 1, 2, bytes), MC_ERR_INVALID_UTF8, "mc_draft_replace");
        CHECK_REFUSED_UNCHANGED(d, mc_draft_replace_n(d, 0, 0, bytes, strlen(bytes)), MC_ERR_INVALID_UTF8,
                                "mc_draft_replace_n");
        if (harness_test_failed()) {
            printf("    (case: %s)\n", INVALID_UTF8[i].what);
            break;
        }
    }
    CHECK_REFUSED(mc_draft_replace(d, 0, 0, "\xC0\xAF"), MC_ERR_INVALID_UTF8, "mc_draft_replace");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_replace: invalid UTF-8 in string argument");
    /* Invalid UTF-8 wins over a bad range: nothing is half-checked. */
    CHECK_REFUSED(mc_draft_replace(d, -1, 99, "\xFF"), MC_ERR_INVALID_UTF8, "mc_draft_replace");
    mc_draft_free(d);
}

typedef struct {
    const char *what;
    const char *bytes;
    int64_t scalars;
} valid_case;

static void replace_accepts_every_utf8_length_boundary(void) {
    static const valid_case cases[] = {
        {"U+007F", "\x7F", 1},
        {"U+0080", "\xC2\x80", 1},
        {"U+07FF", "\xDF\xBF", 1},
        {"U+0800", "\xE0\xA0\x80", 1},
        {"U+D7FF", "\xED\x9F\xBF", 1},
        {"U+E000", "\xEE\x80\x80", 1},
        {"U+FFFD", "\xEF\xBF\xBD", 1},
        {"U+FFFF", "\xEF\xBF\xBF", 1},
        {"U+10000", "\xF0\x90\x80\x80", 1},
        {"U+10FFFF", "\xF4\x8F\xBF\xBF", 1},
        {"U+FEFF (BOM as text)", "\xEF\xBB\xBF", 1},
        {"all of them", "\x7F\xC2\x80\xDF\xBF\xE0\xA0\x80\xED\x9F\xBF\xEE\x80\x80\xF4\x8F\xBF\xBF", 7},
    };
    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        REQUIRE_NEW_DRAFT(d, NULL);
        CHECK_OK(mc_draft_replace(d, 0, 0, cases[i].bytes));
        CHECK_TEXT(d, cases[i].bytes);
        CHECK_LENGTH(d, cases[i].scalars);
        CHECK_SELECTION(d, cases[i].scalars, cases[i].scalars);
        mc_draft_free(d);
        if (harness_test_failed()) {
            printf("    (case: %s)\n", cases[i].what);
            break;
        }
    }
}

typedef struct {
    const char *what;
    const char *text;
    int64_t scalars, utf16, utf8;
} unicode_case;

static const unicode_case UNICODE_TEXTS[] = {
    {"ASCII", "hello", 5, 5, 5},
    {"emoji", EMOJI_GRIN, 1, 2, 4},
    {"ZWJ family", FAMILY, 5, 8, 18},
    {"flag", FLAG_FR, 2, 4, 8},
    {"skin tone", THUMBS_MEDIUM, 2, 4, 8},
    {"combining mark", E_COMBINING, 2, 2, 3},
    {"precomposed", E_PRECOMPOSED, 1, 1, 2},
    {"CJK", CJK, 2, 2, 6},
    {"Hebrew", HEBREW, 4, 4, 8},
    {"Arabic", ARABIC, 5, 5, 10},
    {"RTL mark", "a" RLM "b", 3, 3, 5},
    {"mixed", "Hi " THUMBS_MEDIUM " " HEBREW " " CJK "!", 14, 16, 28},
};

static void unicode_text_counts_scalars(void) {
    for (size_t i = 0; i < ARRAY_LEN(UNICODE_TEXTS); i++) {
        const unicode_case *c = &UNICODE_TEXTS[i];
        REQUIRE_NEW_DRAFT(d, NULL);
        CHECK_OK(mc_draft_replace(d, 0, 0, c->text));
        CHECK_TEXT(d, c->text);
        CHECK_LENGTH(d, c->scalars);
        CHECK_SELECTION(d, c->scalars, c->scalars);
        char expected[256];
        snprintf(expected, sizeof expected, "{\"text\":\"%s\",\"spans\":[]}", c->text);
        CHECK_DOC(d, expected); /* non-ASCII stays raw UTF-8 in the JSON */
        int64_t out = -1;
        CHECK_OK(mc_draft_convert_offset(d, c->scalars, MC_UNIT_SCALAR, MC_UNIT_UTF16, &out));
        CHECK_EQ_INT(out, c->utf16);
        CHECK_OK(mc_draft_convert_offset(d, c->scalars, MC_UNIT_SCALAR, MC_UNIT_UTF8, &out));
        CHECK_EQ_INT(out, c->utf8);
        CHECK_EQ_INT((int64_t)strlen(c->text), c->utf8);
        /* replace_n with the byte length gives the same draft. */
        REQUIRE_NEW_DRAFT(e, NULL);
        CHECK_OK(mc_draft_replace_n(e, 0, 0, c->text, strlen(c->text)));
        CHECK_DOC(e, expected);
        mc_draft_free(e);
        mc_draft_free(d);
        if (harness_test_failed()) {
            printf("    (case: %s)\n", c->what);
            break;
        }
    }
}

/* Offsets count scalars: an edit may cut a grapheme cluster (grapheme-aware deletion is a separate
   operation). */
static void replace_offsets_are_scalars_not_graphemes(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_replace(d, 0, 0, FLAG_FR));
    CHECK_OK(mc_draft_replace(d, 1, 1, "x"));
    CHECK_TEXT(d, "\xF0\x9F\x87\xAB" "x" "\xF0\x9F\x87\xB7");
    CHECK_SELECTION(d, 2, 2);

    CHECK_OK(mc_draft_replace(d, 0, 3, FAMILY));
    CHECK_OK(mc_draft_replace(d, 2, 3, "\xF0\x9F\x91\xA6")); /* woman -> boy */
    CHECK_TEXT(d, "\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA6\xE2\x80\x8D\xF0\x9F\x91\xA7");
    CHECK_LENGTH(d, 5);
    CHECK_SELECTION(d, 3, 3);

    CHECK_OK(mc_draft_replace(d, 0, 5, E_COMBINING));
    CHECK_OK(mc_draft_replace(d, 1, 2, "")); /* drop the accent only */
    CHECK_TEXT(d, "e");

    CHECK_OK(mc_draft_replace(d, 0, 1, HEBREW));
    CHECK_OK(mc_draft_replace(d, 2, 2, EMOJI_GRIN)); /* logical order, whatever the display order */
    CHECK_TEXT(d, "\xD7\xA9\xD7\x9C" EMOJI_GRIN "\xD7\x95\xD7\x9D");
    CHECK_LENGTH(d, 5);
    mc_draft_free(d);
}

static void replace_n_takes_exactly_length_bytes(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_replace_n(d, 0, 0, "hello", 3));
    CHECK_TEXT(d, "hel");
    CHECK_SELECTION(d, 3, 3);

    const char unterminated[3] = {'x', 'y', 'z'};
    CHECK_OK(mc_draft_replace_n(d, 3, 3, unterminated, sizeof unterminated));
    CHECK_TEXT(d, "helxyz");

    CHECK_OK(mc_draft_replace_n(d, 0, 0, "ab\0cd", 2)); /* stops before the NUL */
    CHECK_TEXT(d, "abhelxyz");

    CHECK_OK(mc_draft_replace_n(d, 0, 2, NULL, 0)); /* NULL with length 0 deletes */
    CHECK_TEXT(d, "helxyz");
    CHECK_SELECTION(d, 0, 0);

    CHECK_OK(mc_draft_replace_n(d, 3, 6, "ignored", 0)); /* a pointer with length 0 deletes too */
    CHECK_TEXT(d, "hel");
    CHECK_SELECTION(d, 3, 3);

    CHECK_OK(mc_draft_replace_n(d, 3, 3, EMOJI_GRIN EMOJI_GRIN, 4)); /* one whole emoji */
    CHECK_TEXT(d, "hel" EMOJI_GRIN);
    CHECK_LENGTH(d, 4);
    mc_draft_free(d);
}

static void replace_n_refuses_embedded_nul_and_cut_sequences(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, "{\"text\":\"base\",\"spans\":[{\"start\":0,\"end\":4,\"format\":\"underline\"}]}");
    CHECK_OK(mc_draft_set_selection(d, 1, 1));
    CHECK_REFUSED_UNCHANGED(d, mc_draft_replace_n(d, 0, 0, "a\0b", 3), MC_ERR_INVALID_UTF8, "mc_draft_replace_n");
    CHECK_EQ_STR(mc_last_error(), "mc_draft_replace_n: utf8 holds U+0000 at byte 1 (a draft cannot hold it)");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_replace_n(d, 0, 0, "\0", 1), MC_ERR_INVALID_UTF8, "mc_draft_replace_n");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_replace_n(d, 4, 4, "ok\0", 3), MC_ERR_INVALID_UTF8, "mc_draft_replace_n");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_replace_n(d, 0, 4, EMOJI_GRIN, 2), MC_ERR_INVALID_UTF8, "mc_draft_replace_n");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_replace_n(d, 0, 4, EMOJI_GRIN, 3), MC_ERR_INVALID_UTF8, "mc_draft_replace_n");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_replace_n(d, 0, 4, E_PRECOMPOSED, 1), MC_ERR_INVALID_UTF8,
                            "mc_draft_replace_n");
    mc_draft_free(d);
}

static void document_json_escapes_control_characters(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    /* (A carriage return is not kept: typed text turns it into "\n"; see test_editing.c.) */
    const char *text = "q\"b\\s/t\tn\nc\x01 \xE2\x80\xA8\b\f\x1F\x7F";
    CHECK_OK(mc_draft_replace(d, 0, 0, text));
    CHECK_TEXT(d, text);
    CHECK_LENGTH(d, 18);
    CHECK_DOC(d, "{\"text\":\"q\\\"b\\\\s/t\\tn\\nc\\u0001 \xE2\x80\xA8\\b\\f\\u001f\x7F\",\"spans\":[]}");
    /* The output is valid input and gives the same draft back. */
    char *json = support_document(d);
    REQUIRE(json != NULL);
    REQUIRE_NEW_DRAFT(e, NULL);
    CHECK_OK(mc_draft_load_document(e, json));
    CHECK_TEXT(e, text);
    CHECK_DOC(e, json);
    mc_string_free(json);
    mc_draft_free(e);
    mc_draft_free(d);
}

typedef struct {
    int64_t anchor, focus, want_anchor, want_focus;
} selection_case;

static void selection_is_clamped_and_keeps_direction(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    REQUIRE_LOAD(d, "{\"text\":\"ab" EMOJI_GRIN "de\",\"spans\":[{\"start\":1,\"end\":4,\"format\":\"italic\"}]}");
    static const selection_case cases[] = {
        {2, 2, 2, 2},
        {1, 4, 1, 4},
        {4, 1, 4, 1},
        {0, 5, 0, 5},
        {5, 5, 5, 5},
        {-1, 3, 0, 3},
        {3, 9, 3, 5},
        {6, 6, 5, 5},
        {-5, 100, 0, 5},
        {100, -5, 5, 0},
        {INT64_MIN, INT64_MAX, 0, 5},
        {INT64_MAX, INT64_MIN, 5, 0},
        {INT64_MIN, INT64_MIN, 0, 0},
        {INT64_MAX, INT64_MAX, 5, 5},
    };
    char *doc_before = support_document(d);
    REQUIRE(doc_before != NULL);
    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        CHECK_OK(mc_draft_set_selection(d, cases[i].anchor, cases[i].focus));
        CHECK_SELECTION(d, cases[i].want_anchor, cases[i].want_focus);
        if (harness_test_failed()) {
            printf("    (selection case %zu)\n", i);
            break;
        }
    }
    CHECK_DOC(d, doc_before); /* selecting never edits */
    CHECK_LENGTH(d, 5);
    mc_string_free(doc_before);

    REQUIRE_NEW_DRAFT(empty, NULL);
    CHECK_OK(mc_draft_set_selection(empty, 3, -3));
    CHECK_SELECTION(empty, 0, 0);
    mc_draft_free(empty);
    mc_draft_free(d);
}

static void text_length_and_selection_agree_after_every_edit(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    const char *pieces[] = {EMOJI_GRIN, "a", FAMILY, E_COMBINING, CJK, "\n", FLAG_FR, HEBREW};
    int64_t expected_length = 0;
    static const int64_t scalars[] = {1, 1, 5, 2, 2, 1, 2, 4};
    char expected_text[256] = "";
    for (size_t i = 0; i < ARRAY_LEN(pieces); i++) {
        CHECK_OK(mc_draft_replace(d, expected_length, expected_length, pieces[i]));
        expected_length += scalars[i];
        strcat(expected_text, pieces[i]);
        CHECK_LENGTH(d, expected_length);
        CHECK_TEXT(d, expected_text);
        CHECK_SELECTION(d, expected_length, expected_length);
    }
    mc_draft_free(d);
}

static const harness_test TESTS[] = {
    HARNESS_TEST(empty_replacement_at_a_caret_only_moves_the_caret),
    HARNESS_TEST(replace_refuses_out_of_range),
    HARNESS_TEST(replace_refuses_invalid_utf8),
    HARNESS_TEST(replace_accepts_every_utf8_length_boundary),
    HARNESS_TEST(unicode_text_counts_scalars),
    HARNESS_TEST(replace_offsets_are_scalars_not_graphemes),
    HARNESS_TEST(replace_n_takes_exactly_length_bytes),
    HARNESS_TEST(replace_n_refuses_embedded_nul_and_cut_sequences),
    HARNESS_TEST(document_json_escapes_control_characters),
    HARNESS_TEST(selection_is_clamped_and_keeps_direction),
    HARNESS_TEST(text_length_and_selection_agree_after_every_edit),
};

void register_text_tests(void) { HARNESS_REGISTER("text", TESTS); }
