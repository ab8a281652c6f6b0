/// Two `[position][lane]` buffers the passes ping-pong between.
struct BoxScratch {
    let a: UnsafeMutablePointer<Float>
    let b: UnsafeMutablePointer<Float>
    let lanes: Int

    init(plan: BoxPlan, lanes: Int) {
        self.lanes = lanes
        a = PixelMemory.scratch(plan.paddedCount * lanes * 4)
        b = PixelMemory.scratch(plan.paddedCount * lanes * 4)
    }

    func deallocate() {
        a.deallocate()
        b.deallocate()
    }
}
