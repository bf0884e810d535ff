public import Foundation
public import ModalEvents

/// Reads a log the way an app would with Foundation alone: each line through
/// `JSONDecoder` into `Decodable` types that follow the spec. The reference
/// the package's own reader is checked against (the same events, and errors
/// of the same kind on the same line) and measured against (`modal-bench`).
///
/// It differs from the package on purpose in a few places where
/// `JSONDecoder` is laxer or stricter than the spec's JSON (RFC 8259) or the
/// package's documented choices: ``knownDifferences`` lists them.
public struct FoundationLogReader {
    public init() {}

    /// What reading a whole log gave: its events up to the first fault, and the fault.
    public struct Outcome: Equatable, Sendable {
        public var events: [LoggedEvent] = []
        public var error: EventLogError?

        public init() {}
    }

    /// Reads the log in `bytes` (a header line, then events) to its end or
    /// its first fault; a torn last line is skipped, as the package skips it.
    public func read(_ bytes: [UInt8], name: String = "<memory>") -> Outcome {
        var outcome = Outcome()
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        lines.removeLast()  // after the last newline: empty, or a torn line
        guard let header = lines.first else {
            outcome.error = EventLogError(.emptyFile, file: name, line: 1, message: "empty file")
            return outcome
        }
        let version: Int
        do {
            version = try readHeader(Data(header))
        } catch {
            outcome.error = located(error, name, 1)
            return outcome
        }
        for (offset, line) in lines.dropFirst().enumerated() {
            let number = offset + 2
            do {
                let entry = try decode(line: Data(line), version: version)
                guard entry.seq == outcome.events.count + 1 else {
                    throw EventLogError(.seqOutOfOrder, message: "seq \(entry.seq) is out of order")
                }
                outcome.events.append(entry)
            } catch {
                outcome.error = located(error, name, number)
                return outcome
            }
        }
        return outcome
    }

    /// Decodes one event line (without its `\n`) of a log of format `version`.
    ///
    /// - Throws: ``EventLogError`` of the kind the spec names, with no file or line.
    public func decode(line: Data, version: Int = LogHeader.currentVersion) throws(EventLogError) -> LoggedEvent {
        let decoder = JSONDecoder()
        decoder.userInfo[formatVersionKey] = version
        do {
            return try decoder.decode(EventLine.self, from: line).entry
        } catch {
            throw Self.kind(of: error)
        }
    }

    /// Counts the events of the log file at `path`, decoding each: what
    /// `modal-bench` times. The file is read whole, as an app reading a
    /// file with Foundation would.
    public func countEvents(inFileAt path: String) throws -> Int {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var count = 0
        var start = data.startIndex
        var version: Int?
        while let newline = data[start...].firstIndex(of: UInt8(ascii: "\n")) {
            let line = data[start..<newline]
            if let version {
                _ = try decode(line: line, version: version)
                count += 1
            } else {
                version = try readHeader(line)
            }
            start = newline + 1
        }
        return count
    }

