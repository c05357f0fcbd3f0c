/*
 * harness.h: a tiny plain-C test harness for the MessageComposer C test suite.
 *
 * A test is a `void name(void)` function. Each test file keeps a table of its tests and registers it
 * from one function that test_main.c calls:
 *
 *     static void replace_appends(void) { ... CHECK_EQ_INT(len, 5); ... }
 *     static const harness_test TESTS[] = { HARNESS_TEST(replace_appends), ... };
 *     void register_text_tests(void) { HARNESS_REGISTER("text", TESTS); }
 *
 * Checks never abort the process: a failed check prints `FAIL suite/test (file:line): ...` with the
 * calling thread's mc_last_error() and marks the test failed; the test goes on. REQUIRE_* variants
 * also return from the test (use them when the rest of the test makes no sense, e.g. no draft).
 * Checks may be called from worker threads (reporting is serialized).
 *
 * The binary runs every registered test (or those whose "suite/name" contains one of the command-line
 * arguments; -v prints each test, -l lists them) and ends with exactly one line "N passed, N failed";
 * the exit status is non-zero when a test failed.
 */
#ifndef MC_TEST_HARNESS_H
#define MC_TEST_HARNESS_H

#include <stddef.h>
#include <stdint.h>

#include "message_composer.h"

typedef void (*harness_test_fn)(void);

typedef struct {
    const char *name;
    harness_test_fn fn;
} harness_test;

#define HARNESS_TEST(fn) { #fn, fn }
#define HARNESS_REGISTER(suite, table) \
    harness_register_suite((suite), (table), sizeof(table) / sizeof((table)[0]))

void harness_register_suite(const char *suite, const harness_test *tests, size_t count);

/* Runs the registered tests, prints the summary line and returns the process exit status. */
int harness_main(int argc, char **argv);

#if defined(__GNUC__) || defined(__clang__)
#define HARNESS_PRINTF(fmt_index, first_arg) __attribute__((format(printf, fmt_index, first_arg)))
#else
#define HARNESS_PRINTF(fmt_index, first_arg)
#endif

/* Records a failure of the running test at file:line; appends the calling thread's mc_last_error(). */
void harness_fail(const char *file, int line, const char *fmt, ...) HARNESS_PRINTF(3, 4);

/* Whether the running test has failed so far. */
int harness_test_failed(void);


/* The check functions behind the macros; each returns 1 when the check passed. */
int harness_check(const char *file, int line, int ok, const char *expr);
int harness_check_int(const char *file, int line, const char *actual_expr, long long actual,
                      long long expected);
int harness_check_str(const char *file, int line, const char *actual_expr, const char *actual,
                      const char *expected);
int harness_check_status(const char *file, int line, const char *call, mc_status actual,
                         mc_status expected);

/* Prints a string with control characters escaped (for failure messages). */
void harness_print_escaped(const char *s);

#define CHECK(cond) ((void)harness_check(__FILE__, __LINE__, (cond) ? 1 : 0, #cond))
#define CHECK_EQ_INT(actual, expected) \
    ((void)harness_check_int(__FILE__, __LINE__, #actual, (long long)(actual), (long long)(expected)))
#define CHECK_EQ_STR(actual, expected) \
    ((void)harness_check_str(__FILE__, __LINE__, #actual, (actual), (expected)))
#define CHECK_STATUS(call, expected) \
    ((void)harness_check_status(__FILE__, __LINE__, #call, (call), (expected)))
#define CHECK_OK(call) CHECK_STATUS(call, MC_OK)

#define REQUIRE(cond) \
    do { if (!harness_check(__FILE__, __LINE__, (cond) ? 1 : 0, #cond)) return; } while (0)
#define REQUIRE_EQ_INT(actual, expected) \
    do { \
        if (!harness_check_int(__FILE__, __LINE__, #actual, (long long)(actual), (long long)(expected))) \
            return; \
    } while (0)
#define REQUIRE_OK(call) \
    do { if (!harness_check_status(__FILE__, __LINE__, #call, (call), MC_OK)) return; } while (0)

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#endif /* MC_TEST_HARNESS_H */
