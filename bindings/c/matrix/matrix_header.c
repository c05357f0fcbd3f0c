/* matrix_header.c: reads include/message_composer.h at run time (see matrix.h). The generated header
   writes each prototype on one line, after its doc comment (a C comment block); the statuses a function
   documents are the MC_OK / MC_ERR_* names after "Errors:", and "Errors: as mc_other" adds
   mc_other's. */
#include "matrix.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    mc_status status;
} STATUS_NAMES[] = {
    {"MC_OK", MC_OK},
    {"MC_ERR_INVALID_ARGUMENT", MC_ERR_INVALID_ARGUMENT},
    {"MC_ERR_NULL_ARGUMENT", MC_ERR_NULL_ARGUMENT},
    {"MC_ERR_INVALID_HANDLE", MC_ERR_INVALID_HANDLE},
    {"MC_ERR_INVALID_UTF8", MC_ERR_INVALID_UTF8},
    {"MC_ERR_INVALID_JSON", MC_ERR_INVALID_JSON},
    {"MC_ERR_OUT_OF_RANGE", MC_ERR_OUT_OF_RANGE},
    {"MC_ERR_UNSAFE_LINK", MC_ERR_UNSAFE_LINK},
    {"MC_ERR_INVALID_COLOR", MC_ERR_INVALID_COLOR},
    {"MC_ERR_NOT_ALLOWED", MC_ERR_NOT_ALLOWED},
    {"MC_ERR_LIMIT_EXCEEDED", MC_ERR_LIMIT_EXCEEDED},
};

mc_status matrix_status_named(const char *name) {
    for (size_t i = 0; i < sizeof STATUS_NAMES / sizeof STATUS_NAMES[0]; i++)
        if (strcmp(STATUS_NAMES[i].name, name) == 0) return STATUS_NAMES[i].status;
    return 1;
}

static char *read_all(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t capacity = 1 << 16, n = 0;
    char *text = malloc(capacity);
    size_t got;
    while (text && (got = fread(text + n, 1, capacity - n - 1, f)) > 0) {
        n += got;
        if (n + 1 == capacity) {
            char *grown = realloc(text, capacity * 2);
            if (!grown) { free(text); text = NULL; break; }
            text = grown;
            capacity *= 2;
        }
    }
    fclose(f);
    if (text) text[n] = '\0';
    return text;
}

static void trim_copy(char *dst, size_t size, const char *start, const char *end) {
    while (start < end && *start == ' ') start++;
    while (end > start && end[-1] == ' ') end--;
    size_t n = (size_t)(end - start);
    if (n >= size) n = size - 1;
    memcpy(dst, start, n);
    dst[n] = '\0';
}

static void classify(function_info *f) {
    for (int i = 0; i < f->nparams; i++) {
        param_info *p = &f->params[i];
        const char *t = p->type;
        size_t nlen = strlen(p->name);
        p->json = nlen > 5 && strcmp(p->name + nlen - 5, "_json") == 0 && strncmp(p->name, "out_", 4) != 0;
        p->markdown = strcmp(p->name, "markdown") == 0;
        if (strcmp(t, "mc_draft *") == 0) p->cls = P_HANDLE;
        else if (strncmp(p->name, "out_", 4) == 0 && strchr(t, '*')) p->cls = P_OUT;
        else if (strcmp(t, "const char *") == 0)
            p->cls = i + 1 < f->nparams && strcmp(f->params[i + 1].type, "size_t") == 0 ? P_BYTES : P_STRING;
        else if (strcmp(t, "size_t") == 0) p->cls = i > 0 && f->params[i - 1].cls == P_BYTES ? P_LENGTH : P_UNKNOWN;
        else if (strcmp(t, "char *") == 0) p->cls = P_OWNED;
        else if (strcmp(t, "int64_t") == 0) p->cls = P_I64;
        else if (strcmp(t, "uint64_t") == 0) p->cls = P_U64;
        else if (strcmp(t, "mc_format") == 0 || strcmp(t, "mc_unit") == 0 || strcmp(t, "mc_caret_unit") == 0
                 || strcmp(t, "mc_upload_event") == 0 || strcmp(t, "mc_status") == 0)
            p->cls = P_ENUM;
        else if (strcmp(t, "uint32_t") == 0 && strcmp(p->name, "flags") == 0) p->cls = P_FLAGS;
        else if (strcmp(t, "double") == 0) p->cls = P_DOUBLE;
        else if (strcmp(t, "bool") == 0 || strcmp(t, "mc_bool") == 0) p->cls = P_BOOL;
        else if (strcmp(t, "mc_listener") == 0) p->cls = P_LISTENER;
        else if (strcmp(t, "void *") == 0) p->cls = P_USER_DATA;
        else p->cls = P_UNKNOWN;
    }
}

