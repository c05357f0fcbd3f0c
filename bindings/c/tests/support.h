/*
 * support.h: MessageComposer-specific helpers for the C tests (drafts, snapshots, refusals).
 * Every helper takes the caller's file and line through its macro, so failures point at the test.
 */
#ifndef MC_TEST_SUPPORT_H
#define MC_TEST_SUPPORT_H

#include "harness.h"

/* Declares `mc_draft *var` created with config (NULL = defaults); the test returns if that fails. */
#define REQUIRE_NEW_DRAFT(var, config) \
    mc_draft *var = NULL; \
    do { if (!support_new_draft(__FILE__, __LINE__, (config), &var)) return; } while (0)

/* Loads document JSON into d; the test returns if that fails. */
#define REQUIRE_LOAD(d, json) \
    do { if (!support_load(__FILE__, __LINE__, (d), (json))) return; } while (0)

/* Exact checks of a draft's observable state. */
#define CHECK_TEXT(d, expected) support_check_text(__FILE__, __LINE__, (d), (expected))
#define CHECK_DOC(d, expected) support_check_doc(__FILE__, __LINE__, (d), (expected))
#define CHECK_LENGTH(d, expected) support_check_length(__FILE__, __LINE__, (d), (expected))
#define CHECK_SELECTION(d, anchor, focus) support_check_selection(__FILE__, __LINE__, (d), (anchor), (focus))
#define CHECK_CONFIG(d, expected) support_check_config(__FILE__, __LINE__, (d), (expected))

/* Everything observable about a draft, to prove that a refused call changed nothing. */
typedef struct {
    char *text;
    char *document;
    char *config;
    int64_t length;
    int64_t anchor;
    int64_t focus;
} draft_state;

int support_snapshot(const char *file, int line, mc_draft *d, draft_state *out);
void support_snapshot_free(draft_state *state);
void support_check_unchanged(const char *file, int line, mc_draft *d, const draft_state *before);
#define CHECK_UNCHANGED(d, before) support_check_unchanged(__FILE__, __LINE__, (d), (before))

/*
 * Sets the calling thread's last error to a failure of some function other than `avoid_function`,
 * so that a later check of mc_last_error() proves the message is fresh.
 */
void support_prime_last_error(const char *avoid_function);

/*
 * Checks a refused call: the status, and that mc_last_error() is "<function>: <non-empty message>".
 * The last error is primed first, so a stale message cannot pass.
 */
int support_check_refused(const char *file, int line, const char *call, mc_status actual,
                          mc_status expected, const char *function);
#define CHECK_REFUSED(call, expected, function) \
    do { \
        support_prime_last_error(function); \
        mc_status refused_status_ = (call); \
        support_check_refused(__FILE__, __LINE__, #call, refused_status_, (expected), (function)); \
    } while (0)

/* CHECK_REFUSED plus: the draft's text, selection, document and config are unchanged. */
#define CHECK_REFUSED_UNCHANGED(d, call, expected, function) \
    do { \
        draft_state before_; \
        if (support_snapshot(__FILE__, __LINE__, (d), &before_)) { \
            CHECK_REFUSED(call, expected, function); \
            support_check_unchanged(__FILE__, __LINE__, (d), &before_); \
            support_snapshot_free(&before_); \
        } \
    } while (0)

/* mc_last_error() contains `needle`. */
#define CHECK_LAST_ERROR_CONTAINS(needle) support_check_last_error_contains(__FILE__, __LINE__, (needle))
void support_check_last_error_contains(const char *file, int line, const char *needle);

/* Whether mc_last_error() starts with "<function>: " followed by a message. */
int support_last_error_names(const char *function);

/* The draft's document JSON / text (caller frees with mc_string_free), or NULL after a failure. */
char *support_document(mc_draft *d);
char *support_text(mc_draft *d);

int support_new_draft(const char *file, int line, const char *config, mc_draft **out);
int support_load(const char *file, int line, mc_draft *d, const char *json);
void support_check_text(const char *file, int line, mc_draft *d, const char *expected);
void support_check_doc(const char *file, int line, mc_draft *d, const char *expected);
void support_check_length(const char *file, int line, mc_draft *d, int64_t expected);
void support_check_selection(const char *file, int line, mc_draft *d, int64_t anchor, int64_t focus);
void support_check_config(const char *file, int line, mc_draft *d, const char *expected);

/* The default configuration, as mc_draft_config reports it. */
#define DEFAULT_CONFIG_JSON \
    "{\"rich_text\":true,\"mentions\":true,\"mention_limit\":10,\"max_length\":null,\"trim\":true," \
    "\"typing_events\":true,\"multiple_attachments\":true,\"max_files\":10,\"max_file_size\":104857600," \
    "\"allowed_types\":null,\"undo_depth\":100}"

#endif /* MC_TEST_SUPPORT_H */
