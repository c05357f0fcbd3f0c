// Findings already reported (reproducers in Tests/fuzz-findings/api/) are masked here, so a run
// goes on to find new ones instead of stopping at the same bug. Each mask weakens one check in
// one situation only. Remove a mask once its bug is fixed; FUZZ_API_NO_MASKS=1 turns every mask
// off (replay the findings with it to see which are fixed).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

enum KnownFindings {
    nonisolated(unsafe) static var enabled = getenv("FUZZ_API_NO_MASKS") == nil

    /// rich-text-off-formats: with rich_text off, the format calls still succeed and the draft
    /// holds formats, but mc_draft_serialize writes plain text, so parse(serialize(D)) loses them.
    /// That is the documented plain mode (README "Wire format": with rich text off, drafts go out
    /// as plain text), so this is the expectation for such drafts rather than a bug: only the text
    /// and the mentions must survive the wire.
    static func plainDraftLosesFormats(_ config: String?) -> Bool {
        enabled && (config.flatMap(JSON.parse)?["rich_text"] == .bool(false))
    }

    /// batch-closed-by-restore: the calls that reset the undo history (mc_draft_restore,
    /// mc_draft_begin_edit, mc_draft_cancel_mode leaving an edit, mc_draft_send) also close every
    /// open batch; the host's matching mc_draft_commit_batch is then refused. Masked: the harness
    /// takes such a refusal as "no batch open".
    /// Fixed (a reset keeps open batches open): no mask.
    static var batchClosedByHistoryReset: Bool { false }

    /// caret-inside-mention-after-restore: mc_draft_restore clamps the snapshot's selection into
    /// the text but does not snap a caret out of a mention (mc_draft_set_selection does); typing
    /// one character there then replaces the whole mention. Masked: the caret check is skipped on
    /// a draft that had a snapshot restored.
    /// Fixed (restore snaps the selection out of mentions): no mask.
    static func caretInsideMentionAfterRestore(_ restored: Bool) -> Bool { false }

    /// mention-combining-backspace: a grapheme-extending character typed right after a mention
    /// makes one cluster with the mention's last letter; backspace then deletes that cluster and
    /// leaves the mention run "@Bo" named "Bob". The draft's own document JSON and snapshot no
    /// longer load. Masked: round trips are skipped for a document holding such a mention.
    /// Fixed (a cluster reaching into a mention deletes it whole): no mask; the check stays to
    /// name the failure if it ever comes back.
    static func mistextedMention(_ document: String) -> Bool {
        guard false, let doc = JSON.parse(document), let text = doc["text"]?.string else { return false }
        let scalars = Array(text.unicodeScalars)
        return (doc["spans"]?.array ?? []).contains { span in
            guard span["format"]?.string == "mention", let name = span["name"]?.string,
                  case .number(let a)? = span["start"], case .number(let b)? = span["end"],
                  let start = Int(a), let end = Int(b), 0 <= start, start <= end, end <= scalars.count else { return false }
            var run = String.UnicodeScalarView()
            run.append(contentsOf: scalars[start..<end])
            return Array(run) != Array(("@" + name).unicodeScalars)
        }
    }
}

extension JSON {
    /// A document reduced to its text and mention spans (what plain-text serialization keeps).
    var textAndMentions: JSON {
        let mentions = (self["spans"]?.array ?? []).filter { $0["format"]?.string == "mention" }
        return .object([("text", self["text"] ?? .null), ("mentions", .array(mentions))])
    }
}
