/*
 * test_host.c: the functions host apps asked for (issue 11) through the C surface: live
 * configuration, the banner dismissed, a cooldown from the last message time, stickers, "also send
 * to channel". Their rules are the engine's (Tests/ComposerCoreTests/Composer/ComposerHostTests.swift);
 * these check statuses, messages, out-parameters, events and that refusals change nothing.
 */
#include "harness.h"
#include "support.h"

#include <stdlib.h>

#define ONE_PNG "[{\"name\":\"a.png\",\"mime\":\"image/png\",\"size\":10,\"ref\":\"host-a\"}]"

static void update_config_is_partial_validated_whole_and_heard(void) {
    REQUIRE_NEW_DRAFT(d, "{\"mention_limit\":3}");
    TYPE(d, "hello");
    CHECK_OK(mc_draft_stage_files(d, ONE_PNG, NULL));
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_START, 0, NULL));
    CHECK_REFUSED_MESSAGE(d, mc_draft_update_config(d, "{\"max_length\":3,\"bogus\":1}"), MC_ERR_INVALID_ARGUMENT,
                          "mc_draft_update_config", "mc_draft_update_config: config: unknown key \"bogus\"");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_update_config(d, "{\"max_files\":0}"), MC_ERR_INVALID_ARGUMENT,
                            "mc_draft_update_config");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_update_config(d, "{"), MC_ERR_INVALID_JSON, "mc_draft_update_config");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_update_config(d, NULL), MC_ERR_NULL_ARGUMENT, "mc_draft_update_config");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_update_config(d, "{\"trim\":\"\xFF\"}"), MC_ERR_INVALID_UTF8,
                            "mc_draft_update_config");
    CHECK_BAD_HANDLES("mc_draft_update_config", mc_draft_update_config(bad_handle_, "{}"));

    event_log log;
    event_log_init(&log);
    CHECK_OK(mc_draft_set_listener(d, event_log_listener, &log));
    /* The uploading image is now too large: an error tile, its upload stopped; the text too long. */
    CHECK_OK(mc_draft_update_config(d, "{\"max_length\":3,\"max_file_size\":5}"));
    CHECK_EVENTS(&log, "send_state {\"can_send\":false,\"reason\":\"error_tiles\"}\n"
                       "tray [" TILE(1, "image", "a.png", "image/png", 10, "error", "null", Q("File exceeds 5 bytes."),
                                     "false", "null") "]\n"
                       "cancel_upload {\"id\":1}\n"
                       "config {\"max_length\":3,\"max_file_size\":5}\n");
    CHECK_CONFIG(d, "{\"rich_text\":true,\"mentions\":true,\"mention_limit\":3,\"max_length\":3,\"trim\":true,"
                    "\"typing_events\":true,\"multiple_attachments\":true,\"max_files\":10,\"max_file_size\":5,"
                    "\"allowed_types\":null,\"undo_depth\":100,\"slow_mode_seconds\":0,\"commands\":true,\"stickers\":true}");
    /* The same values again: nothing changes, nothing is heard. */
    CHECK_OK(mc_draft_update_config(d, "{\"max_length\":3}"));
    CHECK_OK(mc_draft_update_config(d, "{}"));
    CHECK_EVENTS(&log, "");
    CHECK_OK(mc_draft_set_listener(d, NULL, NULL));
    event_log_free(&log);
    mc_draft_free(d);
}

static void a_lowered_file_limit_keeps_the_tiles_and_blocks_sending(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_stage_files(d, "[{\"name\":\"1.png\",\"size\":1},{\"name\":\"2.png\",\"size\":1}]", NULL));
    for (uint64_t id = 1; id <= 2; id++) {
        CHECK_OK(mc_draft_upload_event(d, id, MC_UPLOAD_START, 0, NULL));
        CHECK_OK(mc_draft_upload_event(d, id, MC_UPLOAD_COMPLETE, 0, "https://cdn/x"));
    }
    CHECK_OK(mc_draft_update_config(d, "{\"max_files\":1}"));
    CHECK_SEND_BLOCKED(d, "{\"reason\":\"too_many_files\",\"message\":\"the message has 2 attachments; the limit is 1\"}");
    CHECK_UI_MEMBER(d, "info_banner", Q("You can attach up to 1 file."));
    CHECK_OK(mc_draft_remove_attachment(d, 2));
    CHECK_UI_MEMBER(d, "info_banner", "null");
    CHECK_SENDABLE(d);
    mc_draft_free(d);
}

