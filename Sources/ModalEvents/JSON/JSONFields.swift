/// A number read for an integer field, from its literal (never through a
/// `Double`): the whole number it writes when an `Int` holds it, or the
/// number as the log writes it (a fraction, a whole number beyond 64 bits).
package enum IntegerReading: Sendable, Hashable {
    case integer(Int)
    case number(JSONNumber)

    /// The integer, or the error for a field that must hold one exactly
    /// (`seq`, a header's `version` and `from`, a state's counts).
    ///
    /// - Throws: `wrongType`, saying whether the number is a fraction or
    ///   one no log holds exactly.
    package func exactly(_ key: String, path: String) throws(EventLogError) -> Int {
        switch self {
        case .integer(let integer):
            return integer
        case .number(let number) where number.isWholeNumber:
            throw EventLogError(
                .wrongType,
                message: "field \"\(path)\(key)\" is \(number), which a log cannot hold exactly: "
                    + "it holds whole numbers from \(Int.min) to \(Int.max)")
        case .number(let number):
            throw EventLogError(
                .wrongType, message: "field \"\(path)\(key)\" must be a whole number, found \(number)")
        }
    }
}

/// Reads typed fields from a JSON object, with errors that name the field.
///
/// `null` counts as absent; a field of the wrong JSON type throws
/// `wrongType`, a required one that is absent throws `missingField`.
package struct JSONFields: Sendable {
    package let members: [JSONMember]
    /// The object's own path, `""` at the top level or `"size."` inside `size`.
    package let path: String

    package init(members: [JSONMember], path: String = "") {
        self.members = members
        self.path = path
    }

    /// Reads the fields of `value`, which must be an object.
    package init(_ value: JSONValue, path: String) throws(EventLogError) {
        guard case .object(let members) = value else {
            let name = path.isEmpty ? "the value" : "\"\(path.dropLast())\""
            throw EventLogError(.wrongType, message: "\(name) must be an object, found \(value.typeDescription)")
        }
        self.init(members: members, path: path)
    }

    /// The value of `key`; `nil` when it is absent or `null`.
    package func any(_ key: String) -> JSONValue? {
        // A plain loop, not `last(where:)`: debug builds (the tests) read many states.
        var index = members.count
        while index > 0 {
            index -= 1
            guard members[index].key == key else { continue }
            if case .null = members[index].value { return nil }
            return members[index].value
        }
        return nil
    }

    package func missing(_ key: String) -> EventLogError {
        Self.missing(key, path: path)
    }

    package func wrongType(_ key: String, expected: String, found value: JSONValue) -> EventLogError {
        Self.wrongType(key, path: path, expected: expected, found: value.typeDescription)
    }

    /// The error for a required field that is absent.
    package static func missing(_ key: String, path: String) -> EventLogError {
        EventLogError(.missingField, message: "missing field \"\(path)\(key)\"")
    }

    /// The error for a field of the wrong JSON type; `found` as
    /// ``JSONValue/typeDescription`` says it.
    package static func wrongType(_ key: String, path: String, expected: String, found: String) -> EventLogError {
        EventLogError(.wrongType, message: "field \"\(path)\(key)\" must be \(expected), found \(found)")
    }

    package func string(_ key: String) throws(EventLogError) -> String? {
        guard let value = any(key) else { return nil }
        guard case .string(let string) = value else { throw wrongType(key, expected: "a string", found: value) }
        return string
    }

    package func requiredString(_ key: String) throws(EventLogError) -> String {
        guard let string = try string(key) else { throw missing(key) }
        return string
    }

    package func requiredBool(_ key: String) throws(EventLogError) -> Bool {
        guard let flag = try bool(key) else { throw missing(key) }
        return flag
    }

    package func requiredArray(_ key: String) throws(EventLogError) -> [JSONValue] {
        guard let value = any(key) else { throw missing(key) }
        guard case .array(let elements) = value else { throw wrongType(key, expected: "an array", found: value) }
        return elements
    }

    package func requiredObject(_ key: String) throws(EventLogError) -> JSONFields {
        guard let object = try object(key) else { throw missing(key) }
        return object
    }

    package func bool(_ key: String) throws(EventLogError) -> Bool? {
        guard let value = any(key) else { return nil }
        guard case .bool(let flag) = value else { throw wrongType(key, expected: "a boolean", found: value) }
        return flag
    }

    package func number(_ key: String) throws(EventLogError) -> Double? {
        guard let value = any(key) else { return nil }
        return try double(from: value, key: key)
    }

    package func requiredNumber(_ key: String) throws(EventLogError) -> Double {
        guard let number = try number(key) else { throw missing(key) }
        return number
    }

    /// The number of `key`, read for an integer field: see ``IntegerReading``.
    package func integer(_ key: String) throws(EventLogError) -> IntegerReading? {
        guard let value = any(key) else { return nil }
        guard case .number(let number) = value else { throw wrongType(key, expected: "a number", found: value) }
        return number.integerValue.map(IntegerReading.integer) ?? .number(number)
    }

    /// A field that must be a whole number a log holds exactly.
    ///
    /// - Throws: `missingField`, or `wrongType` for a number that is not one.
    package func requiredInteger(_ key: String) throws(EventLogError) -> Int {
        guard let reading = try integer(key) else { throw missing(key) }
        return try reading.exactly(key, path: path)
    }

    package func numbers(_ key: String) throws(EventLogError) -> [Double]? {
        guard let value = any(key) else { return nil }
        guard case .array(let elements) = value else {
            throw wrongType(key, expected: "an array of numbers", found: value)
        }
        var numbers: [Double] = []
        numbers.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            numbers.append(try double(from: element, key: "\(key)[\(position)]"))
        }
        return numbers
    }

    package func requiredNumbers(_ key: String) throws(EventLogError) -> [Double] {
        guard let numbers = try numbers(key) else { throw missing(key) }
        return numbers
    }

    package func object(_ key: String) throws(EventLogError) -> JSONFields? {
        guard let value = any(key) else { return nil }
        guard case .object(let members) = value else { throw wrongType(key, expected: "an object", found: value) }
        return JSONFields(members: members, path: "\(path)\(key).")
    }

    package func size(_ key: String) throws(EventLogError) -> Size? {
        guard let size = try object(key) else { return nil }
        return Size(width: try size.requiredNumber("width"), height: try size.requiredNumber("height"))
    }

    private func double(from value: JSONValue, key: String) throws(EventLogError) -> Double {
        guard case .number(let number) = value else { throw wrongType(key, expected: "a number", found: value) }
        // A literal too large for a Double (1e999) is well-formed JSON: it reads as an
        // infinity, which the projection rejects as a value out of range.
        return number.doubleValue
    }
}