/* Parses "TYPE NAME" / "TYPE *NAME" into type ("const char *") and name. */
static int parse_param(param_info *p, const char *start, const char *end) {
    char buf[128];
    trim_copy(buf, sizeof buf, start, end);
    char *name = buf + strlen(buf);
    while (name > buf && (name[-1] == '_' || (name[-1] >= 'a' && name[-1] <= 'z') || (name[-1] >= '0' && name[-1] <= '9')))
        name--;
    if (name == buf || !*name) return 0;
    trim_copy(p->name, sizeof p->name, name, name + strlen(name));
    *name = '\0';
    size_t n = strlen(buf);
    while (n > 0 && buf[n - 1] == ' ') buf[--n] = '\0';
    /* The type as "T", "T *" or "T **" (one space before the stars). */
    size_t stars = 0;
    while (n > 0 && buf[n - 1] == '*') { n--; stars++; }
    while (n > 0 && buf[n - 1] == ' ') n--;
    if (n + 4 > sizeof p->type || stars > 2) return 0;
    memcpy(p->type, buf, n);
    if (stars) {
        p->type[n++] = ' ';
        while (stars--) p->type[n++] = '*';
    }
    p->type[n] = '\0';
    return 1;
}

/* One prototype line: "RET NAME(PARAMS);" with RET one of the header's return types. */
static int parse_prototype(function_info *f, const char *line, const char *end) {
    static const char *const RETURNS[] = {"mc_status ", "void ", "const char *", "uint32_t "};
    const char *name = NULL;
    for (size_t i = 0; i < sizeof RETURNS / sizeof RETURNS[0]; i++) {
        size_t n = strlen(RETURNS[i]);
        if ((size_t)(end - line) > n && strncmp(line, RETURNS[i], n) == 0 && strncmp(line + n, "mc_", 3) == 0) {
            trim_copy(f->ret, sizeof f->ret, line, line + n);
            name = line + n;
        }
    }
    if (!name) return 0;
    const char *open = memchr(name, '(', (size_t)(end - name));
    if (!open || end - open < 3 || strncmp(end - 2, ");", 2) != 0) return 0;
    trim_copy(f->name, sizeof f->name, name, open);
    f->returns_status = strcmp(f->ret, "mc_status") == 0;
    const char *p = open + 1, *close = end - 2;
    f->nparams = 0;
    if (close - p == 4 && strncmp(p, "void", 4) == 0) return 1;
    while (p < close) {
        const char *comma = memchr(p, ',', (size_t)(close - p));
        const char *stop = comma ? comma : close;
        if (f->nparams == MATRIX_MAX_PARAMS || !parse_param(&f->params[f->nparams], p, stop)) return 0;
        f->nparams++;
        p = comma ? comma + 1 : close;
    }
    classify(f);
    return 1;
}

