import ModalEvents
import ModalProjection

/// A condition on one step of a log: the state after an event, and the
/// event. What `modal-log bisect --where` looks for; `Docs/Debugging.md`
/// lists the language with examples, and ``ConditionParser`` reads it.
///
///     depth(sheets) >= 2 and not phase(sheets/checkout) == presented
///     source == user and session >= 2 and queued(toasts) > 0
///
/// `and` and `or` hold all their operands in one list, so a long chain
/// (`a or b or c ...`) is one level, not one level per operand: only `not`
/// and brackets nest, and ``ConditionParser`` bounds how deeply
/// (``ConditionParser/maximumDepth``), so checking, printing, comparing and
/// releasing a condition never recurse deeper than that.
indirect enum Condition: Sendable, Equatable, CustomStringConvertible {
    /// Every operand holds; two or more.
    case and([Condition])
    /// One operand holds, or more; two or more.
    case or([Condition])
    case not(Condition)
    /// The event was rejected; with a code, for that reason.
    case rejected(RejectionCode?)
    /// The state breaks one of the projection's invariants.
    case broken
    /// The event is (or is not) of a type.
    case type(EventType, isEqual: Bool)
    /// The event's source is (or is not) a word; `nil` is `none`, an event without one.
    case source(EventSource?, isEqual: Bool)
    /// A modal is (or is not) in a phase; `nil` is `gone`, no live modal.
    case phase(ModalReference, ModalPhase?, isEqual: Bool)
    /// A modal is live.
    case live(ModalReference)
    /// A modal is being dragged.
    case dragging(ModalReference)
    /// A modal is live and a dimming tap or a drag may dismiss it (its top card's `canDismiss`).
    case canDismiss(ModalReference)
    /// A root's shared dimming view shows.
    case dimming(root: String)
    /// A modal's top card shows (or does not show) a content; a modal that is not live shows none.
    case content(ModalReference, String, isEqual: Bool)
    /// A modal is live with (or without) a style; a modal that is not live has none.
    case style(ModalReference, ModalStyle, isEqual: Bool)
    /// A modal is shown and another, drawn above it on the same screen,
    /// hides all of it (``ModalBox``).
    case covered(ModalReference)
    /// A modal is shown with part of it lifted past the top of its root by
    /// the keyboard (``ModalBox``).
    case offscreen(ModalReference)
    /// A number of the state or of the event compared with a constant, with
    /// another number, or (`none`, `==` and `!=` only) with having no value.
    case compare(Quantity, Comparison, Operand)

    /// What a number is compared with.
    enum Operand: Sendable, Equatable, CustomStringConvertible, ExpressibleByIntegerLiteral,
        ExpressibleByFloatLiteral
    {
        case number(Double)
        /// `none`: the number is there but has no value.
        case noValue
        /// Another number, read at the same step.
        case quantity(Quantity)

        init(integerLiteral value: Int) { self = .number(Double(value)) }
        init(floatLiteral value: Double) { self = .number(value) }

        var description: String {
            switch self {
            case .number(let value): JSONNumber.text(value)
            case .noValue: StepFilter.noSource
            case .quantity(let quantity): "\(quantity)"
            }
        }
    }

    /// A number a condition can compare.
    enum Quantity: Sendable, Equatable, CustomStringConvertible {
        /// The live modals of a root: its stack's depth.
        case depth(root: String)
        /// The modals of a root waiting in its queue (phase `queued`).
        case queued(root: String)
        /// The modals of a root that are presented (phase `presented`).
        case presented(root: String)
        /// The cards of a modal's stack.
        case cards(ModalReference)
        /// The snap index a modal rests at.
        case snap(ModalReference)
        /// A modal's drawn position, as a fractional snap index.
        case position(ModalReference)
        /// The height of a modal's top card, in points; `none` when it has none.
        case height(ModalReference)
        /// The keyboard's height.
        case keyboard
        /// How far a root moves up for the keyboard.
        case offset(root: String)
        /// The roots registered.
        case roots
        /// The live modals of every root.
        case modals
        /// The event's seq.
        case seq
        /// The event's time; an event without one has no value.
        case time
        /// The seconds since the last event before it that has a time; an
        /// event without one, or with none before it, has no value.
        case dt
        /// The events rejected so far, this one included.
        case rejections
        /// The session: how many `session.start` events have applied.
        case session

        var description: String {
            switch self {
            case .depth(let root): "depth(\(Condition.quoted(root)))"
            case .queued(let root): "queued(\(Condition.quoted(root)))"
            case .presented(let root): "presented(\(Condition.quoted(root)))"
            case .height(let modal): "height(\(modal))"
            case .cards(let modal): "cards(\(modal))"
            case .snap(let modal): "snap(\(modal))"
            case .position(let modal): "position(\(modal))"
            case .keyboard: "keyboard"
            case .offset(let root): "offset(\(Condition.quoted(root)))"
            case .roots: "roots"
            case .modals: "modals"
            case .seq: "seq"
            case .time: "time"
            case .dt: "dt"
            case .rejections: "rejections"
            case .session: "session"
            }
        }

        /// Whether the quantity can be `none` (`height(MODAL) == none`, `time == none`).
        var canBeNone: Bool {
            switch self {
            case .height, .time, .dt: true
            default: false
            }
        }
    }

    enum Comparison: String, Sendable, CaseIterable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="

        func holds(_ left: Double, _ right: Double) -> Bool {
            switch self {
            case .equal: left == right
            case .notEqual: left != right
            case .less: left < right
            case .lessOrEqual: left <= right
            case .greater: left > right
            case .greaterOrEqual: left >= right
            }
        }
    }

    /// A modal by link, in one root or in any.
    struct ModalReference: Sendable, Equatable, CustomStringConvertible {
        /// The root; `nil` for the first root (bottom to top) where the link is live.
        var root: String?
        var link: String

        /// The live modal this names in `state`.
        func modal(in state: ModalState) -> Modal? {
            if let root { return state.modal(link: link, in: root) }
            for root in state.roots {
                if let modal = root.modal(link: link) { return modal }
            }
            return nil
        }

        var description: String {
            (root.map { Condition.quoted($0) + "/" } ?? "") + Condition.quoted(link)
        }
    }

    /// What a condition is checked against: one step of a replay.
    struct Context {
        var state: ModalState
        var entry: LoggedEvent
        var rejection: Rejection?
        var rejectionCount: Int
        /// The time of the last event before it that has one.
        var previousTime: Double?
    }

    /// Whether the condition holds at `context`. A comparison with a number
    /// that has no value (the cards of a modal that is not live, the time
    /// of an event without one) does not hold; `== none` holds when the
    /// number is there without a value (a live modal whose top card has no
    /// height, an event without a time), `!= none` when it has one.
    func holds(at context: Context) -> Bool {
        switch self {
        case .and(let operands): return operands.allSatisfy { $0.holds(at: context) }
        case .or(let operands): return operands.contains { $0.holds(at: context) }
        case .not(let condition): return !condition.holds(at: context)
        case .rejected(let code):
            guard let rejection = context.rejection else { return false }
            return code.map { $0 == rejection.code } ?? true
        case .broken: return !context.state.invariantViolations().isEmpty
        case .type(let type, let isEqual): return (context.entry.event.type == type) == isEqual
        case .source(let source, let isEqual): return (context.entry.source == source) == isEqual
        case .phase(let modal, let phase, let isEqual):
            return (modal.modal(in: context.state)?.phase == phase) == isEqual
        case .live(let modal): return modal.modal(in: context.state) != nil
        case .dragging(let modal): return modal.modal(in: context.state)?.snap.dragging == true
        case .canDismiss(let modal): return modal.modal(in: context.state)?.canDismiss == true
        case .dimming(let root): return context.state.root(root)?.isDimmingVisible == true
        case .content(let modal, let content, let isEqual):
            return (modal.modal(in: context.state)?.cards.last?.content == content) == isEqual
        case .style(let modal, let style, let isEqual):
            return (modal.modal(in: context.state)?.style == style) == isEqual
        case .covered(let modal): return ModalBox.isCovered(modal, in: context.state)
        case .offscreen(let modal): return ModalBox.isOffscreen(modal, in: context.state)
        case .compare(let quantity, let comparison, .number(let constant)):
            guard let value = quantity.value(at: context) else { return false }
            return comparison.holds(value, constant)
        case .compare(let quantity, let comparison, .quantity(let other)):
            guard let value = quantity.value(at: context), let right = other.value(at: context) else { return false }
            return comparison.holds(value, right)
        case .compare(let quantity, let comparison, .noValue):
            return comparison == .equal ? quantity.isNone(at: context) : quantity.value(at: context) != nil
        }
    }

    var description: String {
        switch self {
        case .and(let operands): operands.map { grouped($0, in: self) }.joined(separator: " and ")
        case .or(let operands): operands.map { grouped($0, in: self) }.joined(separator: " or ")
        case .not(let condition): "not \(grouped(condition, in: self))"
        case .rejected(let code): "rejected" + (code.map { "(\($0.rawValue))" } ?? "")
        case .broken: "broken"
        case .type(let type, let isEqual): "type \(isEqual ? "==" : "!=") \(type.rawValue)"
        case .source(let source, let isEqual):
            "source \(isEqual ? "==" : "!=") \(Condition.quoted(source?.rawValue ?? StepFilter.noSource))"
        case .phase(let modal, let phase, let isEqual):
            "phase(\(modal)) \(isEqual ? "==" : "!=") \(phase?.rawValue ?? StateChange.gone)"
        case .live(let modal): "live(\(modal))"
        case .dragging(let modal): "dragging(\(modal))"
        case .canDismiss(let modal): "canDismiss(\(modal))"
        case .dimming(let root): "dimming(\(Condition.quoted(root)))"
        case .content(let modal, let content, let isEqual):
            "content(\(modal)) \(isEqual ? "==" : "!=") \(Condition.quoted(content))"
        case .style(let modal, let style, let isEqual):
            "style(\(modal)) \(isEqual ? "==" : "!=") \(Condition.quoted(style.rawValue))"
        case .covered(let modal): "covered(\(modal))"
        case .offscreen(let modal): "offscreen(\(modal))"
        case .compare(let quantity, let comparison, let operand): "\(quantity) \(comparison.rawValue) \(operand)"
        }
    }

    /// `part` as written inside `whole`: in brackets when it binds as
    /// loosely or more (an `and` inside an `and` is a group of its own: the
    /// parser reads `a and b and c` as one list of three).
    private func grouped(_ part: Condition, in whole: Condition) -> String {
        func looseness(_ condition: Condition) -> Int {
            switch condition {
            case .or: 2
            case .and: 1
            default: 0
            }
        }
        let needsBrackets: Bool =
            switch whole {
            case .not: looseness(part) > 0
            default: looseness(part) >= looseness(whole) && looseness(part) > 0
            }
        return needsBrackets ? "(\(part))" : "\(part)"
    }

    /// A name as the language reads it back: bare when it can be, else in quotes.
    static func quoted(_ name: String) -> String {
        let bare =
            !name.isEmpty && name.unicodeScalars.allSatisfy(ConditionParser.isNameCharacter)
            && !ConditionParser.keywords.contains(name)
        guard !bare else { return name }
        return JSONValue.string(name).serialized()
    }
}

