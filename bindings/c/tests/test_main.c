/*
 * test_main.c: the one main() of the C test suite (the Makefile links every .c file of this folder
 * into one binary).
 *
 * To add a test file: write bindings/c/tests/test_<topic>.c with a table of tests and a
 * `void register_<topic>_tests(void)` (see harness.h), then add X(<topic>) to TEST_FILES below.
 *
 * Usage: c-tests [-v] [-l] [substring of suite/test ...]
 */
#include "harness.h"

#define TEST_FILES(X) \
    X(library)        \
    X(lifecycle)      \
    X(handles)        \
    X(text)           \
    X(document)       \
    X(offsets)        \
    X(threads)        \
    X(editing)        \
    X(formats)        \
    X(history)        \
    X(markdown)       \
    X(regressions)    \
    X(composer)       \
    X(events)         \
    X(attachments)    \
    X(host)           \
    X(mirror)         \

#define DECLARE_REGISTER(topic) void register_##topic##_tests(void);
TEST_FILES(DECLARE_REGISTER)

int main(int argc, char **argv) {
#define CALL_REGISTER(topic) register_##topic##_tests();
    TEST_FILES(CALL_REGISTER)
    return harness_main(argc, argv);
}
