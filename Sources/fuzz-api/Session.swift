// One fuzz input = one session: up to two drafts (slots A and B), the handles that went stale, a
// listener, and the record of every call for the trace. `run` decodes calls until the input ends,
// checking after each one (Checks.swift); a violation goes to `fail`, which aborts.
import ComposerCAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What must not change when a call is refused: read through the C API after every call that
/// addressed the draft (and, for a draft no call addressed, before the next call that does).
struct Observation: Equatable {
    var document: String
    var glance: Glance
    var uiState: String
    var snapshot: String

    var anchor: Int64 { glance.anchor }
    var focus: Int64 { glance.focus }
}

/// The part of an observation read without JSON (a few loads): checked after every call on the
/// drafts the call did not address.
struct Glance: Equatable {
    var anchor: Int64
    var focus: Int64
    var length: Int64
    var canUndo: Bool
    var canRedo: Bool
}

/// What the listener does when it hears an event (chosen by mc_draft_set_listener's op).
enum ListenerMode: UInt8 {
    case none = 0  // no listener registered
    case record    // records and checks the payload
    case read      // also reads the draft back from inside the callback
    case mutate    // also changes the draft from inside the callback (nested events follow)
    case detach    // removes itself at its first event: it must hear nothing more
}

final class Slot {
    var handle: OpaquePointer?
    /// The configuration the draft was created with: fresh drafts for the round trips use it too.
    var config: [UInt8]?
    var listener = ListenerMode.none
    var batchDepth = 0
    /// A snapshot was restored into it (see KnownFindings.caretInsideMentionAfterRestore).
    var restored = false
    var now: Int64 = 0
    var observed: Observation?
    /// The first call since `observed` was read that did not address this draft (nil: none). Such
    /// calls are checked on the glance only; the whole observation is compared before the next
    /// call on the draft (`catchUp`), when it is freed, and at the end of the input.
    var unobservedSince: (call: Int, function: String)?
    /// The document and snapshot the round trips last passed on (skip them while unchanged).
    var verifiedDocument: String?
    var verifiedSnapshot: String?
    let name: String

    init(name: String) { self.name = name }
}

struct HeardEvent {
    var slot: Int
    var kind: Int32
    var payload: String
    var nested: Bool
}

final class Session {
    /// The session the listener callback reports to (the fuzzer runs one input at a time).
    nonisolated(unsafe) static var current: Session?
    nonisolated(unsafe) static var tracing = false

    let slots = [Slot(name: "A"), Slot(name: "B")]
    var stale: [OpaquePointer] = []
    var input: Input
    var events: [HeardEvent] = []
    var trace: [String] = []
    /// Inside the listener: its own calls' events are recorded as nested and never re-entered.
    var inListener = false
    /// Set while the checks themselves call (undo/redo walk): the listener then only records.
    var quiet = false
    var listenerCalls = 0
    /// Attachment ids mc_draft_stage_files gave out (upload events and removals aim at them).
    var stagedIDs: [UInt64] = []
    var callCount = 0
    static let maxCalls = 200

    init(_ bytes: [UInt8]) { input = Input(bytes) }

    /// Runs the whole input: the first byte picks A's configuration, then calls until the end.
    func run() {
        Session.current = self
        defer { Session.current = nil }
        createDraft(slot: 0, config: configChoice(input.byte()))
        while !input.isAtEnd && callCount < Session.maxCalls {
            callCount += 1
            step()
        }
        finish()
    }

    /// The initial configurations: the defaults and the switches that change editing behaviour.
    func configChoice(_ s: UInt8) -> [UInt8]? {
        switch s % 8 {
        case 0: return nil
        case 1: return Array("{}".utf8)
        default: return Array(jsonTokens[25 + Int(s % 8) - 2].utf8)  // rich_text off ... undo_depth 2
        }
    }

    @discardableResult
    func createDraft(slot index: Int, config: [UInt8]?) -> Int32 {
        let slot = slots[index]
        var handle: OpaquePointer?
        let status = withCString(config) { mc_draft_new($0, &handle) }
        note("mc_draft_new(\(cLiteral(config)), &\(slot.name))", status)
        if status == Status.ok {
            guard handle != nil else { fail("mc_draft_new returned MC_OK and a NULL draft") }
            retire(slot)
            slot.handle = handle
            slot.config = config
            slot.listener = .none
            slot.batchDepth = 0
            slot.restored = false
            slot.now = 0
            slot.observed = observe(slot)
            slot.verifiedSnapshot = nil
            slot.verifiedDocument = nil
            if index == 0 && Session.tracing { trace.append("    /* A = that draft */") }
        } else if handle != nil {
            fail("mc_draft_new refused (\(Status.name(status))) but set *out_draft")
        }
        return status
    }

