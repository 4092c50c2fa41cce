extension Range where Bound == Int {
    /// The first index in the range for which `isPast` holds, or `upperBound` if none does.
    ///
    /// `isPast` must be false for a prefix of the range and true for the rest, as it is for
    /// "ends after y" over tiles stacked in a lane; the search then takes O(log count).
    func partitionPoint(where isPast: (Int) -> Bool) -> Int {
        var low = lowerBound
        var high = upperBound
        while low < high {
            let middle = low + (high - low) / 2
            if isPast(middle) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }
}
