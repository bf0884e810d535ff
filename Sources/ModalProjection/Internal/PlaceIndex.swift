/// Where each item of a list is, by its name, for a list kept in the order
/// of increasing keys: a table of names to keys, and the keys in the list's
/// order, searched by halving. The owner keeps it beside its list, changing
/// both together.
///
/// - Complexity: O(log *n*) to find an item; O(*n*) to insert or remove one
///   (a move of the keys, as the list's own insert and remove move its items).
struct PlaceIndex<Key: Comparable & Sendable>: Sendable {
    /// The keys, in the list's order: increasing.
    private(set) var keys: [Key]
    private var keysByName: [String: Key]

    /// The index of a list whose items are named `names` and have `keys`, in order.
    ///
    /// - Precondition: `keys` increase and the names are different. Traps otherwise.
    init(names: [String], keys: [Key]) {
        precondition(names.count == keys.count && zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 })
        self.keys = keys
        keysByName = Dictionary(uniqueKeysWithValues: zip(names, keys))
    }

    /// The place of the item named `name`, or `nil`.
    func place(of name: String) -> Int? {
        guard let key = keysByName[name] else { return nil }
        let place = firstPlace { $0 >= key }
        return place < keys.count && keys[place] == key ? place : nil
    }

    /// The first place whose key meets `test`, which holds from some place on; `keys.count` when none does.
    func firstPlace(where test: (Key) -> Bool) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if test(keys[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    mutating func insert(_ name: String, key: Key, at place: Int) {
        keys.insert(key, at: place)
        keysByName[name] = key
    }

    mutating func remove(_ name: String, at place: Int) {
        keys.remove(at: place)
        keysByName[name] = nil
    }
}

/// Where a root's live modals are and how many are in each phase, kept by
/// the reducer beside ``RootState/modals`` (built again when the list is set
/// as a whole), so that an event finds its modal, and the dimming and a
/// queue their answer, without walking the list.
///
/// It holds nothing the list does not say, so any two are equal: a root's
/// equality and hash are its list's.
struct ModalDirectory: Sendable, Hashable {
    /// Above this many modals, links are found through a ``PlaceIndex``; up
    /// to it, a walk of the list is as quick.
    static let walkedCount = 8

    /// Link to place, by the order each modal was presented in; `nil` while the list is short.
    private var places: PlaceIndex<Int>?
    /// The order the next modal presented takes.
    private var nextOrder = 0
    /// How many modals are not dismissing (queued ones included), queued, and nested in a parent.
    private(set) var notDismissing = 0
    private(set) var queued = 0
    private(set) var nested = 0

    init(_ modals: [Modal] = []) {
        for modal in modals { count(modal, by: 1) }
        if modals.count > Self.walkedCount { index(modals) }
    }

    /// How many modals are presenting or presented.
    var showing: Int { notDismissing - queued }

    /// The place of the live modal presented by `link` in `modals` (the list this directory is of).
    func place(of link: String, in modals: [Modal]) -> Int? {
        if let places { return places.place(of: link) }
        // Through a buffer: reading `modals[index]` would copy the whole modal first.
        return modals.withUnsafeBufferPointer { modals in
            for index in modals.indices where modals[index].link == link { return index }
            return nil
        }
    }

    /// Notes `modals`' last modal, just appended.
    mutating func appended(to modals: [Modal]) {
        count(modals[modals.count - 1], by: 1)
        if places != nil {
            places!.insert(modals[modals.count - 1].link, key: nextOrder, at: modals.count - 1)
            nextOrder += 1
        } else if modals.count > Self.walkedCount {
            index(modals)
        }
    }

    /// Notes that the modal at `place` of `modals` goes from phase `old` to `new`.
    mutating func phaseChanged(from old: ModalPhase, to new: ModalPhase) {
        notDismissing += (new == .dismissing ? 0 : 1) - (old == .dismissing ? 0 : 1)
        queued += (new == .queued ? 1 : 0) - (old == .queued ? 1 : 0)
    }

    /// Notes that `modal`, at `place`, is about to leave the list.
    mutating func removing(_ modal: Modal, at place: Int) {
        count(modal, by: -1)
        places?.remove(modal.link, at: place)
    }

    private mutating func count(_ modal: Modal, by step: Int) {
        if modal.phase != .dismissing { notDismissing += step }
        if modal.phase == .queued { queued += step }
        if modal.parent != nil { nested += step }
    }

    /// Finds links through an index from now on: the modals take orders 0, 1, 2, ...
    private mutating func index(_ modals: [Modal]) {
        let links = modals.map(\.link)
        // A list built by hand may name a link twice: it is then walked, finding the first, as before.
        guard Set(links).count == links.count else { return }
        places = PlaceIndex(names: links, keys: Array(0..<modals.count))
        nextOrder = modals.count
    }

    static func == (left: ModalDirectory, right: ModalDirectory) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

/// Where each registered root is, kept by the reducer beside
/// ``ModalState/roots`` (built again when the list is set as a whole), so
/// that an event finds its root, and a registration its place among the
/// roots of its level, without walking the list. Any two are equal, as for
/// ``ModalDirectory``.
struct RootDirectory: Sendable, Hashable {
    /// A root's place in the list: by level, then by registration.
    struct Key: Comparable, Sendable {
        var level: Int
        var order: Int

        static func < (lhs: Key, rhs: Key) -> Bool { (lhs.level, lhs.order) < (rhs.level, rhs.order) }
    }

    /// Root id to place; `nil` while the list is short, or not ordered by
    /// level (a state built by hand, which is then walked).
    private var places: PlaceIndex<Key>?
    /// The order of the next registration.
    private var nextOrder = 0

    init(_ roots: [RootState] = []) {
        if roots.count > ModalDirectory.walkedCount { index(roots) }
    }

    /// The place of root `id` in `roots` (the list this directory is of).
    func place(of id: String, in roots: [RootState]) -> Int? {
        if let places { return places.place(of: id) }
        // Through a buffer: reading `roots[index]` would copy the whole root first.
        return roots.withUnsafeBufferPointer { roots in
            for index in roots.indices where roots[index].id == id { return index }
            return nil
        }
    }

    /// Where a root of `level` registered now goes in `roots`: after every
    /// root of the same or a lower level.
    func place(forLevel level: Int, in roots: [RootState]) -> Int {
        if let places { return places.firstPlace { $0.level > level } }
        return roots.firstIndex { $0.settings.level > level } ?? roots.endIndex
    }

    /// Notes the root just inserted at `place` of `roots`.
    mutating func inserted(at place: Int, of roots: [RootState]) {
        if places != nil {
            places!.insert(roots[place].id, key: Key(level: roots[place].settings.level, order: nextOrder), at: place)
            nextOrder += 1
        } else if roots.count > ModalDirectory.walkedCount {
            index(roots)
        }
    }

    /// Notes that root `id`, at `place`, is about to leave the list.
    mutating func removing(_ id: String, at place: Int) {
        places?.remove(id, at: place)
    }

    private mutating func index(_ roots: [RootState]) {
        let ids = roots.map(\.id)
        guard Set(ids).count == ids.count,
            zip(roots, roots.dropFirst()).allSatisfy({ $0.settings.level <= $1.settings.level })
        else {
            return
        }
        places = PlaceIndex(
            names: ids, keys: roots.indices.map { Key(level: roots[$0].settings.level, order: $0) })
        nextOrder = roots.count
    }

    static func == (left: RootDirectory, right: RootDirectory) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
