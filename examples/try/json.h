/*
 * json.h: a small JSON reader for the try program (examples/try), enough for the library's
 * outputs (UI state, document, event payloads). Numbers are doubles; strings are decoded UTF-8.
 */
#ifndef TRY_JSON_H
#define TRY_JSON_H

#include <stdbool.h>
#include <stddef.h>

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type;

typedef struct json_value json_value;
struct json_value {
    json_type type;
    bool boolean;
    double number;
    char *string;       /* JSON_STRING: decoded, NUL-terminated */
    size_t count;       /* JSON_ARRAY / JSON_OBJECT: number of items */
    json_value *items;  /* the items (values of an object) */
    char **keys;        /* JSON_OBJECT: the keys, parallel to items */
};

/* Parses text; NULL when it is not JSON (or memory runs out). Free with json_free. */
json_value *json_parse(const char *text);
void json_free(json_value *value);

/* The member key of an object, or NULL (also when value is not an object). */
const json_value *json_get(const json_value *object, const char *key);
/* The member's string, number or bool, with a fallback when missing or of another type. */
const char *json_get_string(const json_value *object, const char *key, const char *fallback);
double json_get_number(const json_value *object, const char *key, double fallback);
bool json_get_bool(const json_value *object, const char *key, bool fallback);

#endif
