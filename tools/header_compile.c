/* tools/header_compile.c: compiled, never linked, by `make test-header-compile` as C89, C99, C11
   (gcc, clang) and C++17 (g++, clang++) with -pedantic -Wall -Wextra -Werror: the header's types,
   constants and prototypes used as a host uses them, in code all four languages accept. */
#include "message_composer.h"

static void on_event(void *user_data, mc_event kind, const char *payload_json) {
    (void)user_data;
    (void)kind;
    (void)payload_json;
}

int header_compile_use(void);

int header_compile_use(void) {
    mc_draft *draft = NULL;
    mc_bool can_send = 0;
    mc_listener listener = on_event;
    char *markdown = NULL;
    int64_t anchor = 0, focus = 0;
    mc_status status = mc_draft_new("{}", &draft);
    if (status != MC_OK || mc_abi_version() != MC_ABI_VERSION) return (int)mc_status_name(status)[0];
    status = mc_draft_set_listener(draft, listener, NULL);
    status = mc_draft_insert(draft, "hello");
    status = mc_draft_apply_format(draft, 0, 5, MC_FORMAT_BOLD, NULL, MC_FLAG_PROTECT);
    status = mc_draft_move_caret(draft, MC_CARET_WORD, -1, MC_FLAG_EXTEND);
    status = mc_draft_selection(draft, &anchor, &focus);
    status = mc_draft_can_send(draft, &can_send);
    status = mc_draft_serialize(draft, &markdown);
    mc_string_free(markdown);
    mc_draft_free(draft);
    return status == MC_OK && can_send ? 0 : 1;
}
