/// A fixed row of slots that concurrent workers fill, each writing only its own indices.
///
/// Workers never share an index, so no lock is needed; reading happens after every
/// worker has joined (`concurrentPerform` returns only then). The slots live in memory
/// allocated once, not in an array: concurrent writes through an array property would
/// race on the array's own storage reference even at distinct indices.
package final class ResultSlots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value?>

    package init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    package subscript(index: Int) -> Value? {
        get { slots[index] }
        set { slots[index] = newValue }
    }

    /// The filled values in index order; a slot left empty is a bug in the caller.
    package func values() -> [Value] {
        slots.compactMap { $0 }
    }
}
