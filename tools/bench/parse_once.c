/* One mc_markdown_parse of a file's contents: the program tools/profile_parse.py runs under
 * valgrind's callgrind, which counts the instructions inside measured_parse only
 * (--toggle-collect), so reading the file and the process's start-up are not counted. A first parse
 * of the same text runs before it, uncounted: the library's one-time costs (the runtime's first
 * lookups of its types, the buffers its pools keep between parses) are not a parse's, and the
 * bench, which parses again and again, never sees them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "message_composer.h"

/* The parse callgrind counts (not inlined nor cloned, so that it keeps its name to toggle on). */
mc_status measured_parse(const char *text, char **json);
__attribute__((noinline, noclone)) mc_status measured_parse(const char *text, char **json) { return mc_markdown_parse(text, json); }

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (f == NULL) {
        perror(argv[1]);
        return 2;
    }
    size_t capacity = 1 << 16, length = 0;
    char *text = malloc(capacity + 1);
    size_t got;
    while (text != NULL && (got = fread(text + length, 1, capacity - length, f)) > 0) {
        length += got;
        if (length == capacity) {
            capacity *= 2;
            char *grown = realloc(text, capacity + 1);
            if (grown == NULL) free(text);
            text = grown;
        }
    }
    fclose(f);
    if (text == NULL) return 2;
    text[length] = '\0';
    char *json = NULL;
    if (mc_markdown_parse(text, &json) == MC_OK) mc_string_free(json);
    json = NULL;
    mc_status status = measured_parse(text, &json);
    if (status != MC_OK) {
        fprintf(stderr, "mc_markdown_parse: %s\n", mc_last_error());
        free(text);
        return 1;
    }
    printf("%zu %zu\n", length, strlen(json));
    mc_string_free(json);
    free(text);
    return 0;
}
