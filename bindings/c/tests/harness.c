/* harness.c: registration, running, failure reporting. See harness.h. */
#include "harness.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *suite;
    const char *name;
    harness_test_fn fn;
} registered_test;

static registered_test *registry;
static size_t registry_count;
static size_t registry_capacity;

static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;
static const registered_test *current;
static int current_failed;

void harness_register_suite(const char *suite, const harness_test *tests, size_t count) {
    for (size_t i = 0; i < count; i++) {
        if (registry_count == registry_capacity) {
            size_t capacity = registry_capacity ? registry_capacity * 2 : 64;
            registered_test *grown = realloc(registry, capacity * sizeof *grown);
            if (!grown) {
                fprintf(stderr, "harness: out of memory\n");
                exit(2);
            }
            registry = grown;
            registry_capacity = capacity;
        }
        registry[registry_count].suite = suite;
        registry[registry_count].name = tests[i].name;
        registry[registry_count].fn = tests[i].fn;
        registry_count++;
    }
}

void harness_print_escaped(const char *s) {
    if (!s) {
        fputs("NULL", stdout);
        return;
    }
    putchar('"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '\n') fputs("\\n", stdout);
        else if (*p == '\t') fputs("\\t", stdout);
        else if (*p == '"') fputs("\\\"", stdout);
        else if (*p == '\\') fputs("\\\\", stdout);
        else if (*p < 0x20 || *p == 0x7F) printf("\\x%02x", *p);
        else putchar(*p);
    }
    putchar('"');
}

/* Prints the FAIL header; the caller holds report_lock. */
static void fail_header(const char *file, int line) {
    current_failed = 1;
    if (current) printf("FAIL %s/%s (%s:%d): ", current->suite, current->name, file, line);
    else printf("FAIL (%s:%d): ", file, line);
}

static void fail_trailer(void) {
    fputs(" [mc_last_error: ", stdout);
    harness_print_escaped(mc_last_error());
    puts("]");
    fflush(stdout);
}

void harness_fail(const char *file, int line, const char *fmt, ...) {
    pthread_mutex_lock(&report_lock);
    fail_header(file, line);
    va_list args;
    va_start(args, fmt);
    vprintf(fmt, args);
    va_end(args);
    fail_trailer();
    pthread_mutex_unlock(&report_lock);
}

int harness_test_failed(void) {
    pthread_mutex_lock(&report_lock);
    int failed = current_failed;
    pthread_mutex_unlock(&report_lock);
    return failed;
}

int harness_check(const char *file, int line, int ok, const char *expr) {
    if (!ok) harness_fail(file, line, "CHECK(%s) is false", expr);
    return ok;
}

int harness_check_int(const char *file, int line, const char *actual_expr, long long actual,
                      long long expected) {
    if (actual == expected) return 1;
    harness_fail(file, line, "%s is %lld, expected %lld", actual_expr, actual, expected);
    return 0;
}

int harness_check_str(const char *file, int line, const char *actual_expr, const char *actual,
                      const char *expected) {
    if (actual && expected && strcmp(actual, expected) == 0) return 1;
    if (!actual && !expected) return 1;
    pthread_mutex_lock(&report_lock);
    fail_header(file, line);
    printf("%s is\n    ", actual_expr);
    harness_print_escaped(actual);
    fputs("\n  expected\n    ", stdout);
    harness_print_escaped(expected);
    fputs("\n ", stdout);
    fail_trailer();
    pthread_mutex_unlock(&report_lock);
    return 0;
}

int harness_check_status(const char *file, int line, const char *call, mc_status actual,
                         mc_status expected) {
    if (actual == expected) return 1;
    harness_fail(file, line, "%s returned %s (%d), expected %s (%d)", call, mc_status_name(actual),
                 (int)actual, mc_status_name(expected), (int)expected);
    return 0;
}

static int selected(const registered_test *t, int argc, char **argv) {
    int filters = 0;
    char full[512];
    snprintf(full, sizeof full, "%s/%s", t->suite, t->name);
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-') continue;
        filters++;
        if (strstr(full, argv[i])) return 1;
    }
    return filters == 0;
}

int harness_main(int argc, char **argv) {
    int verbose = 0, list = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0) verbose = 1;
        else if (strcmp(argv[i], "-l") == 0) list = 1;
        else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: %s [-v] [-l] [substring of suite/test ...]\n", argv[0]);
            return 2;
        }
    }
    int passed = 0, failed = 0;
    for (size_t i = 0; i < registry_count; i++) {
        const registered_test *t = &registry[i];
        if (!selected(t, argc, argv)) continue;
        if (list) {
            printf("%s/%s\n", t->suite, t->name);
            continue;
        }
        if (verbose) {
            printf("RUN  %s/%s\n", t->suite, t->name);
            fflush(stdout);
        }
        pthread_mutex_lock(&report_lock);
        current = t;
        current_failed = 0;
        pthread_mutex_unlock(&report_lock);

        t->fn();

        pthread_mutex_lock(&report_lock);
        if (current_failed) failed++;
        else passed++;
        current = NULL;
        pthread_mutex_unlock(&report_lock);
    }
    free(registry);
    registry = NULL;
    if (list) return 0;
    printf("%d passed, %d failed\n", passed, failed);
    fflush(stdout);
    return failed ? 1 : 0;
}
