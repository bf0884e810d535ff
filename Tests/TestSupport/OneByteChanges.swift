/// Near misses of a line: every way to delete one byte, or to replace or
/// insert one of `bytes` at any place. For tests that two readers agree
/// where a line is almost right.
public func oneByteChanges(of line: [UInt8], using bytes: [UInt8]) -> [[UInt8]] {
    var changes: [[UInt8]] = []
    changes.reserveCapacity(line.count * (1 + 2 * bytes.count))
    for index in line.indices {
        var deleted = line
        deleted.remove(at: index)
        changes.append(deleted)
        for byte in bytes {
            var replaced = line
            replaced[index] = byte
            changes.append(replaced)
            var inserted = line
            inserted.insert(byte, at: index)
            changes.append(inserted)
        }
    }
    return changes
}

/// Bytes that make near misses of JSON: its punctuation, the start of each
/// kind of value, white space, and bytes that begin or break UTF-8.
public let jsonNearMissBytes: [UInt8] = Array(#""\{}[],:0 e-.1tn"#.utf8) + [0x80, 0xC3, 0x09]
