/* app.h: the try program's state, shared by the key handling (try.c) and the screen (render.c). */
#ifndef TRY_APP_H
#define TRY_APP_H

#include <stdbool.h>
#include <stdint.h>

#include "buffer.h"
#include "message_composer.h"
#include "people.h"

typedef struct {
    mc_draft *draft;
    /* The mention query as the engine reports it (MC_EVENT_MENTION_QUERY), and the suggestions
       the host shows for it. */
    bool query_open;
    char query[256];
    const person *suggestions[MAX_SUGGESTIONS];
    size_t suggestion_count;
    size_t highlighted;
    bool suggestions_dismissed; /* Esc: hidden until the query changes */
    /* The event kinds heard during the last key (a bit per MC_EVENT_*), and in all. */
    uint32_t events_heard, events_shown;
    long events_total;
    /* The last send: its outgoing messages (JSON, owned by the library's allocator), and a count. */
    char *last_sent;
    int sent_count;
    /* Every message sent, printed on the normal screen when the program ends. */
    buffer sent_log;
    /* The last refused call's message, shown until the next key. */
    char notice[512];
} app;

#endif
