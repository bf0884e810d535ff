/// The log reader's fast path: an event line's top-level fields, found in
/// one pass over the line's bytes and read in place, with no ``JSONValue``
/// built for the line.
///
/// It takes only lines it can read exactly as the JSON reader would: a
/// top-level object whose keys have no escapes, with strings, numbers,
/// literals and flat arrays of numbers read in place, and any other value
/// (an object, a string with escapes) handed to the JSON reader's own code.
/// Anything else, and any fault at all, it declines (``decode(_:options:)``
/// returns `nil`), and the reader reads the line the full way, which says
/// what is wrong and where. So it never accepts a line the full way would
/// refuse: the differential tests and the fuzz target check that both ways
/// give the same event for every line.
///
/// Events are decoded from it by `LoggedEvent.init(fields:)`, the code the
/// full way uses too, so missing fields, wrong types and unknown types throw
/// the same errors.
struct EventLineFields: EventFieldReader {
    /// What a top-level value is, as the scan found it.
    enum Kind: UInt8 {
        /// A string with no escapes; its bytes are checked UTF-8.
        case string
        case number
        /// An array of numbers only.
        case numbers
        case `true`, `false`, null
        /// A value the JSON reader parsed: `start` is its place in ``parsed``.
        case parsed
    }

    /// A top-level value: a byte range of the line (without a string's quotes).
    struct Slot {
        var start: Int
        var end: Int
        var kind: Kind
        /// A number's value, found by the scan; NaN (which JSON cannot
        /// spell) when it needs the full conversion.
        var number = Double.nan
    }

    let line: UnsafeRawBufferPointer
    /// One slot per ``EventField``, valid where ``present`` has its bit.
    let slots: UnsafeMutablePointer<Slot>
    /// Where the line's strings are made, or found made before.
    let strings: StringCache
    var present: UInt64 = 0
    /// The values the JSON reader parsed for the line, in order.
    var parsed: [JSONValue] = []
    /// The event's type, when the scan found it as a plain string.
    var type: EventType?

    /// Decodes `line` (without its `\n`) as an event, or returns `nil` when
    /// the fast path declines it (see the type's summary).
    ///
    /// - Throws: What `LoggedEvent.init(fields:)` throws for the fields: a
    ///   missing field, a wrong type, an unknown type. No file or line.
    ///
    /// - Parameters:
    ///   - slots: Room for one ``Slot`` per ``EventField``.
    ///   - strings: The reader's strings, which the event's strings are taken from.
    ///   - version: The format version of the line's file.
    static func decode(
        _ line: UnsafeRawBufferPointer, slots: UnsafeMutablePointer<Slot>, strings: StringCache,
        options: EventLogReader.Options, version: Int
    ) throws(EventLogError) -> LoggedEvent? {
        var fields = EventLineFields(line: line, slots: slots, strings: strings)
        guard fields.scan(maximumDepth: options.maximumDepth, maximumStringLength: options.maximumStringLength)
        else { return nil }
        return try LoggedEvent(fields: fields, version: version)
    }

    // MARK: The scan

    /// The most keys no field has that the scan checks for duplicates (each
    /// against those before it): past them, the line goes the full way,
    /// which checks with a set, so a line of many keys stays linear.
    static let otherKeysCompared = 16

