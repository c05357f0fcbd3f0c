// The operations that only read: the draft getters (one `read` operation, a byte picks which), the
// markdown functions and the offset conversions. Each checks its own output: MC_OK comes with a
// string in valid UTF-8 (JSON where the header says JSON), a NULL out-parameter is refused with
// MC_ERR_NULL_ARGUMENT, and conversions convert back.
import ComposerCAPI

extension Session {
    func read(_ h: OpaquePointer?, _ n: String, _ index: Int?) -> Outcome {
        let which = input.byte() % 15
        let nullOut = input.byte() >= 0xF8
        func done(_ function: String, _ args: @autoclosure () -> String, _ status: Int32) -> Outcome {
            note("\(function)(\(n)\(args()))", status)
            if nullOut, index != nil, status != -2 { fail("\(function) with a NULL out-parameter: \(Status.name(status)), expected MC_ERR_NULL_ARGUMENT") }
            return Outcome(function: function, status: status, target: index, readOnly: true)
        }
        func string(_ function: String, json: Bool, _ call: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32) -> Outcome {
            var out: UnsafeMutablePointer<CChar>?
            let status = nullOut ? call(nil) : call(&out)
            checkOutput(function, status, takeBytes(out), json: json, nullOut: nullOut)
            return done(function, nullOut ? ", NULL" : ", &out", status)
        }
        switch which {
        case 0: return string("mc_draft_document", json: true) { mc_draft_document(h, $0) }
        case 1: return string("mc_draft_text", json: false) { mc_draft_text(h, $0) }
        case 2:
            var length: Int64 = 0
            return done("mc_draft_length", nullOut ? ", NULL" : ", &length", nullOut ? mc_draft_length(h, nil) : mc_draft_length(h, &length))
        case 3:
            var anchor: Int64 = 0, focus: Int64 = 0
            let status = nullOut ? mc_draft_selection(h, &anchor, nil) : mc_draft_selection(h, &anchor, &focus)
            return done("mc_draft_selection", nullOut ? ", &anchor, NULL" : ", &anchor, &focus", status)
        case 4: return string("mc_draft_active_formats", json: true) { mc_draft_active_formats(h, $0) }
        case 5: return string("mc_draft_mentions", json: true) { mc_draft_mentions(h, $0) }
        case 6: return string("mc_draft_serialize", json: false) { mc_draft_serialize(h, $0) }
        case 7: return string("mc_draft_config", json: true) { mc_draft_config(h, $0) }
        case 8:
            var u = false, r = false
            let status = nullOut ? mc_draft_undo_state(h, nil, &r) : mc_draft_undo_state(h, &u, &r)
            return done("mc_draft_undo_state", nullOut ? ", NULL, &redo" : ", &undo, &redo", status)
        case 9: return string("mc_draft_ui_state", json: true) { mc_draft_ui_state(h, $0) }
        case 10: return string("mc_draft_snapshot", json: true) { mc_draft_snapshot(h, $0) }
        case 11: return string("mc_draft_attachments", json: true) { mc_draft_attachments(h, $0) }
        case 12:
            var can = false
            return done("mc_draft_can_send", nullOut ? ", NULL" : ", &can_send", nullOut ? mc_draft_can_send(h, nil) : mc_draft_can_send(h, &can))
        case 13:
            var length: Int64 = 0
            if index != nil { _ = mc_draft_length(h, &length) }
            let start = input.offset(length: length), end = input.offset(length: length)
            return string("mc_draft_spans", json: true) { mc_draft_spans(h, start, end, $0) }
        default:
            var length: Int64 = 0
            if index != nil { _ = mc_draft_length(h, &length) }
            let offset = input.offset(length: length), from = unit(), to = unit()  // (no span edges here)
            var out: Int64 = -1
            let status = nullOut ? mc_draft_convert_offset(h, offset, from, to, nil) : mc_draft_convert_offset(h, offset, from, to, &out)
            if status == Status.ok, !nullOut {
                var back: Int64 = -1
                let again = mc_draft_convert_offset(h, out, to, from, &back)
                if again != Status.ok || back != offset {
                    fail("mc_draft_convert_offset(\(offset), \(from) -> \(to)) = \(out), converting back gives \(Status.name(again)) \(back)")
                }
            }
            return done("mc_draft_convert_offset", ", \(offset), \(from), \(to), \(nullOut ? "NULL" : "&out")", status)
        }
    }

