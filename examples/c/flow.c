/*
 * flow.c: one message written the way a chat client drives the composer, through the C API.
 *
 *   1. a draft with a configuration, and a listener (the events a UI redraws from)
 *   2. typing text, then bolding one word of it
 *   3. typing "@al": the engine reports a mention query; the host picks a person and inserts the mention
 *   4. staging a file and driving its upload (start, progress, complete) while the send state follows
 *   5. sending: the outgoing messages
 *   6. a received message rendered as plain text (a notification) and as safe HTML
 *
 * Every call's status is checked; the program exits 1 on the first failure, with mc_last_error().
 *
 * Build and run: make examples, or
 *   cc -std=c11 -Iinclude examples/c/flow.c -Lbuild/lib -lmessage_composer -Wl,-rpath,$PWD/build/lib
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "message_composer.h"

static void check(mc_status status, const char *what) {
    if (status != MC_OK) {
        fprintf(stderr, "flow: %s failed (%d): %s\n", what, (int)status, mc_last_error());
        exit(1);
    }
}

static void step(const char *title) { printf("\n-- %s\n", title); }

/* The host's people directory, which the mention query is matched against. */
typedef struct {
    const char *uid;
    const char *name;
} person;

static const person directory[] = {{"u1", "Alice"}, {"u2", "Bob"}, {"u3", "Carol"}};

/* What the listener keeps for the host: the open mention query, if any, and the send state. */
typedef struct {
    char mention_query[64];
    bool mention_query_open;
    int events;
} host_state;

/* Reads the string member `key` of a compact JSON object (enough for the payloads used here). */
static bool json_string_member(const char *json, const char *key, char *out, size_t size) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":\"", key);
    const char *start = strstr(json, pattern);
    if (!start) return false;
    start += strlen(pattern);
    const char *end = strchr(start, '"');
    if (!end || (size_t)(end - start) >= size) return false;
    memcpy(out, start, (size_t)(end - start));
    out[end - start] = '\0';
    return true;
}

/* The listener: runs on the calling thread after each call that changed something. */
static void on_event(void *user_data, int32_t kind, const char *payload_json) {
    host_state *host = user_data;
    host->events++;
    switch (kind) {
    case MC_EVENT_MENTION_QUERY:
        host->mention_query_open = json_string_member(payload_json, "query", host->mention_query,
                                                      sizeof host->mention_query);
        printf("   event mention query: %s\n", payload_json);
        break;
    case MC_EVENT_SEND_STATE:
        printf("   event send state:    %s\n", payload_json);
        break;
    case MC_EVENT_TRAY: {
        /* The tray is an array of tiles; this flow stages one file, so the first tile is it. */
        char name[64] = "", state[32] = "";
        const char *progress = strstr(payload_json, "\"progress\":");
        if (json_string_member(payload_json, "name", name, sizeof name) &&
            json_string_member(payload_json, "state", state, sizeof state) && progress)
            printf("   event tray:          %s %s, progress %.0f%%\n", name, state,
                   100 * strtod(progress + strlen("\"progress\":"), NULL));
        else
            printf("   event tray:          %s\n", payload_json);
        break;
    }
    default:
        break; /* text, selection, formats... a UI would redraw from them */
    }
}

/* Prints text under a label, its lines indented. */
static void show_lines(const char *label, const char *text) {
    printf("   %s\n", label);
    while (*text) {
        size_t line = strcspn(text, "\n");
        printf("     | %.*s\n", (int)line, text);
        text += line;
        if (*text == '\n') text++;
    }
}

/* Prints the draft as wire markdown. */
static void show_markdown(mc_draft *draft) {
    char *markdown = NULL;
    check(mc_draft_serialize(draft, &markdown), "mc_draft_serialize");
    printf("   markdown: %s\n", markdown);
    mc_string_free(markdown);
}

/* The first person whose name starts with the query (case-insensitive), or NULL. */
static const person *match(const char *query) {
    size_t length = strlen(query);
    for (size_t i = 0; i < sizeof directory / sizeof directory[0]; i++) {
        const char *name = directory[i].name;
        size_t j = 0;
        while (j < length && name[j] && (name[j] | 0x20) == (query[j] | 0x20)) j++;
        if (j == length) return &directory[i];
    }
    return NULL;
}

static void report_send_state(mc_draft *draft) {
    bool can_send = false;
    check(mc_draft_can_send(draft, &can_send), "mc_draft_can_send");
    printf("   can send: %s\n", can_send ? "yes" : "no");
}