    /// Finds every top-level field and checks the whole line; `false` when
    /// the line is not one the fast path takes.
    ///
    /// - Complexity: O(*n*) in the line's bytes.
    mutating func scan(maximumDepth: Int, maximumStringLength: Int) -> Bool {
        var index = skipWhitespace(from: 0)
        guard index < line.count, line[index] == UInt8(ascii: "{"), maximumDepth >= 1 else { return false }
        index = skipWhitespace(from: index + 1)
        if index < line.count, line[index] == UInt8(ascii: "}") {
            return skipWhitespace(from: index + 1) == line.count
        }
        let tables = Tables.shared
        /// The keys expected next: the envelope's, then the type's.
        var expected = FieldOrder.envelope
        /// Keys no field has, for the duplicate check: a few, compared one by
        /// one; a line with more goes the full way, whose check is a set.
        var otherKeys: [Range<Int>] = []
        while true {
            guard index < line.count, line[index] == UInt8(ascii: "\"") else { return false }
            let field: EventField?
            let keyEnd: Int
            if let (predicted, rest) = expected.match(in: line, at: index + 1, tables: tables) {
                field = predicted
                keyEnd = index + 1 + tables.name(of: predicted).length
                guard keyEnd - index - 1 <= maximumStringLength else { return false }
                expected = rest
            } else {
                guard let (key, flags) = scanString(from: index + 1, maximumLength: maximumStringLength),
                    flags.isEmpty
                else { return false }
                field = tables.fields.value(
                    named: UnsafeRawBufferPointer(rebasing: line[key]), room: line.count - key.lowerBound)
                keyEnd = key.upperBound
                if field == nil {
                    guard otherKeys.count < Self.otherKeysCompared,
                        !otherKeys.contains(where: { line[$0].elementsEqual(line[key]) })
                    else { return false }
                    otherKeys.append(key)
                }
            }
            if let field, present & field.bit != 0 { return false }
            index = skipWhitespace(from: keyEnd + 1)
            guard index < line.count, line[index] == UInt8(ascii: ":") else { return false }
            index = skipWhitespace(from: index + 1)
            guard let slot = scanValue(at: &index, maximumDepth: maximumDepth, maximumStringLength: maximumStringLength)
            else { return false }
            if let field {
                slots[field.ordinal] = slot
                present |= field.bit
                if field == .type, slot.kind == .string,
                    let (type, order) = tables.types.value(named: bytes(of: slot), room: line.count - slot.start)
                {
                    self.type = type
                    expected = order
                }
            }
            index = skipWhitespace(from: index)
            guard index < line.count else { return false }
            if line[index] == UInt8(ascii: ",") {
                index = skipWhitespace(from: index + 1)
            } else if line[index] == UInt8(ascii: "}") {
                return skipWhitespace(from: index + 1) == line.count
            } else {
                return false
            }
        }
    }

    /// Reads the value at `index` and moves past it.
    private mutating func scanValue(at index: inout Int, maximumDepth: Int, maximumStringLength: Int) -> Slot? {
        guard index < line.count else { return nil }
        let start = index
        switch line[index] {
        case UInt8(ascii: "\""):
            if let (range, flags) = scanString(from: index + 1, maximumLength: maximumStringLength),
                !flags.contains(.escapes)
            {
                index = range.upperBound + 1
                return Slot(start: range.lowerBound, end: range.upperBound, kind: .string)
            }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard let number = JSONNumberScan.scan(line, from: index) else { return nil }
            index = number.end
            return Slot(start: start, end: number.end, kind: .number, number: number.value ?? .nan)
        case UInt8(ascii: "t"):
            return scanLiteral("true", at: &index, kind: .true)
        case UInt8(ascii: "f"):
            return scanLiteral("false", at: &index, kind: .false)
        case UInt8(ascii: "n"):
            return scanLiteral("null", at: &index, kind: .null)
        case UInt8(ascii: "["):
            if maximumDepth >= 2, let end = scanNumberArray(from: index) {
                index = end
                return Slot(start: start, end: end, kind: .numbers)
            }
        case UInt8(ascii: "{"):
            break
        default:
            return nil
        }
        // Strings with escapes, objects and other arrays: the JSON reader's own code.
        var parser = _JSONParser(bytes: line, maximumDepth: maximumDepth, maximumStringLength: maximumStringLength)
        parser.index = start
        // Depth 1: the value is a member of the line's object.
        guard let value = try? parser.parseValue(depth: 1) else { return nil }
        index = parser.index
        parsed.append(value)
        return Slot(start: parsed.count - 1, end: index, kind: .parsed)
    }

    /// What a string's bytes hold beyond plain ASCII.
    struct StringFlags: OptionSet {
        let rawValue: UInt8
        /// A backslash: the string is left to the JSON reader, which decodes escapes.
        static let escapes = StringFlags(rawValue: 1)
        /// Bytes of 0x80 and up (checked UTF-8). The full way compares keys as
        /// `String`s, under which two different non-ASCII spellings can be
        /// equal, so a non-ASCII key is left to it.
        static let nonASCII = StringFlags(rawValue: 2)
    }

