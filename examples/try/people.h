/* people.h: the built-in people directory the try program suggests mentions from. */
#ifndef TRY_PEOPLE_H
#define TRY_PEOPLE_H

#include <stddef.h>

typedef struct {
    const char *uid;
    const char *name;
} person;

enum { MAX_SUGGESTIONS = 9 };

/* Fills out with up to max people whose name or uid starts with query (ASCII case-insensitive;
   an empty query matches everyone), in directory order; returns how many. */
size_t people_matching(const char *query, const person **out, size_t max);

#endif