int main(void) {
    if (mc_abi_version() != MC_ABI_VERSION) {
        fprintf(stderr, "flow: the library's ABI %u is not the header's %d\n", mc_abi_version(), MC_ABI_VERSION);
        return 1;
    }
    printf("libmessage_composer %s\n", mc_version());

    step("1. A draft and a listener");
    mc_draft *draft = NULL;
    check(mc_draft_new("{\"mention_limit\": 5, \"max_files\": 3}", &draft), "mc_draft_new");
    host_state host = {{0}, false, 0};
    check(mc_draft_set_listener(draft, on_event, &host), "mc_draft_set_listener");

    step("2. Type, and bold a word");
    check(mc_draft_insert(draft, "The release notes are ready"), "mc_draft_insert");
    /* Offsets count Unicode scalars; strstr gives a byte offset, which the draft converts. */
    char *text = NULL;
    check(mc_draft_text(draft, &text), "mc_draft_text");
    const char *word = "release";
    const char *found = strstr(text, word);
    if (!found) {
        fprintf(stderr, "flow: \"%s\" is not in the draft's text \"%s\"\n", word, text);
        return 1;
    }
    int64_t start = 0, end = 0;
    check(mc_draft_convert_offset(draft, found - text, MC_UNIT_UTF8, MC_UNIT_SCALAR, &start),
          "mc_draft_convert_offset");
    check(mc_draft_convert_offset(draft, found - text + (int64_t)strlen(word), MC_UNIT_UTF8, MC_UNIT_SCALAR, &end),
          "mc_draft_convert_offset");
    mc_string_free(text);
    check(mc_draft_apply_format(draft, start, end, MC_FORMAT_BOLD, NULL, MC_FLAG_PROTECT), "mc_draft_apply_format");
    show_markdown(draft);

    step("3. A mention through the \"@\" query");
    check(mc_draft_insert(draft, ", thanks @al"), "mc_draft_insert");
    if (!host.mention_query_open) {
        fprintf(stderr, "flow: typing \"@al\" opened no mention query\n");
        return 1;
    }
    const person *picked = match(host.mention_query);
    if (!picked) {
        fprintf(stderr, "flow: nobody in the directory matches \"%s\"\n", host.mention_query);
        return 1;
    }
    printf("   the host suggests %s (%s) for \"%s\" and the user picks it\n", picked->name, picked->uid,
           host.mention_query);
    check(mc_draft_insert_mention(draft, picked->uid, picked->name), "mc_draft_insert_mention");
    check(mc_draft_insert(draft, "for the review."), "mc_draft_insert"); /* the mention ends with a space */
    show_markdown(draft);

    step("4. Stage a file and upload it");
    char *staged = NULL;
    check(mc_draft_stage_files(draft,
                               "[{\"name\": \"notes.pdf\", \"mime\": \"application/pdf\", \"size\": 48213, "
                               "\"ref\": \"file:///tmp/notes.pdf\"}]",
                               &staged),
          "mc_draft_stage_files");
    printf("   staged: %s\n", staged);
    unsigned long long id = 0; /* the tile's id, from {"staged":[id],...} */
    if (sscanf(staged, "{\"staged\":[%llu", &id) != 1) {
        fprintf(stderr, "flow: no id in %s\n", staged);
        return 1;
    }
    mc_string_free(staged);
    report_send_state(draft);
    check(mc_draft_upload_event(draft, id, MC_UPLOAD_START, 0, NULL), "mc_draft_upload_event(start)");
    const double progress[] = {0.25, 0.75, 1.0};
    for (size_t i = 0; i < sizeof progress / sizeof progress[0]; i++)
        check(mc_draft_upload_event(draft, id, MC_UPLOAD_PROGRESS, progress[i], NULL),
              "mc_draft_upload_event(progress)");
    report_send_state(draft);
    check(mc_draft_upload_event(draft, id, MC_UPLOAD_COMPLETE, 0, "https://cdn.example/notes.pdf"),
          "mc_draft_upload_event(complete)");
    report_send_state(draft);

    step("5. Send");
    char *messages = NULL;
    check(mc_draft_send(draft, /* host clock, ms */ 1000, &messages), "mc_draft_send");
    printf("   outgoing messages: %s\n", messages);
    mc_string_free(messages);
    report_send_state(draft); /* the draft is empty again */
    check(mc_draft_set_listener(draft, NULL, NULL), "mc_draft_set_listener");
    printf("   %d events heard\n", host.events);
    mc_draft_free(draft);

    step("6. Render a received message");
    const char *received = "**Shipped** by <@uid:u2>: see [the notes](https://example.com/notes)\n\n"
                           "> ~~draft~~ final\n\n- one\n- two";
    const char *names = "{\"u2\": \"Bob\"}"; /* the host knows the display names */
    show_lines("received markdown:", received);
    char *plain = NULL, *html = NULL;
    check(mc_markdown_to_plain_text(received, names, 40, &plain), "mc_markdown_to_plain_text");
    show_lines("as a notification (plain text, 40 graphemes at most):", plain);
    mc_string_free(plain);
    check(mc_markdown_to_html(received, names, &html), "mc_markdown_to_html");
    show_lines("as safe HTML:", html);
    mc_string_free(html);
    return 0;
}
