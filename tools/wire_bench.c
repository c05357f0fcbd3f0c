/*
 * wire_bench.c: the wire format side by side with cmark-gfm, in one process (`make bench`).
 *
 *     wire_bench CORPUS LARGE [ROUNDS [RU_CORPUS]]
 *
 * CORPUS holds chat messages each followed by a NUL byte, LARGE one long message, RU_CORPUS the
 * same kind of messages in Russian (tools/chat_corpus.py writes all three). Three or four inputs:
 * the corpus, its short messages alone (under SHORT_BYTES: "ok, see you at 5", the most common kind
 * in a chat, where a call's fixed costs weigh most), the long message, and the Russian corpus
 * (Cyrillic letters, two bytes each, next to the delimiters). Three directions, each timed per
 * message with both libraries
 * interleaved (who goes first alternates), best of ROUNDS passes (default 5):
 *   receive  mc_markdown_to_html            vs  cmark parse + cmark_render_html
 *   parse    mc_markdown_parse (JSON out)   vs  cmark parse (new parser .. cmark_parser_finish)
 *   send     mc_draft_serialize of a draft  vs  cmark_render_commonmark of the message's tree
 *            loaded with the message
 *     wire_bench --count DIRECTION SIDE CORPUS [MESSAGES]
 *
 * runs the first MESSAGES (default all) of CORPUS once through one side (ours | cmark) in one
 * direction, each call inside counted_call (after one uncounted call of the first, which warms
 * what the library keeps between calls): tools/profile_wire.py counts its instructions with
 * valgrind's callgrind (--toggle-collect=counted_call), the noise-free reading of the ratios.
 *
 * Every call includes freeing what it returns (mc_string_free, cmark_node_free / free). cmark-gfm
 * runs with the strikethrough extension, the one GFM extension the wire format needs. MB/s count the
 * message's markdown bytes in every direction, so the two sides share a denominator. Set-up that is
 * not the direction itself (loading the draft, parsing cmark's tree for send) is not timed.
 *
 * Debian's libcmark-gfm-dev has no header for the core extensions: the one function needed is
 * declared here, and the extensions library is linked by its file name (see the Makefile).
 */
#define _POSIX_C_SOURCE 200809L
#include <cmark-gfm/cmark-gfm-extension_api.h>
#include <cmark-gfm.h>
#include <message_composer.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void cmark_gfm_core_extensions_ensure_registered(void);

enum { RECEIVE, PARSE, SEND, DIRECTIONS };
static const char *const direction_names[DIRECTIONS] = {"receive", "parse", "send"};
static const char *const direction_calls[DIRECTIONS] = {
    "mc_markdown_to_html vs cmark parse + render_html",
    "mc_markdown_parse vs cmark_parser_finish",
    "mc_draft_serialize vs cmark_render_commonmark",
};

typedef struct {
    const char *name;
    char **messages;
    size_t count;
    size_t bytes;
} input_set;

static cmark_syntax_extension *strikethrough;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void die(const char *what) {
    const char *detail = mc_last_error();
    fprintf(stderr, "wire_bench: %s failed%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    exit(1);
}

static char *read_file(const char *path, size_t *length) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "wire_bench: cannot open %s\n", path);
        exit(2);
    }
    size_t capacity = 1 << 20, n = 0;
    char *data = malloc(capacity + 1);
    size_t got;
    while (data && (got = fread(data + n, 1, capacity - n, f)) > 0) {
        n += got;
        if (n == capacity) data = realloc(data, (capacity *= 2) + 1);
    }
    fclose(f);
    if (!data) exit(3);
    data[n] = '\0';
    *length = n;
    return data;
}

/* Splits the NUL-separated corpus in place. */
static input_set load_corpus(const char *path) {
    size_t length;
    char *data = read_file(path, &length);
    input_set set = {"corpus", NULL, 0, 0};
    for (size_t i = 0; i < length; i++) set.count += data[i] == '\0';
    set.messages = malloc(set.count * sizeof *set.messages);
    if (!set.messages) exit(3);
    size_t k = 0;
    for (char *p = data; k < set.count; p += strlen(p) + 1) {
        set.messages[k++] = p;
        set.bytes += strlen(p);
    }
    return set;
}

/* Below this many bytes a message of the corpus is short. */
enum { SHORT_BYTES = 80 };