    /// The bytes of a string that starts after its opening quote, up to its
    /// closing quote, and what they hold; `nil` unless it ends on the line,
    /// is within `maximumLength`, has no control character and is UTF-8.
    /// Escapes are not decoded, only stepped over.
    private func scanString(from start: Int, maximumLength: Int) -> (Range<Int>, StringFlags)? {
        var index = start
        var flags: StringFlags = []
        while true {
            index = JSONStringScan.nextSpecialByte(in: line, from: index)
            guard index < line.count else { return nil }
            let byte = line[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { return nil }
            if byte == UInt8(ascii: "\\") {
                flags.insert(.escapes)
                index += 2  // past the escaped character, which may be a quote
            } else {
                if byte >= 0x80 { flags.insert(.nonASCII) }
                index += 1
            }
        }
        let range = start..<index
        guard range.count <= maximumLength else { return nil }
        if flags.contains(.nonASCII),
            UTF8Validation.firstInvalidOffset(in: UnsafeRawBufferPointer(rebasing: line[range])) != nil
        {
            return nil
        }
        return (range, flags)
    }

    /// The end of an array of numbers only (`[0.5, 1]`, `[]`) that starts at `start`.
    private func scanNumberArray(from start: Int) -> Int? {
        var index = skipWhitespace(from: start + 1)
        if index < line.count, line[index] == UInt8(ascii: "]") { return index + 1 }
        while true {
            guard let number = JSONNumberScan.scan(line, from: index) else { return nil }
            index = skipWhitespace(from: number.end)
            guard index < line.count else { return nil }
            if line[index] == UInt8(ascii: "]") { return index + 1 }
            guard line[index] == UInt8(ascii: ",") else { return nil }
            index = skipWhitespace(from: index + 1)
            guard index < line.count else { return nil }
        }
    }

    private func scanLiteral(_ word: StaticString, at index: inout Int, kind: Kind) -> Slot? {
        let count = word.utf8CodeUnitCount
        guard line.count - index >= count,
            UnsafeRawBufferPointer(start: word.utf8Start, count: count).elementsEqual(line[index..<index + count])
        else { return nil }
        index += count
        return Slot(start: index - count, end: index, kind: kind)
    }

    private func skipWhitespace(from start: Int) -> Int {
        _JSONParser.endOfWhitespace(in: line, from: start)
    }

    // MARK: Names

    /// What the scan looks names up in, made once.
    ///
    /// Safe to share (`@unchecked Sendable`): written once, in `init`, and
    /// only read after; static, so its memory is never freed.
    struct Tables: @unchecked Sendable {
        static let shared = Tables()

        /// Every field by its name.
        let fields = ByteNameTable(EventField.allCases.map { ($0.name, $0) })
        /// Every event type by its name, with the order of its fields.
        let types = ByteNameTable(EventType.allCases.map { ($0.rawValue, ($0, FieldOrder($0.fieldOrder))) })
        /// Each field's name packed, by ``EventField/ordinal``.
        private let names: UnsafeMutableBufferPointer<PackedName>

        private init() {
            names = .allocate(capacity: EventField.allCases.count)
            for field in EventField.allCases { names[field.ordinal] = PackedName(field.name)! }
        }

        func name(of field: EventField) -> PackedName { names[field.ordinal] }
    }

    /// The fields a line is expected to name next, in order: up to 21
    /// ordinals + 1, six bits each, the next in the low bits of `low`, the
    /// ones after the tenth in `high` (two words: `UInt128` needs iOS 18).
    struct FieldOrder: Sendable {
        var low: UInt64
        var high: UInt64

        init(_ fields: [EventField]) {
            precondition(fields.count <= 21, "a field order holds 21 fields at most")
            (low, high) = (0, 0)
            for field in fields.reversed() {
                high = high << 6 | low >> 58
                low = low << 6 | UInt64(field.ordinal + 1)
            }
        }

        /// Whether no field is left.
        var isEmpty: Bool { low == 0 && high == 0 }

        /// The next field's ordinal + 1, taken off the order.
        mutating func removeFirst() -> UInt64 {
            let first = low & 63
            low = low >> 6 | high << 58
            high >>= 6
            return first
        }

        /// The envelope's fields: `seq`, `time`, `type`.
        static let envelope = FieldOrder([.seq, .time, .type])

        /// The first expected field (or a later one: a field left out is
        /// skipped) whose name is the key that starts at `start`, followed by
        /// its closing quote; with the fields expected after it.
        func match(in line: UnsafeRawBufferPointer, at start: Int, tables: Tables) -> (EventField, FieldOrder)? {
            // Near the line's end, the slower lookup decides.
            guard start + 8 <= line.count else { return nil }
            let first = UInt64(littleEndian: line.baseAddress!.loadUnaligned(fromByteOffset: start, as: UInt64.self))
            var rest = self
            while !rest.isEmpty {
                let field = EventField(rawValue: UInt8(truncatingIfNeeded: rest.removeFirst()) &- 1)!
                let name = tables.name(of: field)
                let end = start + name.length
                guard end < line.count, line[end] == UInt8(ascii: "\"") else { continue }
                if name.length <= 8 {
                    if first & name.lowMask == name.low { return (field, rest) }
                } else if first == name.low,
                    UInt64(littleEndian: line.baseAddress!.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self))
                        >> name.highShift == name.high
                {
                    return (field, rest)
                }
            }
            return nil
        }
    }

