extension Unicode.Scalar {
    /// Unicode's White_Space, answered without a table look-up for ASCII (the common case on
    /// every keystroke: send state and queries look at the characters around the caret).
    var isWhitespace: Bool {
        if value < 0x80 { return value == 0x20 || (value >= 0x09 && value <= 0x0D) }
        return properties.isWhitespace
    }
}