static void banners_go_with_their_cause_and_the_host_dismisses_them(void) {
    REQUIRE_NEW_DRAFT(d, "{\"mention_limit\":1}");
    CHECK_OK(mc_draft_insert_mention(d, "u1", "Al"));
    CHECK_REFUSED_BANNER(d, mc_draft_insert_mention(d, "u2", "Bo"), MC_ERR_LIMIT_EXCEEDED, "mc_draft_insert_mention",
                         Q("You can mention up to 1 person in a message."));
    event_log log;
    event_log_init(&log);
    CHECK_OK(mc_draft_set_listener(d, event_log_listener, &log));
    /* Deleting the mention ends the banner's cause: it goes, and the host hears it. */
    CHECK_OK(mc_draft_select_all(d));
    CHECK_OK(mc_draft_delete_backward(d));
    CHECK_LAST_EVENT(&log, MC_EVENT_BANNER, "null");
    CHECK_UI_MEMBER(d, "info_banner", "null");
    /* Undo brings the mention back, not the banner. */
    CHECK_OK(mc_draft_undo(d));
    CHECK_UI_MEMBER(d, "info_banner", "null");
    /* The host dismisses a banner whose cause holds. */
    CHECK_OK(mc_draft_set_selection(d, 4, 4));
    CHECK_REFUSED_BANNER(d, mc_draft_insert_mention(d, "u2", "Bo"), MC_ERR_LIMIT_EXCEEDED, "mc_draft_insert_mention",
                         Q("You can mention up to 1 person in a message."));
    event_log_clear(&log);
    CHECK_OK(mc_draft_dismiss_banner(d));
    CHECK_EVENTS(&log, "banner null\n");
    CHECK_OK(mc_draft_dismiss_banner(d));
    CHECK_EVENTS(&log, "");
    CHECK_BAD_HANDLES("mc_draft_dismiss_banner", mc_draft_dismiss_banner(bad_handle_));
    CHECK_OK(mc_draft_set_listener(d, NULL, NULL));
    event_log_free(&log);
    mc_draft_free(d);
}

static void a_cooldown_starts_from_the_last_message_time(void) {
    REQUIRE_NEW_DRAFT(d, "{\"slow_mode_seconds\":30}");
    CHECK_OK(mc_draft_start_cooldown(d, 100000, 110000));
    CHECK_UI_MEMBER(d, "cooldown_remaining_ms", "20000");
    TYPE(d, "hi");
    CHECK_BLOCKED(d, "cooldown");
    CHECK_REFUSED_MESSAGE(d, mc_draft_start_cooldown(d, -1, 120000), MC_ERR_OUT_OF_RANGE, "mc_draft_start_cooldown",
                          "mc_draft_start_cooldown: last message time -1 is negative");
    CHECK_REFUSED_MESSAGE(d, mc_draft_start_cooldown(d, 0, 5), MC_ERR_OUT_OF_RANGE, "mc_draft_start_cooldown",
                          "mc_draft_start_cooldown: clock went backwards (5 < 110000)");
    CHECK_BAD_HANDLES("mc_draft_start_cooldown", mc_draft_start_cooldown(bad_handle_, 0, 0));
    CHECK_OK(mc_draft_tick(d, 130000));
    CHECK_SENDABLE(d);
    /* Slow mode coming on mid-session runs from the last message sent. */
    char *out = NULL;
    CHECK_OK(mc_draft_send(d, 130000, &out));
    mc_string_free(out);
    CHECK_OK(mc_draft_update_config(d, "{\"slow_mode_seconds\":60}"));
    CHECK_UI_MEMBER(d, "cooldown_remaining_ms", "60000");
    mc_draft_free(d);
}

