/* people.c: see people.h. A real host asks its server; a fixed list is enough to try the engine. */
#include "people.h"

#include <stdbool.h>
#include <string.h>

static const person directory[] = {
    {"alice", "Alice"}, {"alan", "Alan"},   {"albert", "Albert"}, {"bob", "Bob"},     {"carol", "Carol"},
    {"chloe", "Chloé"}, {"dave", "Dave"},   {"erin", "Erin"},     {"frank", "Frank"}, {"grace", "Grace"},
    {"mallory", "Mallory"}, {"zoe", "Zoë"},
};

static bool starts_with(const char *s, const char *prefix) {
    for (; *prefix; s++, prefix++) {
        char a = *s, b = *prefix;
        if (a >= 'A' && a <= 'Z') a = (char)(a - 'A' + 'a');
        if (b >= 'A' && b <= 'Z') b = (char)(b - 'A' + 'a');
        if (a != b) return false;
    }
    return true;
}

size_t people_matching(const char *query, const person **out, size_t max) {
    size_t count = 0;
    for (size_t i = 0; i < sizeof directory / sizeof directory[0] && count < max; i++)
        if (starts_with(directory[i].name, query) || starts_with(directory[i].uid, query)) out[count++] = &directory[i];
    return count;
}
