extension ActiveFormats: JSONLayout {
    /// `{"formats": [names], "link": url or null, "color": "#rrggbb" or null}` (`mc_draft_active_formats`,
    /// `MC_EVENT_FORMATS`, the UI state's "active_formats").
    public var json: String { JSONText(self).string }

    func writeJSON(into out: inout ByteBuffer) {
        out.append("{\"formats\":[")
        for (i, kind) in kinds.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.jsonString(kind.name)
        }
        out.append("],\"link\":")
        out.jsonString(link)
        out.append(",\"color\":")
        out.jsonString(color)
        out.append(UInt8(ascii: "}"))
    }
}