/* The messages of `corpus` shorter than SHORT_BYTES (sharing its strings). */
static input_set short_messages(const input_set *corpus) {
    input_set set = {"short msgs", malloc(corpus->count * sizeof(char *)), 0, 0};
    if (!set.messages) exit(3);
    for (size_t i = 0; i < corpus->count; i++) {
        size_t length = strlen(corpus->messages[i]);
        if (length >= SHORT_BYTES) continue;
        set.messages[set.count++] = corpus->messages[i];
        set.bytes += length;
    }
    return set;
}

static input_set load_single(const char *path) {
    input_set set = {"1 MB message", malloc(sizeof(char *)), 1, 0};
    if (!set.messages) exit(3);
    set.messages[0] = read_file(path, &set.bytes);
    return set;
}

static cmark_node *cmark_parse(const char *text, size_t length) {
    cmark_parser *parser = cmark_parser_new(CMARK_OPT_DEFAULT);
    cmark_parser_attach_syntax_extension(parser, strikethrough);
    cmark_parser_feed(parser, text, length);
    cmark_node *root = cmark_parser_finish(parser);
    cmark_parser_free(parser);
    return root;
}

/* One call of our library in `direction` on `text` (the draft already holds it for send). */
static mc_status call_ours(int direction, const char *text, mc_draft *draft) {
    char *out = NULL;
    mc_status status;
    switch (direction) {
    case RECEIVE: status = mc_markdown_to_html(text, NULL, &out); break;
    case PARSE: status = mc_markdown_parse(text, &out); break;
    default: status = mc_draft_serialize(draft, &out); break;
    }
    mc_string_free(out);
    return status;
}

static void call_cmark(int direction, const char *text, size_t length, cmark_node *tree) {
    char *out = NULL;
    switch (direction) {
    case RECEIVE: {
        cmark_node *root = cmark_parse(text, length);
        out = cmark_render_html(root, CMARK_OPT_DEFAULT, NULL);
        cmark_node_free(root);
        break;
    }
    case PARSE: cmark_node_free(cmark_parse(text, length)); break;
    default: out = cmark_render_commonmark(tree, CMARK_OPT_DEFAULT, 0); break;
    }
    free(out);
}

static double time_ours(int direction, const char *text, mc_draft *draft) {
    double t0 = now();
    mc_status status = call_ours(direction, text, draft);
    double t = now() - t0;
    if (status != MC_OK) die(direction_names[direction]);
    return t;
}

static double time_cmark(int direction, const char *text, size_t length, cmark_node *tree) {
    double t0 = now();
    call_cmark(direction, text, length, tree);
    return now() - t0;
}

/* The calls `--count` makes, apart so that callgrind can count inside them only (not inlined nor
 * cloned: the name is what it toggles on). */
void counted_call(int direction, int cmark, const char *text, size_t length, mc_draft *draft, cmark_node *tree);
__attribute__((noinline, noclone)) void counted_call(int direction, int cmark, const char *text, size_t length, mc_draft *draft,
                                                     cmark_node *tree) {
    if (cmark) {
        call_cmark(direction, text, length, tree);
    } else if (call_ours(direction, text, draft) != MC_OK) {
        die(direction_names[direction]);
    }
}

/* `--count`: see the top of the file. */
static int count_mode(int argc, char **argv, mc_draft *draft) {
    int direction = -1;
    for (int d = 0; d < DIRECTIONS; d++)
        if (strcmp(argv[2], direction_names[d]) == 0) direction = d;
    int cmark = strcmp(argv[3], "cmark") == 0;
    if (direction < 0 || (!cmark && strcmp(argv[3], "ours") != 0)) {
        fprintf(stderr, "usage: wire_bench --count receive|parse|send ours|cmark CORPUS [MESSAGES]\n");
        return 2;
    }
    input_set set = load_corpus(argv[4]);
    size_t limit = argc > 5 ? (size_t)strtoul(argv[5], NULL, 10) : set.count;
    if (limit > set.count) limit = set.count;
    for (size_t i = 0; i < limit; i++) {
        const char *text = set.messages[i];
        size_t length = strlen(text);
        cmark_node *tree = NULL;
        if (direction == SEND) {
            if (mc_draft_load_markdown(draft, text, NULL) != MC_OK) die("mc_draft_load_markdown");
            tree = cmark_parse(text, length);
        }
        if (i == 0) {
            if (cmark) call_cmark(direction, text, length, tree);
            else if (call_ours(direction, text, draft) != MC_OK) die(direction_names[direction]);
        }
        counted_call(direction, cmark, text, length, draft, tree);
        if (tree) cmark_node_free(tree);
    }
    printf("wire_bench --count: %s, %s, %zu messages\n", direction_names[direction], cmark ? "cmark-gfm" : "ours", limit);
    return 0;
}