    // MARK: Reading the fields

    /// The field's value, or `nil` when it is absent or `null`.
    private func slot(_ field: EventField) -> Slot? {
        guard present & field.bit != 0 else { return nil }
        let slot = slots[field.ordinal]
        return slot.kind == .null ? nil : slot
    }

    private func bytes(of slot: Slot) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: line[slot.start..<slot.end])
    }

    /// Calls `body` with the literal of each number of a ``Kind/numbers`` slot.
    private func forEachNumber(in slot: Slot, _ body: (UnsafeRawBufferPointer) -> Void) {
        var index = slot.start + 1
        while index < slot.end {
            switch line[index] {
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let end = JSONNumberScan.scan(line, from: index)!.end  // the scan checked it
                body(UnsafeRawBufferPointer(rebasing: line[index..<end]))
                index = end
            default:
                index += 1
            }
        }
    }

    func isPresent(_ field: EventField) -> Bool {
        present & field.bit != 0
    }

    func any(_ field: EventField) -> JSONValue? {
        guard let slot = slot(field) else { return nil }
        switch slot.kind {
        case .string:
            return .string(strings.string(bytes(of: slot), room: line.count - slot.start))
        case .number:
            return .number(JSONNumber(validatedLiteral: String(decoding: bytes(of: slot), as: UTF8.self)))
        case .numbers:
            var elements: [JSONValue] = []
            forEachNumber(in: slot) {
                elements.append(.number(JSONNumber(validatedLiteral: String(decoding: $0, as: UTF8.self))))
            }
            return .array(elements)
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .null: return nil
        case .parsed: return parsed[slot.start]
        }
    }

    /// The field as the full way holds it, for every case the fast path
    /// does not read itself: its errors are then the full way's, word for word.
    private func asJSONFields(_ field: EventField) -> JSONFields {
        JSONFields(members: any(field).map { [JSONMember(field.name, $0)] } ?? [])
    }

    func string(_ field: EventField) throws(EventLogError) -> String? {
        guard let slot = slot(field) else { return nil }
        guard slot.kind == .string else { return try asJSONFields(field).string(field) }
        return strings.string(bytes(of: slot), room: line.count - slot.start)
    }

    func bool(_ field: EventField) throws(EventLogError) -> Bool? {
        guard let slot = slot(field) else { return nil }
        switch slot.kind {
        case .true: return true
        case .false: return false
        default: return try asJSONFields(field).bool(field)
        }
    }

    func number(_ field: EventField) throws(EventLogError) -> Double? {
        guard let slot = slot(field) else { return nil }
        guard slot.kind == .number else { return try asJSONFields(field).number(field) }
        return slot.number.isNaN ? JSONNumber.double(of: bytes(of: slot)) : slot.number
    }

    func integer(_ field: EventField) throws(EventLogError) -> IntegerReading? {
        guard let slot = slot(field) else { return nil }
        guard slot.kind == .number else { return try asJSONFields(field).integer(field) }
        let literal = bytes(of: slot)
        if let integer = JSONNumber.wholeNumber(of: literal).integer { return .integer(integer) }
        return .number(JSONNumber(validatedLiteral: String(decoding: literal, as: UTF8.self)))
    }

    func numbers(_ field: EventField) throws(EventLogError) -> [Double]? {
        guard let slot = slot(field) else { return nil }
        guard slot.kind == .numbers else { return try asJSONFields(field).numbers(field) }
        var numbers: [Double] = []
        forEachNumber(in: slot) { numbers.append(JSONNumber.double(of: $0)) }
        return numbers
    }

    func object(_ field: EventField) throws(EventLogError) -> JSONFields? {
        try asJSONFields(field).object(field)
    }

    func eventType() throws(EventLogError) -> EventType {
        if let type { return type }
        return try eventTypeFromString()
    }
}