    /// Frees the slot's draft (if any) and keeps its handle as a stale one.
    func retire(_ slot: Slot) {
        guard let handle = slot.handle else { return }
        catchUp(slot)
        mc_draft_free(handle)
        note("mc_draft_free(\(slot.name))", nil)
        stale.append(handle)
        slot.handle = nil
        slot.observed = nil
        slot.unobservedSince = nil
        slot.listener = .none
    }

    /// End of input: close batches, walk undo/redo, check, free.
    func finish() {
        for (i, slot) in slots.enumerated() where slot.handle != nil {
            catchUp(slot)
            // Every call may have opened one: commit until refused (no batch open).
            for _ in 0...Session.maxCalls {
                let status = mc_draft_commit_batch(slot.handle)
                note("mc_draft_commit_batch(\(slot.name))", status)
                if status != Status.ok { slot.batchDepth = 0; break }
            }
            slot.observed = observe(slot)
            checkUndoRedo(i)
        }
        for slot in slots { retire(slot) }
    }

    // MARK: listener

    func heard(slot index: Int, kind: Int32, payload: UnsafePointer<CChar>?) {
        guard let payload else { fail("listener: event \(kind) with a NULL payload") }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(payload).assumingMemoryBound(to: UInt8.self), count: strlen(payload)))
        guard let text = String(validating: bytes, as: UTF8.self), JSON.parse(text) != nil else {
            fail("listener: event \(kind) payload is not UTF-8 JSON: \(cLiteral(bytes))")
        }
        guard (0...63).contains(kind), slots.indices.contains(index) else { fail("listener: event \(kind) for unknown user_data \(index)") }
        // Once mc_draft_set_listener has returned, the old listener hears nothing more from
        // this thread, not even the rest of the set it was hearing (a `detach` listener's).
        guard slots[index].listener != .none else { fail("listener: event \(kind) on \(slots[index].name) after its listener was removed") }
        events.append(HeardEvent(slot: index, kind: kind, payload: text, nested: inListener))
        if Session.tracing { trace.append("    /* \(inListener ? "nested " : "")event \(kind) on \(slots[index].name): \(text.prefix(200)) */") }
        guard !inListener, let handle = slots[index].handle else { return }
        inListener = true
        defer { inListener = false }
        switch slots[index].listener {
        case .none, .record: break
        case .detach:
            let status = mc_draft_set_listener(handle, nil, nil)
            note("  (in listener) mc_draft_set_listener(\(slots[index].name), NULL, NULL)", status)
            guard status == Status.ok else { fail("listener: removing itself from the callback gave \(Status.name(status))") }
            slots[index].listener = .none
        case .read:
            // Reads from inside the callback must work (the draft's lock is released).
            for function in ["mc_draft_document", "mc_draft_ui_state", "mc_draft_snapshot"] {
                let (status, value, valid) = getString { out in
                    switch function {
                    case "mc_draft_document": return mc_draft_document(handle, out)
                    case "mc_draft_ui_state": return mc_draft_ui_state(handle, out)
                    default: return mc_draft_snapshot(handle, out)
                    }
                }
                if status != Status.ok || value == nil || !valid { fail("listener: \(function) from the callback gave \(Status.name(status))") }
            }
        case .mutate:
            // Changes from inside the callback, on text and selection events only: those come from
            // successful calls (a refused call must leave the draft as it was; the checks compare).
            guard kind == 0 || kind == 1, !quiet, listenerCalls < 64 else { return }  // MC_EVENT_TEXT, MC_EVENT_SELECTION
            listenerCalls += 1
            let status: Int32
            let call: String
            switch listenerCalls % 5 {
            case 0: (call, status) = ("mc_draft_set_selection(\(slots[index].name), 0, 0)", mc_draft_set_selection(handle, 0, 0))
            case 1: (call, status) = ("mc_draft_insert(\(slots[index].name), \"\\314\\201\")", mc_draft_insert(handle, "\u{301}"))
            case 2: (call, status) = ("mc_draft_delete_backward(\(slots[index].name))", mc_draft_delete_backward(handle))
            case 3: (call, status) = ("mc_draft_undo(\(slots[index].name))", mc_draft_undo(handle))
            default: (call, status) = ("mc_draft_select_all(\(slots[index].name))", mc_draft_select_all(handle))
            }
            note("  (in listener) " + call, status)
        }
    }

    // MARK: observation

    /// Reads what a refused call must leave unchanged; every read on a live draft must succeed.
    func observe(_ slot: Slot) -> Observation? {
        guard let handle = slot.handle else { return nil }
        func read(_ name: String, _ call: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32) -> String {
            let (status, value, valid) = getString(call)
            guard valid else { fail("\(name)(\(slot.name)) returned invalid UTF-8") }
            guard status == Status.ok, let value else { fail("\(name)(\(slot.name)) on a live draft: \(Status.name(status))") }
            // Not parsed here (this runs after every call): the snapshot and document must restore
            // and load (Checks.verify), and the `read` operation checks every getter's JSON.
            return value
        }
        return Observation(document: read("mc_draft_document") { mc_draft_document(handle, $0) }, glance: glance(slot, handle),
                           uiState: read("mc_draft_ui_state") { mc_draft_ui_state(handle, $0) },
                           snapshot: read("mc_draft_snapshot") { mc_draft_snapshot(handle, $0) })
    }

    func glance(_ slot: Slot, _ handle: OpaquePointer) -> Glance {
        var anchor: Int64 = -1, focus: Int64 = -1, length: Int64 = -1
        var canUndo = false, canRedo = false
        let s1 = mc_draft_selection(handle, &anchor, &focus), s2 = mc_draft_length(handle, &length)
        let s3 = mc_draft_undo_state(handle, &canUndo, &canRedo)
        guard s1 == Status.ok, s2 == Status.ok, s3 == Status.ok else {
            fail("mc_draft_selection / mc_draft_length / mc_draft_undo_state(\(slot.name)) on a live draft: \(Status.name(s1)), \(Status.name(s2)), \(Status.name(s3))")
        }
        return Glance(anchor: anchor, focus: focus, length: length, canUndo: canUndo, canRedo: canRedo)
    }

    /// After a call that did not address the slot's draft: its glance is unchanged, and the
    /// whole observation is due before the next call on it.
    func glanceUnchanged(_ slot: Slot, after function: String) {
        guard let handle = slot.handle, let old = slot.observed else { return }
        let now = glance(slot, handle)
        if now != old.glance {
            fail("\(function) (a call on another handle) changed draft \(slot.name)\n  before: \(old.glance)\n  after:  \(now)")
        }
        if slot.unobservedSince == nil { slot.unobservedSince = (callCount, function) }
    }

    /// The whole observation of a draft that calls since `observed` did not address: unchanged.
    func catchUp(_ slot: Slot) {
        guard let since = slot.unobservedSince else { return }
        slot.unobservedSince = nil
        guard slot.handle != nil, let old = slot.observed, let now = observe(slot) else { return }
        compareUnchanged(old, now, slot: slot, call: "the calls on other handles since call #\(since.call) (\(since.function))", allowBanner: false)
    }

    // MARK: trace and failure

    /// Records a call for the trace (its text is built only when tracing).
    func note(_ call: @autoclosure () -> String, _ status: Int32?) {
        guard Session.tracing else { return }
        let call = call()
        trace.append(status.map { "\(call) = \(Status.name($0))" } ?? call)
    }
}

/// The input being run (kept for the traced re-run on a violation).
nonisolated(unsafe) var currentInput: [UInt8] = []
/// Fuzzing: a violation aborts (libFuzzer's signal handler saves the input). Replay: it exits with
/// status 3 instead, so the Swift backtracer stays quiet; real traps still print their backtrace.
nonisolated(unsafe) var abortOnViolation = true

/// Reports a violated property: prints it, re-runs the input with the C call trace on, prints the
/// trace up to the violation and aborts (libFuzzer saves the input; the replay tool runs each file
/// in a child process and counts the aborts).
func fail(_ message: String) -> Never {
    if !Session.tracing {
        print("PROPERTY VIOLATED: \(message)")
        Session.tracing = true
        Session(currentInput).run()
        print("(the traced re-run did not reproduce the violation)")
    } else if let session = Session.current {
        print("== C calls, in order (A and B are drafts; events in comments):")
        for line in session.trace { print("  " + line) }
        print("== violated after the last call: \(message)")
    }
    fflush(nil)
    if !abortOnViolation { _exit(3) }
    abort()
}
