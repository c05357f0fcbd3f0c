/*
 * valgrind_user.c: a small host program as a user would write it, for `make test-valgrind-user`:
 * it must be clean under
 *   valgrind --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all --error-exitcode=1 \
 *            --suppressions=message_composer.supp ./valgrind_user
 * It frees everything it gets (drafts, strings) and touches the library the usual ways: editing,
 * formats, a mention, a listener, markdown, a refused call (mc_last_error), snapshot/restore,
 * attachments, sending, and a second thread. What remains at exit is the Swift runtime's one-time
 * setup, which the shipped suppression file names.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "message_composer.h"

static int events;

static void on_event(void *user_data, int32_t kind, const char *payload) {
    (void)user_data;
    (void)kind;
    (void)payload;
    events++;
}

static int check(mc_status status, const char *what) {
    if (status != MC_OK) fprintf(stderr, "%s failed: %s\n", what, mc_last_error());
    return status == MC_OK;
}

static int edit(const char *config) {
    mc_draft *d = NULL;
    if (!check(mc_draft_new(config, &d), "mc_draft_new")) return 0;
    int ok = check(mc_draft_set_listener(d, on_event, NULL), "set_listener")
        && check(mc_draft_insert(d, "Hello "), "insert")
        && check(mc_draft_insert_mention(d, "u42", "Bob"), "insert_mention")
        && check(mc_draft_insert(d, "see docs"), "insert")
        && check(mc_draft_apply_format(d, 0, 5, MC_FORMAT_BOLD, NULL, 0), "apply_format")
        && check(mc_draft_set_selection(d, 11, 15), "set_selection")
        && check(mc_draft_set_link(d, "https://example.com/docs"), "set_link")
        && check(mc_draft_undo(d), "undo")
        && check(mc_draft_redo(d), "redo");
    /* A refused call: the library keeps a message for this thread. */
    if (mc_draft_replace(d, 0, 999, "x") != MC_ERR_OUT_OF_RANGE || strlen(mc_last_error()) == 0) ok = 0;

    char *json = NULL, *snapshot = NULL, *markdown = NULL, *out = NULL;
    ok = ok && check(mc_draft_document(d, &json), "document") && check(mc_draft_snapshot(d, &snapshot), "snapshot")
        && check(mc_draft_serialize(d, &markdown), "serialize") && check(mc_draft_restore(d, snapshot), "restore");
    mc_string_free(json);
    mc_string_free(snapshot);
    if (ok) {
        ok = check(mc_markdown_to_html(markdown, "{\"u42\":\"Bob\"}", &out), "to_html");
        mc_string_free(out);
        out = NULL;
    }
    mc_string_free(markdown);
    ok = ok && check(mc_draft_stage_files(d, "[{\"name\":\"cat.png\",\"mime\":\"image/png\",\"size\":1000}]", NULL), "stage")
        && check(mc_draft_upload_event(d, 1, MC_UPLOAD_START, 0, NULL), "upload start")
        && check(mc_draft_upload_event(d, 1, MC_UPLOAD_COMPLETE, 0, "remote-1"), "upload complete")
        && check(mc_draft_send(d, 1000, &out), "send");
    mc_string_free(out);
    mc_draft_free(d);
    return ok;
}

static void *second_thread(void *arg) {
    (void)arg;
    return (void *)(intptr_t)edit("{\"rich_text\":false}");
}

int main(void) {
    int ok = edit(NULL);
    pthread_t t;
    void *result = NULL;
    if (pthread_create(&t, NULL, second_thread, NULL) != 0 || pthread_join(t, &result) != 0) return 1;
    ok = ok && result != NULL;
    printf("valgrind_user: %s (%d events, library %s)\n", ok ? "ok" : "FAILED", events, mc_version());
    return ok ? 0 : 1;
}