extension Condition.Quantity {
    /// The number at `context`, or `nil` when it has none.
    func value(at context: Condition.Context) -> Double? {
        switch self {
        case .seq: Double(context.entry.seq)
        case .time: context.entry.time
        case .dt: context.entry.time.flatMap { time in context.previousTime.map { time - $0 } }
        case .rejections: Double(context.rejectionCount)
        default: value(in: context.state)
        }
    }

    /// The number in `state`, or `nil` when it has none; `nil` too for
    /// the event's numbers (seq, time, rejections), which no state holds.
    func value(in state: ModalState) -> Double? {
        switch self {
        case .depth(let root): return Double(state.root(root)?.modals.count ?? 0)
        case .queued(let root):
            return Double(state.root(root)?.modals.count { $0.phase == .queued } ?? 0)
        case .presented(let root):
            return Double(state.root(root)?.modals.count { $0.phase == .presented } ?? 0)
        case .height(let modal):
            if let live = modal.modal(in: state) { return live.cards.last?.height }
            // A name no live modal has, alone: a root's height.
            guard modal.root == nil, let root = state.root(modal.link) else { return nil }
            return root.size.height
        case .cards(let modal): return modal.modal(in: state).map { Double($0.cards.count) }
        case .snap(let modal): return modal.modal(in: state).map { Double($0.snap.index) }
        case .position(let modal): return modal.modal(in: state)?.snap.position
        case .keyboard: return state.keyboard.height
        case .offset(let root): return state.root(root)?.keyboardOffset
        case .roots: return Double(state.roots.count)
        case .modals: return Double(state.roots.reduce(0) { $0 + $1.modals.count })
        case .seq, .time, .dt, .rejections: return nil
        case .session: return Double(state.session)
        }
    }

    /// Whether the quantity is there but has no value: a live modal whose
    /// top card has no height, an event without a time.
    func isNone(at context: Condition.Context) -> Bool {
        switch self {
        case .time: context.entry.time == nil
        case .dt: value(at: context) == nil
        default: isNone(in: context.state)
        }
    }

    /// Whether the quantity is there in `state` but has no value: a live
    /// modal whose top card has no height.
    func isNone(in state: ModalState) -> Bool {
        guard case .height(let modal) = self else { return false }
        return modal.modal(in: state).map { $0.cards.last?.height == nil } ?? false
    }
}
