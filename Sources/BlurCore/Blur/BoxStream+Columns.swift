/// A view of some of a full-width `BoxStream`'s columns, for two threads that share one stream
/// (`boxFused(threads: 2)`), each down its own columns.
extension BoxStream {
    /// The stream's rings, sums and zero row from column `columns.lowerBound` on, with row pointer
    /// scratch of its own: run it with a `Strip` of `columns`. Every column's running sums are
    /// the stream's, so the two halves give the pixels of the whole. Free with `deallocateView`.
    func columns(_ columns: Range<Int>) -> BoxStream {
        BoxStream(viewOf: self, from: 4 * columns.lowerBound)
    }

    private init(viewOf whole: BoxStream, from offset: Int) {
        plan = whole.plan
        capacity = whole.capacity
        rings = whole.rings.map { $0 + offset }
        ringRows = whole.ringRows
        sums = whole.sums.map { $0 + offset }
        partialRings = whole.partialRings.map { $0 + offset }
        zero = whole.zero + offset
        window = .allocate(capacity: 2 * (whole.plan.radii.max() ?? 0) + 2)
        rowFloats = whole.rowFloats
        steadyRow = whole.steadyRow
        table = .allocate(capacity: 8 * BoxStream.blockRows)
        streamsOutput = whole.streamsOutput
    }

    /// Frees what `columns` allocated (the rings and sums stay the whole stream's).
    func deallocateView() {
        window.deallocate()
        table.deallocate()
    }
}
