// The sections of include/message_composer.h, in reading order: the one place that says where each
// exported function, constant group and type is declared, in the header, in the Python table
// (bindings/python/message_composer/_generated.py) and in the Rust declarations
// (bindings/rust/sys/src/generated.rs).
//
// Every exported mc_* function must be listed in exactly one section, at the place a reader should
// meet it (the order inside a section is the order of the header). A function listed nowhere, a
// name listed twice and a name that is not exported all stop the generator with a message naming
// them. The same holds for the constant groups (keys of CConstants.groups in
// Sources/ComposerCAPI/CConstants.swift) and the types of Surface.swift.
//
// An introduction is plain text; the generator wraps it. Paragraphs are separated by a blank line.

struct Section {
    let title: String
    let introduction: String
    /// Constant groups (CConstants.groups keys), declared at the top of the section.
    var constants: [String] = []
    /// Opaque and callback types (Surface.swift), declared after the constants.
    var types: [String] = []
    let functions: [String]
}

let sections: [Section] = [
    Section(
        title: "Library and errors",
        introduction: """
        The library's version and ABI, the status codes every fallible function returns, and the \
        functions that explain a failure and free what the library hands out. A host can compare \
        MC_ABI_VERSION with mc_abi_version() at start-up to catch a header that does not match the \
        library loaded.
        """,
        constants: ["version", "status", "limits"],
        functions: ["mc_version", "mc_abi_version", "mc_last_error", "mc_status_name", "mc_string_free"]),
    Section(
        title: "Lifecycle",
        introduction: """
        A draft is one composer: the message being written and everything around it. mc_draft_new \
        creates one from a JSON configuration (the options are listed there), mc_draft_config reads \
        the effective configuration back, mc_draft_update_config changes options of a live draft, \
        and mc_draft_free ends it. A handle is valid on every \
        thread from mc_draft_new until mc_draft_free.
        """,
        types: ["mc_draft"],
        functions: ["mc_draft_new", "mc_draft_config", "mc_draft_update_config", "mc_draft_free"]),
    Section(
        title: "Text and selection",
        introduction: """
        The draft's text is Unicode text; its formatting is the subject of the next sections. \
        mc_draft_replace edits a range as a program does. mc_draft_insert, mc_draft_enter and the \
        deletes edit at the selection as a keyboard does: the typed text takes the typing \
        attributes, and line-start shortcuts ("- ", "1. ", "> ", three backticks) make blocks.

        The selection is an anchor and a focus, equal for a caret. mc_draft_move_caret moves the \
        focus by grapheme cluster, word, line or the whole text, stepping over a mention whole.

        Offsets count Unicode scalar values; the two convert functions translate them to and from \
        UTF-16 code units and UTF-8 bytes, for a host whose strings count those.
        """,
        constants: ["caret", "unit"],
        functions: [
            "mc_draft_text", "mc_draft_length",
            "mc_draft_replace", "mc_draft_replace_n",
            "mc_draft_insert", "mc_draft_insert_n", "mc_draft_enter", "mc_draft_delete_backward", "mc_draft_delete_forward",
            "mc_draft_selection", "mc_draft_set_selection", "mc_draft_select_all", "mc_draft_move_caret",
            "mc_draft_convert_offset", "mc_convert_offset",
        ]),
    Section(
        title: "Formats and documents",
        introduction: """
        Inline formats (bold, italic, underline, strike, inline code, link, colour) cover ranges of \
        characters; block formats (code block, quote, bullet list, ordered list) cover whole lines, \
        one per line. A format operation over an empty range at the caret changes the typing \
        attributes instead: the formats the next typed text takes. mc_draft_active_formats is what \
        a toolbar shows.

        The document JSON, {"text": ..., "spans": [...]}, is the whole formatted content in one \
        canonical form (README.md, "The document JSON"): mc_draft_document reads it, \
        mc_draft_load_document replaces the content with one, and mc_draft_spans reads the spans of \
        one range (with the listener's events, enough to keep a copy of the document).
        """,
        constants: ["format", "flag"],
        functions: [
            "mc_draft_apply_format", "mc_draft_remove_format", "mc_draft_toggle_format", "mc_draft_active_formats",
            "mc_draft_document", "mc_draft_load_document", "mc_draft_spans",
        ]),
    Section(
        title: "Links and mentions",
        introduction: """
        A link is the inline format MC_FORMAT_LINK, whose value is a URL: http, https, mailto, or a \
        bare host, which becomes https://. These functions edit a link as a whole.

        A mention is an atomic run "@name" for a user id: typing never enters it, the caret and the \
        deletes step over it whole, and the wire format writes it <@uid:ID>. Typing "@" opens a \
        mention query (the UI state's "mention_query", MC_EVENT_MENTION_QUERY), which the host \
        answers with mc_draft_insert_mention; the configuration may turn mentions off or limit them.
        """,
        functions: ["mc_draft_set_link", "mc_draft_remove_link", "mc_draft_insert_link", "mc_draft_insert_mention", "mc_draft_mentions"]),
    Section(
        title: "History",
        introduction: """
        Every edit is an undo step; characters typed in a row coalesce into word-sized steps, and \
        undo brings back the text, the formats, the selection and the typing attributes. A batch \
        makes one step, and one set of events, of many calls. The configuration's undo_depth bounds \
        the history.
        """,
        functions: ["mc_draft_undo", "mc_draft_redo", "mc_draft_undo_state", "mc_draft_begin_batch", "mc_draft_commit_batch"]),
    Section(
        title: "Wire format",
        introduction: """
        Messages travel as markdown (README.md, "The wire format"): the draft's formats and \
        mentions, written <@uid:ID>, with every other character that could read as syntax escaped, \
        so that a CommonMark (GFM) renderer shows what the draft showed and this library parses it \
        back to the same draft. mc_draft_serialize writes the draft and mc_draft_load_markdown reads \
        a message into it; the mc_markdown_* functions need no draft: they parse a received message \
        into document JSON or render it as plain text or safe HTML.
        """,
        functions: [
            "mc_draft_serialize", "mc_draft_load_markdown", "mc_draft_normalize_markdown",
            "mc_markdown_parse", "mc_markdown_parse_with_mentions", "mc_markdown_to_plain_text", "mc_markdown_to_html",
        ]),
    Section(
        title: "Composer",
        introduction: """
        What makes the text a message: whether it may be sent and why not, sending it, the mode (a \
        new message, an edit of a sent one, a reply), the thread and whether a reply also goes to \
        the channel, the slash command, the info banner, and the host's clock, which drives typing \
        notices and the slow-mode cooldown (a cooldown can also start from a message the host knows \
        of). mc_draft_ui_state gives everything a UI draws, in one JSON object (README.md, "UI \
        state").
        """,
        functions: [
            "mc_draft_ui_state", "mc_draft_can_send", "mc_draft_send", "mc_draft_clear", "mc_draft_tick",
            "mc_draft_start_cooldown",
            "mc_draft_begin_edit", "mc_draft_begin_reply", "mc_draft_cancel_mode", "mc_draft_set_thread",
            "mc_draft_set_also_send_to_channel",
            "mc_draft_set_command", "mc_draft_clear_command", "mc_draft_dismiss_banner",
        ]),
    Section(
        title: "Attachments",
        introduction: """
        Files the user picks or pastes are staged in the tray as tiles. The host uploads them and \
        reports each step with mc_draft_upload_event: queued -> uploading (progress never goes \
        backwards) -> uploaded; or failed, retryable, back to queued; or error, final. A draft \
        cannot be sent while uploads are pending or a tile failed. The configuration sets the \
        limits (max_files, max_file_size, allowed_types, multiple_attachments); with \
        multiple_attachments off a picked file goes out at once as its own message. A voice note, \
        already uploaded, and a sticker also go out at once as their own messages.
        """,
        constants: ["upload"],
        functions: [
            "mc_draft_stage_files", "mc_draft_upload_event", "mc_draft_remove_attachment", "mc_draft_attachments",
            "mc_draft_voice_note", "mc_draft_send_sticker",
        ]),
    Section(
        title: "Events and listener",
        introduction: """
        One listener per draft hears, after each call that changes something, one event per changed \
        aspect, each kind at most once (but MC_EVENT_CANCEL_UPLOAD once per upload to stop) and in a \
        fixed order, with a JSON payload (docs/events.md). \
        It runs on the calling thread after the draft's lock is released, so it may call back into \
        the draft; a batch delivers one coalesced set at its outermost commit. A listener replaced, \
        removed or freed with its draft hears nothing more from calls on that thread. A refused call on a \
        draft is heard as MC_EVENT_ERROR. With MC_EVENT_TEXT, MC_EVENT_FORMATTING and \
        mc_draft_spans a host keeps a copy of the document from events alone.
        """,
        constants: ["event"],
        types: ["mc_listener"],
        functions: ["mc_draft_set_listener"]),
    Section(
        title: "Snapshots",
        introduction: """
        A snapshot is the whole draft as versioned JSON (text, formats, selection, mode with the \
        draft put aside, thread, command, tray, cooldown, clock), to keep a draft across restarts. \
        Restoring one brings uploads that were in flight back as retryable failures; the undo \
        history starts empty.
        """,
        functions: ["mc_draft_snapshot", "mc_draft_restore"]),
]