static void stickers_go_out_at_once(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_set_thread(d, "t-1"));
    CHECK_OK(mc_draft_begin_reply(d, "m-1", "Ann", "hi", NULL));
    TYPE(d, "stays");
    CHECK_UI_MEMBER(d, "sticker_available", "true");
    char *out = NULL;
    CHECK_OK(mc_draft_send_sticker(d, "s-1", "cdn.example/s1.webp", "cats", &out));
    CHECK_EQ_STR(out, OUT_MSG_FULL("sticker", Q(""), "[]", "null", "[]", "null", "null", Q("m-1"), "null", Q("t-1"),
                                   "{\"id\":\"s-1\",\"url\":\"https://cdn.example/s1.webp\",\"pack\":\"cats\"}", "false"));
    mc_string_free(out);
    out = NULL;
    CHECK_TEXT(d, "stays");
    CHECK_UI_MEMBER(d, "mode", MODE_NEW);
    CHECK_OK(mc_draft_send_sticker(d, "s-2", "https://x.y/s2.png", NULL, &out));
    CHECK_EQ_STR(out, OUT_MSG_FULL("sticker", Q(""), "[]", "null", "[]", "null", "null", "null", "null", Q("t-1"),
                                   "{\"id\":\"s-2\",\"url\":\"https://x.y/s2.png\",\"pack\":null}", "false"));
    mc_string_free(out);
    out = NULL;
    CHECK_REFUSED_UNCHANGED(d, mc_draft_send_sticker(d, "s", "javascript:alert(1)", NULL, &out), MC_ERR_UNSAFE_LINK,
                            "mc_draft_send_sticker");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_send_sticker(d, "", "https://x.y", NULL, &out), MC_ERR_INVALID_ARGUMENT,
                            "mc_draft_send_sticker");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_send_sticker(d, NULL, "https://x.y", NULL, &out), MC_ERR_NULL_ARGUMENT,
                            "mc_draft_send_sticker");
    CHECK_REFUSED_UNCHANGED(d, mc_draft_send_sticker(d, "s", "https://x.y", NULL, NULL), MC_ERR_NULL_ARGUMENT,
                            "mc_draft_send_sticker");
    CHECK(out == NULL);
    CHECK_BAD_HANDLES("mc_draft_send_sticker", mc_draft_send_sticker(bad_handle_, "s", "https://x.y", NULL, &out));
    /* Not while editing: the button hides. */
    CHECK_OK(mc_draft_begin_edit(d, "m-2", "old", NULL, false));
    CHECK_UI_MEMBER(d, "sticker_available", "false");
    CHECK_REFUSED_MESSAGE(d, mc_draft_send_sticker(d, "s", "https://x.y", NULL, &out), MC_ERR_NOT_ALLOWED,
                          "mc_draft_send_sticker", "mc_draft_send_sticker: stickers are unavailable while editing");
    mc_draft_free(d);

    REQUIRE_NEW_DRAFT(off, "{\"stickers\":false}");
    CHECK_UI_MEMBER(off, "sticker_available", "false");
    CHECK_REFUSED_MESSAGE(off, mc_draft_send_sticker(off, "s", "https://x.y", NULL, &out), MC_ERR_NOT_ALLOWED,
                          "mc_draft_send_sticker", "mc_draft_send_sticker: stickers are disabled");
    mc_draft_free(off);
}

static void a_thread_reply_can_also_go_to_the_channel(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_REFUSED_MESSAGE(d, mc_draft_set_also_send_to_channel(d, true), MC_ERR_NOT_ALLOWED,
                          "mc_draft_set_also_send_to_channel",
                          "mc_draft_set_also_send_to_channel: only a thread reply can also go to the channel: set a "
                          "thread parent first");
    CHECK_OK(mc_draft_set_also_send_to_channel(d, false));
    CHECK_BAD_HANDLES("mc_draft_set_also_send_to_channel", mc_draft_set_also_send_to_channel(bad_handle_, true));
    CHECK_OK(mc_draft_set_thread(d, "t-1"));
    CHECK_OK(mc_draft_set_also_send_to_channel(d, true));
    CHECK_UI_MEMBER(d, "also_send_to_channel", "true");
    TYPE(d, "both");
    CHECK_SEND(d, 0, "[" OUT_MSG_FULL("text", Q("both"), "[]", "null", "[]", "null", "null", "null", "null", Q("t-1"),
                                      "null", "true") "]");
    CHECK_UI_MEMBER(d, "also_send_to_channel", "false");
    TYPE(d, "thread only");
    CHECK_SEND(d, 0, "[" TEXT_MSG(Q("thread only"), "[]", "null", Q("t-1")) "]");
    mc_draft_free(d);
}

