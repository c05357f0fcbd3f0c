/* test_library.c: library-wide functions: versions, ABI constants, mc_last_error, mc_status_name,
   mc_string_free. */
#include <stdio.h>
#include <string.h>

#include "support.h"

static void version_matches_header(void) {
    const char *version = mc_version();
    REQUIRE(version != NULL);
    CHECK_EQ_STR(version, MC_VERSION_STRING);
    CHECK_EQ_STR(version, "0.2.0");
    unsigned major = 99, minor = 99, patch = 99;
    char rest = 0;
    CHECK_EQ_INT(sscanf(version, "%u.%u.%u%c", &major, &minor, &patch, &rest), 3);
    CHECK_EQ_INT(major, MC_VERSION_MAJOR);
    CHECK_EQ_INT(minor, MC_VERSION_MINOR);
    CHECK_EQ_INT(patch, MC_VERSION_PATCH);
    /* Owned by the library for the life of the process: still the same text on a later call. */
    CHECK_EQ_STR(mc_version(), version);
}

static void abi_version_matches_header(void) {
    CHECK_EQ_INT(mc_abi_version(), MC_ABI_VERSION);
    CHECK_EQ_INT(mc_abi_version(), 1);
}

/* The numbers are ABI: a renumbering must fail here. */
static void status_codes_keep_their_numbers(void) {
    CHECK_EQ_INT(MC_OK, 0);
    CHECK_EQ_INT(MC_ERR_INVALID_ARGUMENT, -1);
    CHECK_EQ_INT(MC_ERR_NULL_ARGUMENT, -2);
    CHECK_EQ_INT(MC_ERR_INVALID_HANDLE, -3);
    CHECK_EQ_INT(MC_ERR_INVALID_UTF8, -4);
    CHECK_EQ_INT(MC_ERR_INVALID_JSON, -5);
    CHECK_EQ_INT(MC_ERR_OUT_OF_RANGE, -6);
    CHECK_EQ_INT(MC_ERR_UNSAFE_LINK, -7);
    CHECK_EQ_INT(MC_ERR_INVALID_COLOR, -8);
    CHECK_EQ_INT(MC_ERR_NOT_ALLOWED, -9);
    CHECK_EQ_INT(MC_ERR_LIMIT_EXCEEDED, -10);
    CHECK_EQ_INT(sizeof(mc_status), 4);
}

static void format_flag_and_unit_constants_keep_their_numbers(void) {
    CHECK_EQ_INT(MC_FORMAT_BOLD, 0);
    CHECK_EQ_INT(MC_FORMAT_ITALIC, 1);
    CHECK_EQ_INT(MC_FORMAT_UNDERLINE, 2);
    CHECK_EQ_INT(MC_FORMAT_STRIKE, 3);
    CHECK_EQ_INT(MC_FORMAT_CODE, 4);
    CHECK_EQ_INT(MC_FORMAT_LINK, 5);
    CHECK_EQ_INT(MC_FORMAT_COLOR, 6);
    CHECK_EQ_INT(MC_FORMAT_CODE_BLOCK, 7);
    CHECK_EQ_INT(MC_FORMAT_QUOTE, 8);
    CHECK_EQ_INT(MC_FORMAT_BULLET_LIST, 9);
    CHECK_EQ_INT(MC_FORMAT_ORDERED_LIST, 10);
    CHECK_EQ_INT(MC_FLAG_PROTECT, 1);
    CHECK_EQ_INT(MC_UNIT_SCALAR, 0);
    CHECK_EQ_INT(MC_UNIT_UTF16, 1);
    CHECK_EQ_INT(MC_UNIT_UTF8, 2);
    CHECK_EQ_INT(sizeof(mc_format), 4);
    CHECK_EQ_INT(sizeof(mc_unit), 4);
}