/// A name of 1 to 16 bytes packed into two little-endian words, zero-padded:
/// two names are equal when their packings are.
struct PackedName: Hashable, Sendable {
    var length: Int
    var low: UInt64
    var high: UInt64

    /// The bits of a word read at the name's start that its first 8 bytes fill.
    var lowMask: UInt64 { length >= 8 ? ~0 : 1 << (8 * UInt64(length)) - 1 }
    /// How far a word read 8 bytes before the name's end is shifted to give `high`.
    var highShift: UInt64 { 8 * UInt64(16 - length) }

    /// Packs `bytes`; `nil` when they are empty or longer than 16.
    ///
    /// - Parameter room: How many bytes from the start of `bytes` may be
    ///   read (at least `bytes.count`): with 8 of them, a short name is read
    ///   as one word.
    init?(_ bytes: UnsafeRawBufferPointer, room: Int) {
        let length = bytes.count
        guard length > 0, length <= 16, let base = bytes.baseAddress else { return nil }
        func word(at offset: Int) -> UInt64 {
            UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        self.length = length
        if length >= 8 {
            // The high word ends at the name's end; the bytes the low word holds are shifted out.
            low = word(at: 0)
            high = length == 8 ? 0 : word(at: length - 8) >> (8 * UInt64(16 - length))
        } else if room >= 8 {
            low = word(at: 0) & (1 << (8 * UInt64(length)) - 1)
            high = 0
        } else {
            var packed: UInt64 = 0
            for offset in (0..<length).reversed() { packed = packed << 8 | UInt64(bytes[offset]) }
            low = packed
            high = 0
        }
    }

    private init(length: Int, low: UInt64, high: UInt64) {
        self.length = length
        self.low = low
        self.high = high
    }

    /// No name: length 0.
    static let none = PackedName(length: 0, low: 0, high: 0)

    init?(_ name: String) {
        var name = name
        guard let packed = name.withUTF8({ Self(UnsafeRawBufferPointer($0), room: $0.count) }) else { return nil }
        self = packed
    }
}

/// Values looked up by the UTF-8 bytes of their names, with no `String`
/// made: a small open-addressing hash table of packed names, so a lookup
/// compares three integers.
///
/// Safe to share (`@unchecked Sendable`): its buckets are written once, in
/// `init`, and only read after. It is made once per program (static), so
/// its memory is never freed.
struct ByteNameTable<Value: Sendable>: @unchecked Sendable {
    private struct Entry {
        var name: PackedName
        var value: Value?
    }

    /// A power-of-two number of buckets, at most half of them used; an
    /// empty bucket has a name of length 0.
    private let buckets: UnsafeMutableBufferPointer<Entry>

