/*
 * try.c: an interactive terminal composer over the C API (`make try`). Keys become mc_draft_*
 * calls; after each one the screen is drawn again from the draft (render.c). The listener keeps
 * the mention query the engine reports (MC_EVENT_MENTION_QUERY), which the host matches against
 * its people directory (people.c) to offer suggestions. The terminal is in raw mode on the
 * alternate screen (terminal.c) until Ctrl-D or Ctrl-C; then every message sent is printed.
 *
 * Keys: see the help rows in render.c, and README "Try it".
 */
#define _POSIX_C_SOURCE 200809L
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app.h"
#include "json.h"
#include "render.h"
#include "terminal.h"

/* The host's clock in milliseconds: monotonic, so it never goes backwards. */
static int64_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void fail(const char *what) {
    terminal_leave();
    fprintf(stderr, "try: %s failed: %s\n", what, mc_last_error());
    exit(1);
}

static void refresh_suggestions(app *a) {
    a->suggestion_count = a->query_open ? people_matching(a->query, a->suggestions, MAX_SUGGESTIONS) : 0;
    if (a->highlighted >= a->suggestion_count) a->highlighted = 0;
}

/* The listener: runs on this thread after each call that changed something. */
static void on_event(void *user_data, int32_t kind, const char *payload_json) {
    app *a = user_data;
    if (kind >= 0 && kind < 32) a->events_heard |= 1u << kind;
    a->events_total++;
    if (kind != MC_EVENT_MENTION_QUERY) return;
    json_value *payload = json_parse(payload_json);
    const char *query = json_get_string(payload, "query", NULL);
    if (query && !(a->query_open && strcmp(a->query, query) == 0)) {
        snprintf(a->query, sizeof a->query, "%s", query);
        a->highlighted = 0;
        a->suggestions_dismissed = false;
    }
    a->query_open = query != NULL;
    json_free(payload);
    refresh_suggestions(a);
}

/* A call the user asked for: a refusal is shown, not fatal (sending an empty draft, a mention
   over the limit...). */
static void attempt(app *a, mc_status status) {
    if (status != MC_OK) snprintf(a->notice, sizeof a->notice, "refused: %s", mc_last_error());
}

static bool suggesting(const app *a) {
    return a->query_open && !a->suggestions_dismissed && a->suggestion_count > 0;
}

static void pick(app *a, size_t index) {
    if (index >= a->suggestion_count) return;
    const person *chosen = a->suggestions[index];
    attempt(a, mc_draft_insert_mention(a->draft, chosen->uid, chosen->name));
}

static void send(app *a) {
    char *messages = NULL;
    mc_status status = mc_draft_send(a->draft, now_ms(), &messages);
    if (status != MC_OK) {
        attempt(a, status);
        return;
    }
    mc_string_free(a->last_sent);
    a->last_sent = messages;
    a->sent_count++;
    buffer_printf(&a->sent_log, "%s\n", messages);
}

static void toggle(app *a, mc_format format) {
    int64_t anchor = 0, focus = 0;
    if (mc_draft_selection(a->draft, &anchor, &focus) != MC_OK) fail("mc_draft_selection");
    int64_t start = anchor < focus ? anchor : focus, end = anchor < focus ? focus : anchor;
    attempt(a, mc_draft_toggle_format(a->draft, start, end, format, NULL, MC_FLAG_PROTECT));
}

static void move(app *a, const key *k, mc_caret_unit unit, int64_t count) {
    attempt(a, mc_draft_move_caret(a->draft, unit, count, k->shift ? MC_FLAG_EXTEND : 0));
}

