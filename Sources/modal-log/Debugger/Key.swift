/// A key the debugger reads from the terminal.
enum Key: Equatable {
    case character(Character)
    /// A control key: `control("c")` is Ctrl-C.
    case control(Character)
    case up, down, left, right, home, end, pageUp, pageDown
    case enter, escape, backspace, tab

    /// The keys in `bytes`, as a terminal sends them: UTF-8 text, control
    /// bytes, and the escape sequences of arrows, Home, End, Page Up and
    /// Page Down (`ESC [ A`, `ESC O H`, `ESC [ 5 ~`, ...). An escape with
    /// nothing after it is the Escape key; an unknown sequence is dropped.
    static func keys(in bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                let (key, length) = escapeSequence(bytes[index...])
                if let key { keys.append(key) }
                index += length
                continue
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x09: keys.append(.tab)
            case 0x01...0x1A: keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
            case 0x00...0x1F: break
            default:
                let length = byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                let end = byte < 0x80 ? index + 1 : min(index + length, bytes.count)
                let text = String(decoding: bytes[index..<end], as: UTF8.self)
                keys += text.map { .character($0) }
                index = end
                continue
            }
            index += 1
        }
        return keys
    }

    /// The key an escape sequence at the start of `bytes` stands for, and its length.
    private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (Key?, Int) {
        let start = bytes.startIndex
        guard bytes.count > 1, bytes[start + 1] == UInt8(ascii: "[") || bytes[start + 1] == UInt8(ascii: "O") else {
            return (.escape, 1)
        }
        // Parameters (digits, ';') then one final byte.
        var end = start + 2
        while end < bytes.endIndex, (0x30...0x3F).contains(bytes[end]) { end += 1 }
        guard end < bytes.endIndex else { return (nil, bytes.count) }
        let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
        let final = Character(Unicode.Scalar(bytes[end]))
        let key: Key? =
            switch (final, parameters) {
            case ("A", _): .up
            case ("B", _): .down
            case ("C", _): .right
            case ("D", _): .left
            case ("H", _), ("~", "1"), ("~", "7"): .home
            case ("F", _), ("~", "4"), ("~", "8"): .end
            case ("~", "5"): .pageUp
            case ("~", "6"): .pageDown
            default: nil
            }
        return (key, end - start + 1)
    }
}