    /// - Precondition: the names are different, and each has 1 to 16 bytes. Traps otherwise.
    init(_ entries: [(String, Value)]) {
        var bucketCount = 16
        while bucketCount < entries.count * 2 { bucketCount *= 2 }
        buckets = .allocate(capacity: bucketCount)
        buckets.initialize(repeating: Entry(name: .none, value: nil))
        for (name, value) in entries {
            guard let packed = PackedName(name), self.value(named: packed) == nil else {
                preconditionFailure("a name is too long, empty or given twice: \(name)")
            }
            var bucket = Self.bucket(of: packed, count: bucketCount)
            while buckets[bucket].name.length != 0 { bucket = (bucket + 1) & (bucketCount - 1) }
            buckets[bucket] = Entry(name: packed, value: value)
        }
    }

    /// The value named by exactly `bytes`, or `nil`; `room` as for ``PackedName``.
    ///
    /// - Complexity: O(1): about one probe.
    func value(named bytes: UnsafeRawBufferPointer, room: Int) -> Value? {
        PackedName(bytes, room: room).flatMap(value(named:))
    }

    func value(named name: PackedName) -> Value? {
        var bucket = Self.bucket(of: name, count: buckets.count)
        while buckets[bucket].name.length != 0 {
            if buckets[bucket].name == name { return buckets[bucket].value }
            bucket = (bucket + 1) & (buckets.count - 1)
        }
        return nil
    }

    private static func bucket(of name: PackedName, count: Int) -> Int {
        Int(truncatingIfNeeded: (name.low ^ UInt64(name.length)) &* 0x9E37_79B9_7F4A_7C15 >> 40) & (count - 1)
    }
}

extension LoggedEvent {
    /// The ways the log reader can decode an event line: for the tests and
    /// the fuzz target, which check that both give the same for every line.
    package enum LineDecoding: Sendable, CaseIterable {
        /// In place (``EventLineFields``); `nil` where that way declines.
        case inPlace
        /// Through the line's parsed JSON, which takes every line.
        case throughJSON
    }

    /// Decodes `line` (without its `\n`) the given way.
    ///
    /// - Returns: The event, or `nil` when the in-place way declines the line.
    /// - Throws: ``EventLogError`` with no file or line.
    package static func decoding(
        line: [UInt8], _ way: LineDecoding, options: EventLogReader.Options = EventLogReader.Options(),
        version: Int = LogHeader.currentVersion
    ) throws(EventLogError) -> LoggedEvent? {
        try LineDecoder().decode(line[...], way, options: options, version: version)
    }

    /// Decodes lines one after another, keeping what the in-place way needs
    /// from one line to the next (the table of fields and the strings made
    /// so far): a reader has one, and a check of many lines makes one once.
    package final class LineDecoder {
        private let slots = UnsafeMutablePointer<EventLineFields.Slot>.allocate(capacity: EventField.allCases.count)
        private let strings = StringCache()

        package init() {}

        deinit { slots.deallocate() }

        /// Decodes `line` (without its `\n`) the given way.
        ///
        /// - Returns: The event, or `nil` when the in-place way declines the line.
        /// - Throws: ``EventLogError`` with no file or line.
        package func decode(
            _ line: ArraySlice<UInt8>, _ way: LineDecoding, options: EventLogReader.Options = EventLogReader.Options(),
            version: Int = LogHeader.currentVersion
        ) throws(EventLogError) -> LoggedEvent? {
            try line.withUnsafeBytes { bytes in
                Result { () throws(EventLogError) -> LoggedEvent? in
                    switch way {
                    case .inPlace:
                        return try decodeInPlace(bytes, options: options, version: version)
                    case .throughJSON:
                        return try LoggedEvent(
                            json: EventLogReader.json(ofLine: bytes, options: options), version: version)
                    }
                }
            }.get()
        }

        /// Decodes `line` in place (``EventLineFields``), or returns `nil` when that way declines it.
        ///
        /// - Throws: ``EventLogError`` with no file or line.
        func decodeInPlace(
            _ line: UnsafeRawBufferPointer, options: EventLogReader.Options, version: Int
        ) throws(EventLogError) -> LoggedEvent? {
            try EventLineFields.decode(line, slots: slots, strings: strings, options: options, version: version)
        }
    }
}
