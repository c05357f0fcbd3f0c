/* editing_selection.c: the toolbar over a selection, whose cost must not grow with what the
 * selection holds. shift+right then shift+left at the end of a select-all, with a listener (which
 * is told the formats the selection shares at every change), on the formatted draft of 4 KiB and of
 * 1 MiB made all bold and all quoted: text sharing its formats to its end, the case a walk over the
 * selection's runs and lines would read whole (docs/storage.md, SharedFormats). */
#include "editing_bench.h"

#include <stdio.h>

enum { SELECTION_SIZES = 2, MIN_MOVES = 200 };
#define SELECTION_BUDGET_NS 0.4e9

static void ignore_event(void *user_data, mc_event kind, const char *payload_json) {
    (void)user_data;
    (void)kind;
    (void)payload_json;
}

/* Best time of a shift+right, shift+left pair over the select-all of the draft of `size` scalars. */
static double select_all_pair_ns(int64_t size) {
    bench_doc doc = bench_make_doc(7, size);
    mc_draft *d = NULL;
    bench_check(mc_draft_new(NULL, &d), "mc_draft_new");
    bench_check(mc_draft_load_document(d, doc.json), "mc_draft_load_document");
    bench_check(mc_draft_apply_format(d, 0, doc.length, MC_FORMAT_BOLD, NULL, 0), "mc_draft_apply_format");
    bench_check(mc_draft_apply_format(d, 0, doc.length, MC_FORMAT_QUOTE, NULL, 0), "mc_draft_apply_format");
    bench_check(mc_draft_set_listener(d, ignore_event, NULL), "mc_draft_set_listener");
    bench_check(mc_draft_set_selection(d, 0, doc.length - 1), "mc_draft_set_selection");
    double best = 1e300;
    double start = bench_now_ns();
    for (int moves = 0; moves < MIN_MOVES || bench_now_ns() - start < SELECTION_BUDGET_NS; moves++) {
        double t0 = bench_now_ns();
        bench_check(mc_draft_move_caret(d, MC_CARET_GRAPHEME, 1, MC_FLAG_EXTEND), "mc_draft_move_caret");
        bench_check(mc_draft_move_caret(d, MC_CARET_GRAPHEME, -1, MC_FLAG_EXTEND), "mc_draft_move_caret");
        double t = bench_now_ns() - t0;
        if (t < best) best = t;
    }
    mc_draft_free(d);
    bench_free_doc(&doc);
    return best;
}

double bench_selection(void) {
    static const int64_t sizes[SELECTION_SIZES] = {4 * 1024, 1024 * 1024};
    double best[SELECTION_SIZES];
    for (int s = 0; s < SELECTION_SIZES; s++) {
        best[s] = select_all_pair_ns(sizes[s]);
        char a[32];
        printf("  select-all of %7lld scalars, all bold and quoted: shift+right, shift+left with a listener %s a pair\n",
               (long long)sizes[s], bench_fmt_time(best[s], a));
    }
    return best[1] / best[0];
}