    /// Reads a header line and returns its version.
    private func readHeader(_ line: Data) throws(EventLogError) -> Int {
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: line)
        } catch {
            throw Self.kind(of: error)
        }
        guard header.format == LogHeader.format else { throw EventLogError(.missingHeader, message: "no header") }
        guard let version = header.version, version == version.rounded(), version >= 1 else {
            throw EventLogError(.wrongType, message: "version is not a positive integer")
        }
        guard version <= Double(LogHeader.currentVersion) else {
            throw EventLogError(.newerVersion, message: "version \(version)")
        }
        return Int(version)
    }

    private func located(_ error: any Error, _ name: String, _ line: Int) -> EventLogError {
        var located = error as? EventLogError ?? Self.kind(of: error)
        located.file = name
        located.line = line
        return located
    }

    /// The spec's kind of fault for what `JSONDecoder` threw.
    private static func kind(of error: any Error) -> EventLogError {
        if let error = error as? EventLogError { return error }
        guard let error = error as? DecodingError else { return EventLogError(.invalidJSON, message: "\(error)") }
        switch error {
        case .keyNotFound(let key, _):
            return EventLogError(.missingField, message: "missing field \(key.stringValue)")
        case .valueNotFound(_, let context) where context.codingPath.isEmpty:
            return EventLogError(.notAnObject, message: "the line is null")
        case .valueNotFound(_, let context):
            return EventLogError(.missingField, message: "missing field \(context.codingPath.map(\.stringValue))")
        case .typeMismatch(_, let context) where context.codingPath.isEmpty:
            return EventLogError(.notAnObject, message: context.debugDescription)
        case .typeMismatch(_, let context):
            return EventLogError(.wrongType, message: context.debugDescription)
        case .dataCorrupted(let context):
            return EventLogError(.invalidJSON, message: context.debugDescription)
        @unknown default:
            return EventLogError(.invalidJSON, message: "\(error)")
        }
    }

    /// Where `JSONDecoder` and the package part, on purpose: each with a
    /// line that shows it, what the package does, and why. The differential
    /// tests check each one, so a change on either side is seen.
    public static let knownDifferences:
        [(line: String, foundation: String, package: EventLogError.Kind?, why: String)] = [
            (
                #"{"seq":1,"type":"dimming.tap","seq":1}"#, "reads it, the first value winning", .invalidJSON,
                "RFC 8259 leaves duplicate keys undefined; the package refuses them, so a log means one thing"
            ),
            (
                #"{"seq":1,"type":"dimming.tap",}"#, "reads it", .invalidJSON,
                "a trailing comma is not JSON (RFC 8259)"
            ),
            (
                #"{"seq":1,"type":"keyboard.change","height":1e999}"#, "refuses the whole line as invalid JSON", nil,
                "the package reads a number too large for a Double as an infinity, which the projection rejects"
                    + " (invalidValue): the line is well-formed, its value cannot apply"
            ),
            (
                #"{"seq":1,"type":"keyboard.change","height":4.9e-325}"#, "refuses the whole line as invalid JSON", nil,
                "the package rounds a number too small for a Double to 0, as strtod and JavaScript do"
            ),
            (
                #"{"seq":1,"type":"keyboard.change","height":0e8}"#, "refuses the whole line as invalid JSON", nil,
                "JSONDecoder refuses a zero with a positive exponent (0e8, 0E1; it reads 0e-1), which RFC 8259 allows"
            ),
            (
                #"{"seq":1,"type":"dimming.tap","source":"\p"}"#, "reads it in a version-1 log", .invalidJSON,
                "JSONDecoder checks a value's text (escapes, UTF-8, number syntax) only as it decodes it, so not"
                    + " that of a field it never decodes (a height, source or caller in a version-1 log), nor what"
                    + " comes after the first fault it finds (an unknown type); the package checks the whole line first"
            ),
            (
                "\u{FEFF}" + #"{"seq":1,"type":"dimming.tap"}"#, "skips the byte order mark", .invalidJSON,
                "a byte order mark may only start the file (RFC 8259, 8.1): the package skips it before the header"
            ),
        ]
}

// MARK: The spec as Decodable types

/// Every top-level key an event line can hold.
private enum Key: String, CodingKey {
    case seq, time, type, root, link, content, parent, style, payload, canDismiss, snapPoints, initialSnap, sticky
    case reason, direction, animation, presentation, level, policy, dimming, keyboard, size, maxVisibleCards
    case index, position, velocity, height, responderBottom
    case source, caller, info, events
}

/// Where the decoder is told the format version of the line's log.
private let formatVersionKey = CodingUserInfoKey(rawValue: "formatVersion")!

/// A header: `format` first, as the package checks it first.
private struct Header: Decodable {
    var format: String?
    var version: Double?

    init(from decoder: any Decoder) throws {
        let fields: KeyedDecodingContainer<HeaderKey>
        do {
            fields = try decoder.container(keyedBy: HeaderKey.self)
        } catch {
            throw EventLogError(.missingHeader, message: "line 1 is not an object")
        }
        format = try? fields.decodeIfPresent(String.self, forKey: .format)
        guard format == LogHeader.format else { return }
        version = try fields.decode(Double.self, forKey: .version)
    }

    enum HeaderKey: String, CodingKey { case format, version }
}

/// One event line, decoded field by field as the spec says: `null` is the
/// same as leaving a field out, unknown keys are ignored.
private struct EventLine: Decodable {
    var entry: LoggedEvent