/* The statuses listed after "Errors:" in `doc`; "as mc_x" is returned in `as` (or ""). */
static unsigned documented_statuses(const char *doc, int *has_errors, char *as, size_t as_size) {
    unsigned bits = STATUS_BIT(MC_OK);
    as[0] = '\0';
    const char *errors = strstr(doc, "Errors:");
    *has_errors = errors != NULL;
    if (!errors) return bits;
    const char *ref = strstr(errors, "as mc_");
    if (ref) {
        const char *s = ref + 3, *e = s;
        while ((*e >= 'a' && *e <= 'z') || *e == '_' || (*e >= '0' && *e <= '9')) e++;
        trim_copy(as, as_size, s, e);
    }
    for (const char *p = errors; (p = strstr(p, "MC_")) != NULL;) {
        const char *e = p;
        while ((*e >= 'A' && *e <= 'Z') || *e == '_' || (*e >= '0' && *e <= '9')) e++;
        char name[64];
        trim_copy(name, sizeof name, p, e);
        mc_status s = matrix_status_named(name);
        if (s <= 0) bits |= STATUS_BIT(s);
        p = e;
    }
    return bits;
}

int matrix_read_header(const char *path, function_info **out) {
    char *text = read_all(path);
    if (!text) {
        fprintf(stderr, "matrix: cannot read the header %s\n", path);
        return 0;
    }
    size_t capacity = 128;
    function_info *functions = calloc(capacity, sizeof *functions);
    char (*as)[64] = calloc(capacity, sizeof *as);
    int count = 0;
    size_t doc_capacity = 1 << 14, doc_len = 0;
    char *doc = malloc(doc_capacity);
    if (!functions || !as || !doc) {
        fprintf(stderr, "matrix: out of memory\n");
        exit(2);
    }
    doc[0] = '\0';
    for (char *line = text; *line;) {
        char *end = strchr(line, '\n');
        char *next = end ? end + 1 : line + strlen(line);
        if (!end) end = next;
        *end = '\0';  /* one line at a time */
        /* A doc comment: "/" "* text", then " * text" lines, then " *" "/" (or one line ending in it). */
        int opens = strncmp(line, "/*", 2) == 0, continues = strncmp(line, " *", 2) == 0;
        if (opens || continues) {
            if (opens) {
                doc_len = 0;
                doc[0] = '\0';
            }
            const char *text_start = line + 2;
            size_t n = (size_t)(end - text_start);
            if (n >= 2 && strncmp(end - 2, "*/", 2) == 0) n -= 2;
            if (!(continues && n >= 1 && text_start[0] == '/') && doc_len + n + 2 < doc_capacity) {
                memcpy(doc + doc_len, text_start, n);
                doc_len += n;
                doc[doc_len++] = ' ';
                doc[doc_len] = '\0';
            }
        } else {
            function_info f;
            memset(&f, 0, sizeof f);
            if ((size_t)count < capacity && parse_prototype(&f, line, end)) {
                f.documented = documented_statuses(doc, &f.has_errors_line, as[count], sizeof as[count]);
                functions[count++] = f;
            } else if (strstr(line, "mc_") && strchr(line, '(') && strncmp(line, "#define", 7) != 0
                       && strncmp(line, "typedef", 7) != 0 && strncmp(line, "/*", 2) != 0 && strncmp(line, " *", 2) != 0
                       && strncmp(line, "    ", 4) != 0) {
                fprintf(stderr, "matrix: a line of the header reads like a prototype the matrix cannot parse: %.*s\n",
                        (int)(end - line), line);
                exit(2);
            }
            doc_len = 0;
            doc[0] = '\0';
        }
        line = next;
    }
    /* "Errors: as mc_other": add mc_other's statuses (chains resolve in a few passes). */
    for (int pass = 0; pass < 4; pass++)
        for (int i = 0; i < count; i++)
            if (as[i][0])
                for (int j = 0; j < count; j++)
                    if (strcmp(functions[j].name, as[i]) == 0) functions[i].documented |= functions[j].documented;
    free(as);
    free(doc);
    free(text);
    *out = functions;
    return count;
}
