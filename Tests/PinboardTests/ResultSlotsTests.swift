import Dispatch
@testable import Pinboard
@testable import PinboardIO
import Testing

/// Slots filled by concurrent workers: read back in index order, and a slot left empty
/// stops the process instead of shifting every later value to the wrong index.
@Suite("Result slots")
struct ResultSlotsTests {
    @Test("Values filled on many threads come back in index order")
    func valuesInOrder() {
        let slots = ResultSlots<Int>(count: 1000)
        DispatchQueue.concurrentPerform(iterations: 1000) { index in
            slots[index] = index * index
        }
        #expect(slots.values() == (0..<1000).map { $0 * $0 })
    }

    @Test("An empty slot is nil to the subscript")
    func emptySlot() {
        let slots = ResultSlots<String>(count: 3)
        slots[0] = "first"
        #expect(slots[0] == "first")
        #expect(slots[1] == nil)
    }

    @Test("Reading every value with a slot left empty stops the process")
    func valuesWithEmptySlot() async {
        await #expect(processExitsWith: .failure) {
            let slots = ResultSlots<Int>(count: 3)
            slots[0] = 0
            slots[2] = 2
            _ = slots.values()
        }
    }
}