/* One pass over `set` in `direction`: adds the time of each side to totals[0] (ours), [1] (cmark). */
static void pass(int direction, const input_set *set, mc_draft *draft, double totals[2]) {
    for (size_t i = 0; i < set->count; i++) {
        const char *text = set->messages[i];
        size_t length = strlen(text);
        cmark_node *tree = NULL;
        if (direction == SEND) {
            if (mc_draft_load_markdown(draft, text, NULL) != MC_OK) die("mc_draft_load_markdown");
            tree = cmark_parse(text, length);
        }
        if (i % 2 == 0) {
            totals[0] += time_ours(direction, text, draft);
            totals[1] += time_cmark(direction, text, length, tree);
        } else {
            totals[1] += time_cmark(direction, text, length, tree);
            totals[0] += time_ours(direction, text, draft);
        }
        if (tree) cmark_node_free(tree);
    }
}

int main(int argc, char **argv) {
    int counting = argc > 1 && strcmp(argv[1], "--count") == 0;
    if (argc < 3 || (counting && argc < 5)) {
        fprintf(stderr, "usage: wire_bench CORPUS LARGE [ROUNDS [RU_CORPUS]]\n"
                        "       wire_bench --count receive|parse|send ours|cmark CORPUS [MESSAGES]\n");
        return 2;
    }
    cmark_gfm_core_extensions_ensure_registered();
    strikethrough = cmark_find_syntax_extension("strikethrough");
    if (!strikethrough) {
        fprintf(stderr, "wire_bench: cmark-gfm has no strikethrough extension\n");
        return 2;
    }
    mc_draft *draft = NULL;
    /* No undo history to keep: every load would otherwise be a step kept for undo. */
    if (mc_draft_new("{\"undo_depth\": 0}", &draft) != MC_OK) die("mc_draft_new");
    if (counting) {
        int status = count_mode(argc, argv, draft);
        mc_draft_free(draft);
        return status;
    }
    int rounds = argc > 3 ? atoi(argv[3]) : 5;
    if (rounds < 1) rounds = 1;
    input_set corpus = load_corpus(argv[1]);
    enum { MAX_SETS = 4 };
    input_set sets[MAX_SETS] = {corpus, short_messages(&corpus), load_single(argv[2])};
    int set_count = 3;
    if (argc > 4) {
        sets[set_count] = load_corpus(argv[4]);
        sets[set_count++].name = "ru corpus";
    }

    printf("wire_bench: libmessage_composer %s vs cmark-gfm %s (strikethrough), best of %d rounds,\n", mc_version(),
           cmark_version_string(), rounds);
    printf("per message, interleaved; MB/s of markdown; corpus %zu messages %.2f MB (%zu under %d bytes, %.2f MB),\n"
           "1 MB message %.2f MB\n",
           sets[0].count, (double)sets[0].bytes / 1e6, sets[1].count, SHORT_BYTES, (double)sets[1].bytes / 1e6,
           (double)sets[2].bytes / 1e6);
    if (set_count > 3) printf("Russian corpus %zu messages %.2f MB\n", sets[3].count, (double)sets[3].bytes / 1e6);
    printf("\n");
    printf("%-8s %-13s %12s %12s %9s   %s\n", "", "input", "cmark-gfm", "ours", "ours/cmark", "calls");
    for (int direction = 0; direction < DIRECTIONS; direction++) {
        for (int s = 0; s < set_count; s++) {
            double best[2] = {1e300, 1e300};
            for (int round = 0; round < rounds; round++) {
                double totals[2] = {0, 0};
                pass(direction, &sets[s], draft, totals);
                for (int side = 0; side < 2; side++)
                    if (totals[side] < best[side]) best[side] = totals[side];
            }
            double mb = (double)sets[s].bytes / 1e6;
            printf("%-8s %-13s %7.1f MB/s %7.1f MB/s %8.2fx   %s\n", direction_names[direction], sets[s].name,
                   mb / best[1], mb / best[0], best[1] / best[0], s == 0 ? direction_calls[direction] : "");
            fflush(stdout);
        }
    }
    mc_draft_free(draft);
    return 0;
}