static void commands_media_captions_and_code_blocks(void) {
    /* "//x" is literal; commands can be switched off. */
    REQUIRE_NEW_DRAFT(d, NULL);
    TYPE(d, "//x");
    CHECK_UI_MEMBER(d, "command_query", "null");
    CHECK_OK(mc_draft_clear(d));
    TYPE(d, "/x");
    CHECK_UI_MEMBER(d, "command_query", "{\"query\":\"x\",\"start\":0,\"end\":2}");
    CHECK_OK(mc_draft_update_config(d, "{\"commands\":false}"));
    CHECK_UI_MEMBER(d, "command_query", "null");
    CHECK_REFUSED_MESSAGE(d, mc_draft_set_command(d, "giphy", NULL), MC_ERR_NOT_ALLOWED, "mc_draft_set_command",
                          "mc_draft_set_command: commands are disabled");
    mc_draft_free(d);

    /* Three backticks, Enter, code: a code block holding the code. */
    REQUIRE_NEW_DRAFT(c, NULL);
    TYPE(c, "```");
    CHECK_OK(mc_draft_enter(c));
    TYPE(c, "code");
    CHECK_DOC(c, DOC("code", SPAN(0, 4, "code_block")));
    mc_draft_free(c);

    /* A media message's caption can be removed; an edit neither waits for nor starts slow mode. */
    REQUIRE_NEW_DRAFT(e, "{\"slow_mode_seconds\":30}");
    TYPE(e, "first");
    char *out = NULL;
    CHECK_OK(mc_draft_send(e, 0, &out));
    mc_string_free(out);
    CHECK_OK(mc_draft_begin_edit(e, "m-1", "a caption", NULL, true));
    CHECK_OK(mc_draft_select_all(e));
    CHECK_OK(mc_draft_delete_backward(e));
    CHECK_SENDABLE(e);
    CHECK_SEND(e, 1000, "[" EDIT_MSG(Q(""), "[]", Q("m-1"), "null") "]");
    CHECK_UI_MEMBER(e, "cooldown_remaining_ms", "29000");
    mc_draft_free(e);
}

static void media_metadata_goes_out_with_the_file(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_STAGE(d, "[{\"name\":\"v.mp4\",\"mime\":\"video/mp4\",\"size\":9,\"width\":1920,\"height\":1080,"
                   "\"duration\":12.5,\"extra\":{\"thumb\":\"t.jpg\"}}]",
                "{\"staged\":[1],\"dropped\":0,\"notice\":null,\"messages\":[]}");
    CHECK_REFUSED_MESSAGE(d, mc_draft_stage_files(d, "[{\"name\":\"a\",\"size\":1,\"width\":0}]", NULL),
                          MC_ERR_INVALID_ARGUMENT, "mc_draft_stage_files",
                          "mc_draft_stage_files: files_json[0]: \"width\" must be an integer in 1...1000000 or null, not 0");
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_START, 0, NULL));
    CHECK_OK(mc_draft_upload_event(d, 1, MC_UPLOAD_COMPLETE, 0, "https://cdn/v"));
    CHECK_SEND(d, 0, "[" MEDIA_MSG(Q(""), "[]", "video",
                                   "[" OUT_FILE_META(1, "v.mp4", "video/mp4", 9, "video", Q("https://cdn/v"), "", "1920",
                                                     "1080", "12.5", "{\"thumb\":\"t.jpg\"}") "]",
                                   "null", "null") "]");
    mc_draft_free(d);
}

static void restored_drafts_never_give_an_id_twice(void) {
    REQUIRE_NEW_DRAFT(d, NULL);
    CHECK_OK(mc_draft_stage_files(d, "[{\"name\":\"1.png\",\"size\":1},{\"name\":\"2.png\",\"size\":1},"
                                     "{\"name\":\"3.png\",\"size\":1}]", NULL));
    CHECK_OK(mc_draft_upload_event(d, 3, MC_UPLOAD_START, 0, NULL));
    CHECK_OK(mc_draft_remove_attachment(d, 3));
    char *snapshot = support_draft_snapshot(d);
    REQUIRE(snapshot != NULL);
    CHECK_OK(mc_draft_restore(d, snapshot));
    mc_string_free(snapshot);
    CHECK_STAGE(d, "[{\"name\":\"4.png\",\"size\":1}]", "{\"staged\":[4],\"dropped\":0,\"notice\":null,\"messages\":[]}");
    CHECK_REFUSED_MESSAGE(d, mc_draft_upload_event(d, 3, MC_UPLOAD_COMPLETE, 0, "https://cdn/late"), MC_ERR_NOT_ALLOWED,
                          "mc_draft_upload_event",
                          "mc_draft_upload_event: attachment 3 was removed or sent: events for it are refused");
    mc_draft_free(d);
}

static const harness_test TESTS[] = {
    HARNESS_TEST(update_config_is_partial_validated_whole_and_heard),
    HARNESS_TEST(a_lowered_file_limit_keeps_the_tiles_and_blocks_sending),
    HARNESS_TEST(banners_go_with_their_cause_and_the_host_dismisses_them),
    HARNESS_TEST(a_cooldown_starts_from_the_last_message_time),
    HARNESS_TEST(stickers_go_out_at_once),
    HARNESS_TEST(a_thread_reply_can_also_go_to_the_channel),
    HARNESS_TEST(commands_media_captions_and_code_blocks),
    HARNESS_TEST(media_metadata_goes_out_with_the_file),
    HARNESS_TEST(restored_drafts_never_give_an_id_twice),
};

void register_host_tests(void) { HARNESS_REGISTER("host", TESTS); }
