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

    /// The values in index order.
    ///
    /// - Precondition: every slot is filled. An empty one means a worker never stored its
    ///   value; dropping it would quietly hand every later value to the wrong index.
    package func values() -> [Value] {
        slots.enumerated().map { index, value in
            guard let value else { preconditionFailure("slot \(index) of \(slots.count) was never filled") }
            return value
        }
    }
}