    /// The markdown functions (no draft); a parsed document must load into a fresh draft to itself.
    func markdown() -> Outcome {
        let which = input.byte() % 4
        let markdown = input.text(), mentions = json()
        let limit = Int64(Int8(bitPattern: input.byte()))
        var out: UnsafeMutablePointer<CChar>?
        let function: String, status: Int32
        switch which {
        case 0: (function, status) = ("mc_markdown_parse", withCString(markdown) { mc_markdown_parse($0, &out) })
        case 1: (function, status) = ("mc_markdown_parse_with_mentions",
                                      withCString(markdown) { m in withCString(mentions) { mc_markdown_parse_with_mentions(m, $0, &out) } })
        case 2: (function, status) = ("mc_markdown_to_html", withCString(markdown) { m in withCString(mentions) { mc_markdown_to_html(m, $0, &out) } })
        default: (function, status) = ("mc_markdown_to_plain_text",
                                       withCString(markdown) { m in withCString(mentions) { mc_markdown_to_plain_text(m, $0, limit, &out) } })
        }
        note("\(function)(\(cLiteral(markdown)), \(cLiteral(mentions)), ...)", status)
        let bytes = takeBytes(out)
        checkOutput(function, status, bytes, json: which < 2, nullOut: false)
        if which < 2, status == Status.ok, let bytes {
            let doc = String(decoding: bytes, as: UTF8.self)
            var fresh: OpaquePointer?
            guard mc_draft_new(nil, &fresh) == Status.ok else { fail("mc_draft_new(NULL) failed") }
            defer { mc_draft_free(fresh) }
            let loaded = mc_draft_load_document(fresh, doc)
            if loaded != Status.ok { fail("\(function)'s document does not load: \(Status.name(loaded)) \"\(lastError())\"\n  document: \(doc)") }
            let back = read(fresh, "mc_draft_document") { mc_draft_document(fresh, $0) }
            if back != doc { fail("\(function)'s document does not load back to itself\n  document: \(doc)\n  loaded:   \(back)") }
        }
        return Outcome(function: function, status: status, target: nil, readOnly: true)
    }

    /// mc_convert_offset on any text; a conversion must convert back. Also the library's
    /// version functions (no arguments: they only must answer).
    func convertOffset() -> Outcome {
        if String(cString: mc_version()).split(separator: ".").count != 3 || mc_abi_version() > 1000 {
            fail("mc_version() = \(String(cString: mc_version())), mc_abi_version() = \(mc_abi_version())")
        }
        let text = input.text()
        let offset = input.offset(length: Int64(text?.count ?? 0)), from = unit(), to = unit()
        let nullOut = input.byte() >= 0xF8
        var out: Int64 = -1
        let status = withCString(text) { nullOut ? mc_convert_offset($0, offset, from, to, nil) : mc_convert_offset($0, offset, from, to, &out) }
        note("mc_convert_offset(\(cLiteral(text)), \(offset), \(from), \(to), \(nullOut ? "NULL" : "&out"))", status)
        if status == Status.ok, nullOut { fail("mc_convert_offset accepted a NULL out_offset") }
        if status == Status.ok {
            var back: Int64 = -1
            let again = withCString(text) { mc_convert_offset($0, out, to, from, &back) }
            if again != Status.ok || back != offset { fail("mc_convert_offset(\(offset), \(from) -> \(to)) = \(out), back: \(Status.name(again)) \(back)") }
        }
        return Outcome(function: "mc_convert_offset", status: status, target: nil, readOnly: true)
    }

    private func unit() -> Int32 {
        let units: [Int32] = [0, 1, 2, 0, 1, 2, 3, -1]
        return units[Int(input.byte()) % units.count]
    }

    /// A returned string: present exactly on MC_OK (unless the out-parameter was NULL), UTF-8, and
    /// JSON where the header promises JSON.
    func checkOutput(_ function: String, _ status: Int32, _ bytes: [UInt8]?, json: Bool, nullOut: Bool) {
        guard status == Status.ok, !nullOut else {
            if let bytes { fail("\(function) refused (\(Status.name(status))) but stored a string: \(cLiteral(bytes))") }
            return
        }
        guard let bytes else { fail("\(function) returned MC_OK and a NULL string") }
        guard let text = String(validating: bytes, as: UTF8.self) else { fail("\(function) returned invalid UTF-8: \(cLiteral(bytes))") }
        if json, JSON.parse(text) == nil { fail("\(function) returned text that is not JSON: \(text.debugDescription)") }
    }
}
