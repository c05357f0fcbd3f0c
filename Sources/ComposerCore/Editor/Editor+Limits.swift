/// The longest-draft limit (`Limits.maxTextLength`, docs/limits.md) at the draft's entry points.
/// Edits that throw already (replace, insertLink, insertMention, beginEdit, restore and
/// `Document(json:)`) check it themselves; for the ones that cannot fail otherwise (insert, enter,
/// load, normalizeMarkdown) the caller checks first with the functions below, under the same lock
/// as the edit, so a refused edit changes nothing.
extension Editor {
    /// Refuses an edit that replaces `replaced` scalars with `inserted` ones when the text would
    /// end up longer than the limit.
    func checkRoom(replacing replaced: Int, inserting inserted: Int) throws(ComposerError) {
        guard inserted > replaced else { return }
        try Limits.checkTextLength(document.count - replaced + inserted)
    }

    /// For `insert(text)`: the selection (grown to whole mentions) gives way to `text`, its line
    /// breaks normalized. Line-start shortcuts only ever shorten the result.
    public func checkRoom(toInsert text: String) throws(ComposerError) {
        // Its UTF-8 length bounds its scalars, normalized or not: a text that fits by that
        // (every keystroke, most pastes) is not read twice more to be counted.
        guard document.count + text.utf8.count > Limits.maxTextLength else { return }
        try checkRoom(replacingSelectionWith: Editor.normalizingLineBreaks(text).unicodeScalars.count)
    }

    /// For `enter()`: the selection gives way to one line break.
    public func checkRoomForEnter() throws(ComposerError) {
        try checkRoom(replacingSelectionWith: 1)
    }

    /// The selection (grown to whole mentions) gives way to `inserted` scalars. On every key: when
    /// the text fits even if nothing is replaced, what the selection covers is not looked up.
    private func checkRoom(replacingSelectionWith inserted: Int) throws(ComposerError) {
        guard document.count + inserted > Limits.maxTextLength else { return }
        try checkRoom(replacing: expandToMentions(selection.range).count, inserting: inserted)
    }

    /// For `load(document)`.
    public func checkRoom(toLoad document: Document) throws(ComposerError) {
        try Limits.checkTextLength(document.count, "the loaded text")
    }
}