    init(from decoder: any Decoder) throws {
        let version = decoder.userInfo[formatVersionKey] as? Int ?? LogHeader.currentVersion
        let fields = try decoder.container(keyedBy: Key.self)
        // Exactly, as an Int, when JSONDecoder reads one (every digit); else through a Double.
        let seqNumber = try fields.decode(Double.self, forKey: .seq)
        guard let seq = (try? fields.decode(Int.self, forKey: .seq)) ?? LoggedNumber.integer(seqNumber) else {
            throw EventLogError(.wrongType, message: "seq \(seqNumber) is not an integer a log holds")
        }
        let time = try fields.decodeIfPresent(Double.self, forKey: .time)
        let type = try Self.type(fields, version: version)
        // In the package's order: the envelope, then the event's own fields.
        let source = version >= 2 ? try strict(String.self, .source, fields).map(EventSource.init) : nil
        let caller = version >= 2 ? try strict(String.self, .caller, fields) : nil
        var loggedNumbers: [LoggedNumber] = []
        let event = try Self.event(type, fields, version: version, loggedNumbers: &loggedNumbers)
        entry = LoggedEvent(
            seq: seq, time: time, event: event, source: source, caller: caller, loggedNumbers: loggedNumbers)
    }

    /// The line's `type`, which its log's version must define.
    static func type(_ fields: KeyedDecodingContainer<Key>, version: Int) throws -> EventType {
        let typeName = try fields.decode(String.self, forKey: .type)
        guard let type = EventType(rawValue: typeName), type.formatVersion <= version else {
            throw EventLogError(.unknownType, message: "unknown event type \(typeName) in a version-\(version) log")
        }
        return type
    }