/* Event kinds are ABI too; MC_EVENT_FORMATTING came with ABI 1 and took the next number. */
static void event_kinds_keep_their_numbers(void) {
    CHECK_EQ_INT(MC_EVENT_TEXT, 0);
    CHECK_EQ_INT(MC_EVENT_SELECTION, 1);
    CHECK_EQ_INT(MC_EVENT_FORMATS, 2);
    CHECK_EQ_INT(MC_EVENT_SEND_STATE, 3);
    CHECK_EQ_INT(MC_EVENT_TRAY, 4);
    CHECK_EQ_INT(MC_EVENT_MENTION_QUERY, 5);
    CHECK_EQ_INT(MC_EVENT_COMMAND_QUERY, 6);
    CHECK_EQ_INT(MC_EVENT_TYPING, 7);
    CHECK_EQ_INT(MC_EVENT_MODE, 8);
    CHECK_EQ_INT(MC_EVENT_BANNER, 9);
    CHECK_EQ_INT(MC_EVENT_ERROR, 10);
    CHECK_EQ_INT(MC_EVENT_CANCEL_UPLOAD, 11);
    CHECK_EQ_INT(MC_EVENT_FORMATTING, 12);
    CHECK_EQ_INT(sizeof(mc_event), 4);
}

/* Each status's name is its constant's own spelling (#status); every other value, however far off,
   gets the one unknown text. A status added to the header must be added here. */
#define NAMED(status) { status, #status }
static const struct {
    mc_status status;
    const char *name;
} STATUS_NAMES[] = {
    NAMED(MC_OK), NAMED(MC_ERR_INVALID_ARGUMENT), NAMED(MC_ERR_NULL_ARGUMENT), NAMED(MC_ERR_INVALID_HANDLE),
    NAMED(MC_ERR_INVALID_UTF8), NAMED(MC_ERR_INVALID_JSON), NAMED(MC_ERR_OUT_OF_RANGE), NAMED(MC_ERR_UNSAFE_LINK),
    NAMED(MC_ERR_INVALID_COLOR), NAMED(MC_ERR_NOT_ALLOWED), NAMED(MC_ERR_LIMIT_EXCEEDED),
};
#undef NAMED

static void status_name_names_every_status(void) {
    size_t count = sizeof STATUS_NAMES / sizeof STATUS_NAMES[0];
    for (size_t i = 0; i < count; i++) {
        const char *name = mc_status_name(STATUS_NAMES[i].status);
        REQUIRE(name != NULL);
        CHECK_EQ_STR(name, STATUS_NAMES[i].name);
        /* Static: the same string on every call, from any call site. */
        CHECK(mc_status_name(STATUS_NAMES[i].status) == name);
    }
    for (int32_t code = -1000; code <= 1000; code++) {
        int known = 0;
        for (size_t i = 0; i < count; i++) known |= STATUS_NAMES[i].status == code;
        if (known) continue;
        const char *name = mc_status_name(code);
        REQUIRE(name != NULL);
        if (strcmp(name, "(unknown mc_status)") != 0)
            harness_fail(__FILE__, __LINE__, "mc_status_name(%d) = \"%s\": a status this test does not know",
                         (int)code, name);
    }
    CHECK_EQ_STR(mc_status_name(INT32_MIN), "(unknown mc_status)");
    CHECK_EQ_STR(mc_status_name(INT32_MAX), "(unknown mc_status)");
}

static void status_name_leaves_the_last_error_alone(void) {
    support_prime_last_error(NULL);
    char before[256];
    snprintf(before, sizeof before, "%s", mc_last_error());
    (void)mc_status_name(MC_ERR_INVALID_HANDLE);
    (void)mc_status_name(-1000);
    CHECK_EQ_STR(mc_last_error(), before);
}

static void last_error_is_never_null(void) {
    CHECK(mc_last_error() != NULL);
    support_prime_last_error(NULL);
    CHECK(mc_last_error() != NULL);
    CHECK(mc_last_error()[0] != '\0');
}

static void last_error_survives_successful_calls(void) {
    int64_t out = 0;
    CHECK_STATUS(mc_convert_offset("abc", 9, MC_UNIT_SCALAR, MC_UNIT_UTF8, &out), MC_ERR_OUT_OF_RANGE);
    const char *expected = "mc_convert_offset: scalar offset 9 is past the end of the text (3)";
    CHECK_EQ_STR(mc_last_error(), expected);

    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_replace(d, 0, 0, "hello"));
    CHECK_OK(mc_convert_offset("abc", 1, MC_UNIT_SCALAR, MC_UNIT_UTF8, &out));
    char *json = support_document(d);
    mc_string_free(json);
    (void)mc_version();
    (void)mc_abi_version();
    mc_string_free(NULL);
    CHECK_EQ_STR(mc_last_error(), expected);
    mc_draft_free(d);
    CHECK_EQ_STR(mc_last_error(), expected);
}