/* Handles one key; returns false to quit. */
static bool handle(app *a, const key *k) {
    mc_draft *draft = a->draft;
    switch (k->kind) {
    case KEY_TEXT:
        if (suggesting(a) && k->text[0] >= '1' && k->text[0] <= '9' && k->text[1] == '\0' &&
            (size_t)(k->text[0] - '1') < a->suggestion_count) {
            pick(a, (size_t)(k->text[0] - '1'));
        } else {
            attempt(a, mc_draft_insert(draft, k->text));
        }
        break;
    case KEY_ENTER:
        if (suggesting(a)) pick(a, a->highlighted);
        else send(a);
        break;
    case KEY_TAB:
        if (suggesting(a)) pick(a, a->highlighted);
        break;
    case KEY_NEWLINE: attempt(a, mc_draft_enter(draft)); break;
    case KEY_BACKSPACE: attempt(a, mc_draft_delete_backward(draft)); break;
    case KEY_DELETE: attempt(a, mc_draft_delete_forward(draft)); break;
    case KEY_LEFT: move(a, k, k->ctrl ? MC_CARET_WORD : MC_CARET_GRAPHEME, -1); break;
    case KEY_RIGHT: move(a, k, k->ctrl ? MC_CARET_WORD : MC_CARET_GRAPHEME, 1); break;
    case KEY_HOME: move(a, k, k->ctrl ? MC_CARET_DOCUMENT : MC_CARET_LINE, -1); break;
    case KEY_END: move(a, k, k->ctrl ? MC_CARET_DOCUMENT : MC_CARET_LINE, 1); break;
    case KEY_UP:
    case KEY_DOWN:
        if (suggesting(a)) {
            size_t n = a->suggestion_count;
            a->highlighted = (a->highlighted + (k->kind == KEY_DOWN ? 1 : n - 1)) % n;
        }
        break;
    case KEY_ESCAPE: a->suggestions_dismissed = true; break;
    case KEY_CTRL:
        switch (k->letter) {
        case 'b': toggle(a, MC_FORMAT_BOLD); break;
        case 't': toggle(a, MC_FORMAT_ITALIC); break;
        case 'u': toggle(a, MC_FORMAT_UNDERLINE); break;
        case 'x': toggle(a, MC_FORMAT_STRIKE); break;
        case 'k': toggle(a, MC_FORMAT_CODE); break;
        case 'z': attempt(a, mc_draft_undo(draft)); break;
        case 'y': attempt(a, mc_draft_redo(draft)); break;
        case 'a': attempt(a, mc_draft_select_all(draft)); break;
        case 'c':
        case 'd': return false;
        default: break;
        }
        break;
    case KEY_UNKNOWN: break;
    }
    return true;
}

static void draw(const app *a, buffer *frame) {
    int columns = 0, rows = 0;
    terminal_size(&columns, &rows);
    if (!render(a, frame, columns, rows)) fail("reading the draft");
    terminal_write(frame->data, frame->length);
}

int main(void) {
    setlocale(LC_CTYPE, ""); /* wcwidth: the widths of the characters drawn */
    if (mc_abi_version() != MC_ABI_VERSION) {
        fprintf(stderr, "try: the library's ABI %u is not the header's %d\n", mc_abi_version(), MC_ABI_VERSION);
        return 1;
    }
    app a;
    memset(&a, 0, sizeof a);
    if (mc_draft_new("{\"mention_limit\": 5}", &a.draft) != MC_OK) fail("mc_draft_new");
    if (mc_draft_set_listener(a.draft, on_event, &a) != MC_OK) fail("mc_draft_set_listener");
    if (mc_draft_tick(a.draft, now_ms()) != MC_OK) fail("mc_draft_tick");
    if (!terminal_enter()) {
        fprintf(stderr, "try: stdin and stdout must be a terminal (run `make try` in one)\n");
        return 1;
    }

    buffer frame = {0};
    key keys[512];
    bool running = true;
    draw(&a, &frame);
    while (running) {
        /* A second without keys still advances the clock: typing stops after 5 s idle. */
        int count = terminal_read_keys(keys, (int)(sizeof keys / sizeof keys[0]), 1000);
        if (count < 0) break; /* the terminal went away */
        a.events_heard = 0;
        if (count > 0) a.notice[0] = '\0';
        for (int i = 0; i < count && running; i++) running = handle(&a, &keys[i]);
        if (mc_draft_tick(a.draft, now_ms()) != MC_OK) fail("mc_draft_tick");
        if (count > 0 || a.events_heard) a.events_shown = a.events_heard;
        if (running && (count > 0 || a.events_heard || terminal_resized())) draw(&a, &frame);
    }

    terminal_leave();
    if (mc_draft_set_listener(a.draft, NULL, NULL) != MC_OK) fail("mc_draft_set_listener");
    mc_draft_free(a.draft);
    printf("try: %d message%s sent\n", a.sent_count, a.sent_count == 1 ? "" : "s");
    if (a.sent_log.length > 0) fputs(a.sent_log.data, stdout);
    mc_string_free(a.last_sent);
    buffer_free(&a.sent_log);
    buffer_free(&frame);
    return 0;
}