    /// Decodes the fields of `type` in the order the package reads them, so
    /// that a line with two faults names the same one.
    /// A number an integer field's `Int` does not hold goes to `loggedNumbers`, as step 0.
    static func event(
        _ type: EventType, _ fields: KeyedDecodingContainer<Key>, version: Int, loggedNumbers: inout [LoggedNumber]
    ) throws -> ModalEvent {
        func string(_ key: Key) throws -> String? { try fields.decodeIfPresent(String.self, forKey: key) }
        func number(_ key: Key) throws -> Double? { try fields.decodeIfPresent(Double.self, forKey: key) }
        /// An integer field (`absent` when left out): exactly, as an Int,
        /// when JSONDecoder reads one (every digit); else a whole `Double`
        /// within 64 bits; else 0, with the number kept in `loggedNumbers`.
        func integer(_ field: IntegerField, _ key: Key, absent: Int) throws -> Int {
            guard let number = try number(key) else { return absent }
            if let exact = (try? fields.decode(Int.self, forKey: key)) ?? LoggedNumber.integer(number) {
                return exact
            }
            loggedNumbers.append(LoggedNumber(step: 0, field: field, value: number))
            return 0
        }
        func required<Value: Decodable>(_ key: Key, _ type: Value.Type = Value.self) throws -> Value {
            try fields.decode(Value.self, forKey: key)
        }
        func root() throws -> String { try string(.root) ?? ModalEvent.defaultRoot }
        /// Version 2's `height` on the events that take one; version 1 ignores it.
        func height() throws -> Double? { version >= 2 ? try number(.height) : nil }
        /// Version 2's `canDismiss` on the card events; version 1 ignores it.
        func cardCanDismiss() throws -> Bool? { version >= 2 ? try strict(Bool.self, .canDismiss, fields) : nil }
        switch type {
        case .rootRegister:
            let dimming = try fields.decodeIfPresent(Dimming.self, forKey: .dimming)
            let keyboard = try fields.decodeIfPresent(Keyboard.self, forKey: .keyboard)
            return .rootRegister(
                RootRegistration(
                    root: try root(), presentation: try string(.presentation).map(RootPresentation.init) ?? .window,
                    level: try integer(.level, .level, absent: 0),
                    policy: try string(.policy).map(RootPolicy.init) ?? .stack,
                    dimming: DimmingConfiguration(
                        tap: dimming?.tap.map(DimmingTapAction.init) ?? .dismissTopmost,
                        hidden: dimming?.hidden ?? false
                    ),
                    keyboard: KeyboardConfiguration(
                        strategy: keyboard?.strategy.map(KeyboardStrategy.init) ?? .offsetByObscuredHeight,
                        additional: keyboard?.additional ?? 0),
                    size: try fields.decodeIfPresent(SizeFields.self, forKey: .size)?.size ?? .defaultRoot,
                    maxVisibleCards: try integer(.maxVisibleCards, .maxVisibleCards, absent: 2)))
        case .rootResize:
            let size = try required(.size, SizeFields.self).size
            return .rootResize(root: try root(), size: size)
        case .rootRemove:
            return .rootRemove(root: try root())
        case .modalPresent:
            return .modalPresent(
                ModalPresentation(
                    root: try root(), link: try required(.link), content: try required(.content),
                    parent: try string(.parent), style: try string(.style).map(ModalStyle.init) ?? .sheet,
                    payload: try fields.decodeIfPresent(AnyJSON.self, forKey: .payload)?.value,
                    canDismiss: try fields.decodeIfPresent(Bool.self, forKey: .canDismiss) ?? true,
                    snapPoints: try fields.decodeIfPresent([Double].self, forKey: .snapPoints) ?? [1.0],
                    initialSnap: try integer(.initialSnap, .initialSnap, absent: 0), sticky: try string(.sticky),
                    height: try height()))
        case .modalPresented:
            return .modalPresented(root: try root(), link: try required(.link))
        case .modalDismiss:
            return .modalDismiss(
                root: try root(), link: try required(.link),
                reason: try string(.reason).map(DismissReason.init(rawValue:)) ?? .programmatic)
        case .modalDismissed:
            return .modalDismissed(root: try root(), link: try required(.link))
        case .cardPush:
            return .cardPush(
                root: try root(), link: try required(.link), content: try required(.content),
                sticky: try string(.sticky), height: try height(), canDismiss: try cardCanDismiss())
        case .cardPop:
            return .cardPop(root: try root(), link: try required(.link))
        case .cardReplace:
            return .cardReplace(
                root: try root(), link: try required(.link), content: try required(.content),
                direction: try string(.direction).map(ReplaceDirection.init) ?? .forward,
                animation: try string(.animation).map(ReplaceAnimation.init) ?? .scale, height: try height(),
                canDismiss: try cardCanDismiss())
        case .cardUpdate:
            let (root, link) = (try root(), try required(.link, String.self))
            var height: HeightChange?
            if fields.contains(.height) {
                height = try number(.height).map(HeightChange.points) ?? .automatic
            }
            return .cardUpdate(root: root, link: link, height: height, canDismiss: try cardCanDismiss())
        case .sessionStart:
            return .sessionStart(info: try fields.decodeIfPresent(AnyJSON.self, forKey: .info).flatMap(\.nonNull))
        case .batch:
            var elements = try fields.nestedUnkeyedContainer(forKey: .events)
            guard let count = elements.count, (1...ModalEvent.maximumBatchCount).contains(count) else {
                throw EventLogError(.invalidBatch, message: "a batch holds 1 to 1000 events")
            }
            var events: [ModalEvent] = []
            while !elements.isAtEnd {
                let element = try elements.decode(BatchEvent.self)
                loggedNumbers += element.loggedNumbers.map {
                    LoggedNumber(step: events.count, field: $0.field, number: $0.number)
                }
                events.append(element.event)
            }
            return .batch(events)
        case .dimmingTap:
            return .dimmingTap(root: try root())
        case .keyboardChange:
            return .keyboardChange(height: try required(.height), responderBottom: try number(.responderBottom))
        case .snapTo:
            let (root, link) = (try root(), try required(.link, String.self))
            _ = try required(.index, Double.self)
            return .snapTo(root: root, link: link, index: try integer(.index, .index, absent: 0))
        case .dragChange:
            return .dragChange(root: try root(), link: try required(.link), position: try required(.position))
        case .dragEnd:
            return .dragEnd(
                root: try root(), link: try required(.link), position: try number(.position),
                velocity: try number(.velocity) ?? 0)
        }
    }
}

/// One event of a batch: as a line, but with no envelope of its own.
private struct BatchEvent: Decodable {
    var event: ModalEvent
    /// Its numbers that its integer fields' `Int`s do not hold, as step 0.
    var loggedNumbers: [LoggedNumber] = []

