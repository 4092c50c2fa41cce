/// A fixed row of slots that concurrent workers fill, each writing only its own indices.
///
/// Workers never share an index, so no lock is needed; reading happens after every
/// worker has joined (`concurrentPerform` returns only then).
final class ResultSlots<Value>: @unchecked Sendable {
    private var slots: [Value?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    subscript(index: Int) -> Value? {
        get { slots[index] }
        set { slots.withUnsafeMutableBufferPointer { $0[index] = newValue } }
    }

    /// The filled values in index order; a slot left empty is a bug in the caller.
    func values() -> [Value] {
        slots.compactMap { $0 }
    }
}
