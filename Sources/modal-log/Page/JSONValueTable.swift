import ModalEvents

/// JSON values stored once each, however often they recur: the HTML page's
/// states, where an event changes one modal and every other value of the
/// state is the one before.
///
/// ``values`` is the table: a number, string, boolean or null is itself; an
/// array is `[-1, id, id, ...]` and an object `[shape, id, id, ...]`, the
/// ids being its elements' or members' places in the table and `shape` the
/// place of its member names in ``shapes``. A value is read back from its
/// id by following them (the page's `value(id)`).
///
/// ```swift
/// var table = JSONValueTable()
/// let first = table.id(of: ["a": 1, "b": [1, 2]])
/// let second = table.id(of: ["a": 1, "b": [1, 3]])  // adds 3, [1, 3] and the object
/// ```
struct JSONValueTable {
    /// Each value once, by id: what ``ids`` finds (their storage is shared).
    private var entries: [Key] = []
    /// Each object's member names, once for all the objects that have them.
    private(set) var shapes: [[String]] = []
    private var shapeIDs: [[String]: Int] = [:]
    private var ids: [Key: Int] = [:]

    /// The table, by id, as the page reads it.
    var values: [JSONValue] { values(from: 0) }

    /// How many values the table holds.
    var count: Int { entries.count }

    /// The table from id `start` on, as the page reads it: what it has added since it held `start` values.
    func values(from start: Int) -> [JSONValue] {
        entries[start...].map { entry in
            switch entry {
            case .scalar(let scalar): scalar
            case .composite(let parts): .array(parts.map { .number(JSONNumber($0)) })
            }
        }
    }

    private enum Key: Hashable {
        case scalar(JSONValue)
        /// `[-1, ids...]` for an array, `[shape, ids...]` for an object.
        case composite([Int])
    }

    /// The id of `value` in the table, adding it and what it holds where they are new.
    ///
    /// - Complexity: O(*n*) in the number of values `value` holds.
    mutating func id(of value: JSONValue) -> Int {
        switch value {
        case .array(let elements): id(ofArray: elements.map { id(of: $0) })
        case .object(let members): id(ofObject: members.map(\.key), values: members.map { id(of: $0.value) })
        default: id(of: .scalar(value))
        }
    }

    /// The id of the array whose elements have the ids `elements`.
    mutating func id(ofArray elements: [Int]) -> Int {
        id(of: .composite([-1] + elements))
    }

    /// The id of the object whose members are named `keys` and have the ids `values`.
    ///
    /// - Precondition: `keys` and `values` have the same count.
    mutating func id(ofObject keys: [String], values: [Int]) -> Int {
        precondition(keys.count == values.count, "a value for each key")
        return id(ofObjectShaped: shape(of: keys), values: values)
    }

    /// The id of the object whose member names are the shape `shape`
    /// (``shape(of:)``) and whose members have the ids `values`.
    mutating func id(ofObjectShaped shape: Int, values: [Int]) -> Int {
        id(of: .composite([shape] + values))
    }

    private mutating func id(of key: Key) -> Int {
        if let id = ids[key] { return id }
        entries.append(key)
        ids[key] = entries.count - 1
        return entries.count - 1
    }

    /// The place of the member names `names` in ``shapes``, adding them where they are new.
    mutating func shape(of names: [String]) -> Int {
        if let id = shapeIDs[names] { return id }
        shapes.append(names)
        shapeIDs[names] = shapes.count - 1
        return shapes.count - 1
    }

    /// The value whose id is `id`, as it was added.
    ///
    /// - Precondition: `id` was returned by ``id(of:)``.
    func value(_ id: Int) -> JSONValue {
        switch entries[id] {
        case .scalar(let scalar):
            return scalar
        case .composite(let ids):
            let children = ids.dropFirst().map(value)
            guard ids[0] >= 0 else { return .array(children) }
            return .object(zip(shapes[ids[0]], children).map { JSONMember($0, $1) })
        }
    }
}