    init(from decoder: any Decoder) throws {
        let version = decoder.userInfo[formatVersionKey] as? Int ?? LogHeader.currentVersion
        let fields = try decoder.container(keyedBy: Key.self)
        for own in [Key.seq, .time, .source, .caller] where fields.contains(own) {
            throw EventLogError(.invalidBatch, message: "an event in a batch has no \(own.stringValue) of its own")
        }
        let type = try EventLine.type(fields, version: version)
        guard type != .batch, type != .sessionStart else {
            throw EventLogError(.invalidBatch, message: "a batch cannot hold a \(type.rawValue)")
        }
        event = try EventLine.event(type, fields, version: version, loggedNumbers: &loggedNumbers)
    }
}

/// A field that version 2 defines, for which `null` is of the wrong type, not absent.
private func strict<Value: Decodable>(
    _ type: Value.Type, _ key: Key, _ fields: KeyedDecodingContainer<Key>
) throws -> Value? {
    guard fields.contains(key) else { return nil }
    if try fields.decodeNil(forKey: key) {
        throw EventLogError(.wrongType, message: "\(key.stringValue) is null")
    }
    return try fields.decode(Value.self, forKey: key)
}

private struct Dimming: Decodable {
    var tap: String?
    var hidden: Bool?
}

private struct Keyboard: Decodable {
    var strategy: String?
    var additional: Double?
}

private struct SizeFields: Decodable {
    var width: Double
    var height: Double
    var size: Size { Size(width: width, height: height) }
}

/// Any JSON value, as `JSONDecoder` gives it: numbers as `Double`, objects
/// with their keys sorted (a dictionary keeps no order).
private struct AnyJSON: Decodable {
    var value: JSONValue

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        /// `body`'s value, or `nil` when the value is of another JSON type;
        /// any other error (a number deep inside that no Double holds) is thrown.
        func ifOfType<Value>(_ body: () throws -> Value) throws -> Value? {
            do {
                return try body()
            } catch DecodingError.typeMismatch {
                return nil
            }
        }
        if single.decodeNil() {
            value = .null
        } else if let flag = try ifOfType({ try single.decode(Bool.self) }) {
            value = .bool(flag)
        } else if let string = try ifOfType({ try single.decode(String.self) }) {
            value = .string(string)
        } else if let elements = try ifOfType({ try single.decode([AnyJSON].self) }) {
            value = .array(elements.map(\.value))
        } else if let members = try ifOfType({ try single.decode([String: AnyJSON].self) }) {
            value = .object(members.sorted { $0.key < $1.key }.map { JSONMember($0.key, $0.value.value) })
        } else {
            value = .number(JSONNumber(try single.decode(Double.self)))
        }
    }

    /// The value, or `nil` for JSON `null`.
    var nonNull: JSONValue? { value == .null ? nil : value }
}

extension LoggedEvent {
    /// The event as `JSONDecoder` would give it back: payload numbers as the
    /// `Double` they read as, payload objects with their keys sorted. Two
    /// readers agree when their events are equal in this form.
    public var comparableWithFoundation: LoggedEvent {
        var entry = self
        entry.event = event.comparableWithFoundation
        return entry
    }
}

extension ModalEvent {
    /// See ``LoggedEvent/comparableWithFoundation``.
    var comparableWithFoundation: ModalEvent {
        switch self {
        case .modalPresent(var presentation):
            presentation.payload = presentation.payload?.comparableWithFoundation
            return .modalPresent(presentation)
        case .sessionStart(let info):
            return .sessionStart(info: info?.comparableWithFoundation)
        case .batch(let events):
            return .batch(events.map(\.comparableWithFoundation))
        default:
            return self
        }
    }
}

extension JSONValue {
    /// See ``LoggedEvent/comparableWithFoundation``.
    var comparableWithFoundation: JSONValue {
        switch self {
        case .null, .bool, .string: self
        case .number(let number): .number(JSONNumber(number.doubleValue))
        case .array(let elements): .array(elements.map(\.comparableWithFoundation))
        case .object(let members):
            .object(members.sorted { $0.key < $1.key }.map { JSONMember($0.key, $0.value.comparableWithFoundation) })
        }
    }
}