static void last_error_is_replaced_by_the_next_failure(void) {
    int64_t out = 0;
    CHECK_STATUS(mc_convert_offset(NULL, 0, MC_UNIT_SCALAR, MC_UNIT_UTF8, &out), MC_ERR_NULL_ARGUMENT);
    CHECK_EQ_STR(mc_last_error(), "mc_convert_offset: utf8 is NULL");
    CHECK_STATUS(mc_draft_length(NULL, &out), MC_ERR_INVALID_HANDLE);
    CHECK_EQ_STR(mc_last_error(), "mc_draft_length: draft is NULL");
    CHECK_STATUS(mc_convert_offset("a", 0, 7, MC_UNIT_UTF8, &out), MC_ERR_INVALID_ARGUMENT);
    CHECK_EQ_STR(mc_last_error(), "mc_convert_offset: unknown unit 7");
}

/* A message quoting the caller's input: a U+0000 in it (a JSON escape can carry one) would end the C
 * string there, so it reads as U+FFFD, and what follows it is kept. */
static void last_error_shows_a_quoted_nul_as_a_replacement_character(void) {
    mc_draft *d = NULL;
    CHECK_STATUS(mc_draft_new("{\"a\\u0000b\\u0000\":1}", &d), MC_ERR_INVALID_ARGUMENT);
    CHECK(d == NULL);
    CHECK_EQ_STR(mc_last_error(), "mc_draft_new: config: unknown key \"a\xEF\xBF\xBD" "b\xEF\xBF\xBD\"");
}

static void string_free_accepts_null(void) {
    support_prime_last_error(NULL);
    char before[256];
    snprintf(before, sizeof before, "%s", mc_last_error());
    mc_string_free(NULL);
    CHECK_EQ_STR(mc_last_error(), before);
}

/* Every string-returning function hands over a string the caller frees (valgrind / ASan check it). */
static void returned_strings_are_owned_by_the_caller(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_replace(d, 0, 0, "owned"));
    char *a = NULL, *b = NULL, *c = NULL;
    CHECK_OK(mc_draft_text(d, &a));
    CHECK_OK(mc_draft_document(d, &b));
    CHECK_OK(mc_draft_config(d, &c));
    REQUIRE(a && b && c);
    /* Each is a distinct, writable allocation that outlives the draft. */
    CHECK(a != b && b != c && a != c);
    mc_draft_free(d);
    a[0] = 'O';
    CHECK_EQ_STR(a, "Owned");
    CHECK_EQ_STR(b, "{\"text\":\"owned\",\"spans\":[]}");
    CHECK_EQ_STR(c, DEFAULT_CONFIG_JSON);
    mc_string_free(a);
    mc_string_free(b);
    mc_string_free(c);
}

static const harness_test TESTS[] = {
    HARNESS_TEST(version_matches_header),
    HARNESS_TEST(abi_version_matches_header),
    HARNESS_TEST(status_codes_keep_their_numbers),
    HARNESS_TEST(format_flag_and_unit_constants_keep_their_numbers),
    HARNESS_TEST(event_kinds_keep_their_numbers),
    HARNESS_TEST(status_name_names_every_status),
    HARNESS_TEST(status_name_leaves_the_last_error_alone),
    HARNESS_TEST(last_error_is_never_null),
    HARNESS_TEST(last_error_survives_successful_calls),
    HARNESS_TEST(last_error_is_replaced_by_the_next_failure),
    HARNESS_TEST(last_error_shows_a_quoted_nul_as_a_replacement_character),
    HARNESS_TEST(string_free_accepts_null),
    HARNESS_TEST(returned_strings_are_owned_by_the_caller),
};

void register_library_tests(void) { HARNESS_REGISTER("library", TESTS); }
