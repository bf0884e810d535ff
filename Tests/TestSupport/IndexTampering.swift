import ModalEvents

/// `sidecar`, the text of a log index, with its header's `check` made to
/// match the header again: what a program that rewrote the header on
/// purpose would write. The text is returned as it is when it has no header line.
package func resigningIndexHeader(_ sidecar: String) -> String {
    guard let newline = sidecar.firstIndex(of: "\n") else { return sidecar }
    // The header ends with ,"check":"<16 hex digits>"}: 28 bytes.
    let body = String(decoding: sidecar[..<newline].utf8.dropLast(28), as: UTF8.self)
    let check = ContentHash(of: Array(body.utf8)[...]).hex
    return body + #","check":""# + check + #""}"# + sidecar[newline...]
}
